import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { AlertTriangleIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/*
 * Issue 30 item 4: what a proposal breaks of the request, and how it travels (armador, route,
 * transhipment), on its comparison row, card and approval choice.
 */

const t = ui.warnings;

/** 'Armador MSC · Rota Shanghai → Cartagena → Santos · Transbordo Cartagena'; nothing when none is known. */
export function CarriageLine({ row, className }: { row: ComparisonRow; className?: string }) {
  // An air rate is per chargeable kg: its carrier is an airline, not a shipping line (QA pass 24).
  const air = row.fretes.some((frete) => frete.base === 'pesoTaxado');
  // A revision that named no armador keeps the earlier version's, marked as the figures are (QA pass 42a).
  const armador =
    row.armador && row.armadorVersaoAnterior !== undefined
      ? `${row.armador} (${formatMessage(ui.decisions.comparison.carried, { versao: row.armadorVersaoAnterior })})`
      : row.armador;
  const parts = [
    armador ? [air ? t.companhiaAerea : t.armador, armador] : null,
    row.rota ? [t.rota, row.rota] : null,
    row.transbordo ? [t.transbordo, row.transbordo] : null,
  ].filter((part): part is string[] => part !== null);
  if (parts.length === 0) return null;
  return (
    <span className={cn('block text-xs text-fg-muted', className)} data-carriage="">
      {parts.map(([label, value], index) => (
        <span key={label} className="break-words">
          {index > 0 && ' · '}
          {label} <span className="text-fg">{value}</span>
        </span>
      ))}
    </span>
  );
}

/** The row's warnings as a list, each with an icon and its sentence (colour is never the only sign). */
export function WarningList({ row, className }: { row: ComparisonRow; className?: string }) {
  const alertas = shownWarnings(row);
  if (alertas.length === 0) return null;
  return (
    <ul
      aria-label={`${t.title}: ${row.transportador.nome}${row.destino ? ` (${row.destino})` : ''}`}
      className={cn('space-y-1 text-sm', className)}
      data-warnings=""
    >
      {alertas.map((alerta) => (
        <li
          key={alerta.tipo + alerta.texto}
          className="flex items-start gap-1.5 rounded-md bg-warning-soft px-2 py-1 text-warning-soft-fg"
        >
          <AlertTriangleIcon size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
          <span>{alerta.texto}</span>
        </li>
      ))}
    </ul>
  );
}

/** The row's alerts the screen lists: an unread version has its own badge beside the version (the files list it). */
const shownWarnings = (row: ComparisonRow) =>
  (row.alertas ?? []).filter((alerta) => alerta.tipo !== 'versaoNaoLida');

export const hasWarnings = (row: ComparisonRow) => shownWarnings(row).length > 0;
