import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { LaneFlag } from '@/features/lanes';
import { SenderBadge } from '@/features/responses';
import { cn } from '@/lib/cn';
import { money } from './comparison-format';
import {
  CarriedDestination,
  CheapestTag,
  CompletenessBadges,
  EstimateNote,
  FeeLines,
  FeesToggle,
  FeeTotals,
  FreeTimeFigure,
  FreightList,
  HeldVersionBadge,
  HighlightTag,
  hasFeeLines,
  hasSeveralPorts,
  KeptTermsNote,
  ResponseStatus,
  RowActions,
  RowDestination,
  TotalFigure,
  TransitFigure,
  ValidityFigure,
  Variation,
} from './comparison-row-parts';
import type { ComparisonTableProps } from './comparison-table';
import { CarriageLine, WarningList } from './comparison-warnings';

const t = ui.decisions.comparison;
const columns = t.columns;

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 text-sm text-fg">{children}</dd>
    </div>
  );
}

/** The comparison on a phone: one card per response and destination, totals first. */
export function ComparisonCards({
  rows,
  expanded,
  onToggleFees,
  canRevise,
  canApprove,
  quoteId,
  onRevise,
}: Omit<ComparisonTableProps, 'sort' | 'onSort'>) {
  return (
    <ul aria-label={t.caption} className="space-y-3">
      {rows.map((row) => {
        const open = expanded.has(row.id);
        const feesId = `fees-card-${row.id}`;
        return (
          <li
            key={row.id}
            data-row={row.id}
            className="rounded-xl border border-border bg-surface p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-fg">{row.transportador.nome}</h3>
                {row.remetenteNaoVerificado && <SenderBadge />}
                <HeldVersionBadge row={row} />
                <p className="text-xs text-fg-muted">
                  <RowDestination row={row} />
                  <CarriedDestination row={row} /> · {formatMessage(t.version, { versao: row.versao })}
                </p>
                <CarriageLine row={row} className="mt-0.5" />
              </div>
              <ResponseStatus status={row.status} declinou={row.declinou} />
            </div>
            <div
              className={cn(
                'mt-3 flex flex-wrap items-end justify-between gap-2 rounded-lg px-3 py-2',
                row.destaque.menorCusto ? 'bg-success-soft/70' : 'bg-surface-muted',
              )}
            >
              <div>
                <p className="text-xs text-fg-muted">{columns.custoTotalBRL}</p>
                <p className={row.precificada ? 'text-lg font-bold text-fg' : 'text-sm'}>
                  <TotalFigure row={row} currency="BRL" />
                </p>
                {row.precificada && (
                  <p className="text-sm text-fg-muted">
                    <TotalFigure row={row} currency="USD" />
                  </p>
                )}
              </div>
              <div className="flex flex-col items-end gap-1">
                <CheapestTag row={row} />
                {row.destaque.menorPrazo && <HighlightTag kind="fastest" />}
                <Variation row={row} />
              </div>
            </div>
            <EstimateNote row={row} className="mt-2" />
            <WarningList row={row} className="mt-3" />
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
              <Item label={columns.frete} wide>
                <FreightList row={row} />
                <LaneFlag lane={row.lane} className="mt-1" />
              </Item>
              <Item label={columns.taxas}>
                <FeeTotals row={row} />
              </Item>
              {row.custoRodoviario > 0 && (
                <Item label={columns.rodoviario}>
                  <span className="tabular-nums">{money(row.custoRodoviario, 'BRL')}</span>
                </Item>
              )}
              <Item label={columns.prazo}>
                <TransitFigure row={row} />
              </Item>
              <Item label={columns.freeTime}>
                <FreeTimeFigure row={row} />
              </Item>
              <Item label={columns.validade}>
                <ValidityFigure row={row} />
              </Item>
              {!row.declinou && (
                <Item label={columns.confianca}>
                  <ConfidenceBadge value={row.confianca} />
                </Item>
              )}
            </dl>
            <CompletenessBadges row={row} />
            <KeptTermsNote row={row} />
            {hasFeeLines(row) && (
              <div className="mt-3">
                <FeesToggle
                  row={row}
                  withPort={hasSeveralPorts(rows, row)}
                  open={open}
                  controls={feesId}
                  onToggle={onToggleFees}
                  className="min-h-8 text-sm"
                  iconSize={16}
                />
                {open && (
                  <div id={feesId} className="mt-2 rounded-lg bg-surface-muted/60 p-3">
                    <FeeLines row={row} />
                  </div>
                )}
              </div>
            )}
            <div className="mt-3 border-t border-border pt-3 empty:hidden">
              <RowActions
                row={row}
                quoteId={quoteId}
                onRevise={onRevise}
                canRevise={canRevise(row)}
                canApprove={canApprove(row)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
