import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonLane } from '@cotacoes/shared/schemas/lanes';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatIsoDate, formatMoney } from '@/lib/format';

const t = ui.lanes.rowFlag;
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export const unitLabel = (unidade: string) => ui.lanes.units[unidade] ?? unidade;

/** "22 % acima da mediana de 90 dias, 14 propostas" (or 'Perto da mediana…' within ±15 %). */
export function laneFlagText(lane: ComparisonLane): string {
  const pct = percent.format(lane.flag ? Math.abs(lane.deltaPct) : lane.deltaPct);
  return formatMessage(lane.flag ? t[lane.flag] : t.within, { pct, n: lane.quantidade });
}

/**
 * Issue 36 on a comparison row: the proposal against its lane's 90-day median. The sentence says high or
 * low (the arrow and colour only repeat it); the button opens the points it rests on and a link to the
 * lane. Nothing without a median (fewer than 3 points).
 */
export function LaneFlag({ lane, className }: { lane: ComparisonLane | undefined; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!lane) return null;
  const tone =
    lane.flag === 'acima'
      ? 'bg-danger-soft text-danger-soft-fg'
      : lane.flag === 'abaixo'
        ? 'bg-success-soft text-success-soft-fg'
        : 'bg-surface-muted text-fg-muted';
  const arrow = lane.flag === 'acima' ? '▲ ' : lane.flag === 'abaixo' ? '▼ ' : '';
  return (
    <div className={cn('text-xs', className)} data-lane-flag={lane.flag ?? 'mediana'}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'inline-flex max-w-full items-center gap-1 rounded-md px-1.5 py-0.5 text-left font-medium',
          'focus-visible:outline-2 focus-visible:outline-ring',
          tone,
        )}
      >
        <span aria-hidden="true">{arrow}</span>
        <span className="whitespace-normal">{laneFlagText(lane)}</span>
        <ChevronDownIcon size={12} className={cn('shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div id={panelId} className="mt-1 rounded-md border border-border bg-surface p-2 text-fg shadow-sm">
          <p className="font-medium">
            {formatMessage(t.median, {
              valor: formatMoney(lane.mediana, 'USD'),
              unidade: unitLabel(lane.unidade),
              n: lane.quantidade,
            })}
          </p>
          <p className="mt-1 text-fg-muted">
            {formatMessage(t.tooltipTitle, { unidade: unitLabel(lane.unidade) })}
          </p>
          <ul className="mt-1 space-y-0.5 tabular-nums">
            {lane.pontos.map((point) => (
              <li key={point.id}>
                {formatMessage(t.tooltipPoint, {
                  data: formatIsoDate(point.data, point.data),
                  transportador: point.transportador,
                  valor: formatMoney(point.freteUsd, 'USD'),
                })}
                {point.aprovado && (
                  <span className="ml-1 font-medium text-success-soft-fg">({t.approved})</span>
                )}
              </li>
            ))}
          </ul>
          {/* The lane on this row's unit: a lane page alone opens on its most quoted unit. */}
          <Link
            to={`${paths.lanes.detail.getHref(lane.chave)}?${new URLSearchParams({ unidade: lane.unidade })}`}
            className="mt-2 inline-block text-primary hover:underline"
          >
            {t.openLane}
          </Link>
        </div>
      )}
    </div>
  );
}
