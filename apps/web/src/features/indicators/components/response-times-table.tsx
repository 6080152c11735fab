import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ResponseTimeRecord, ResponseTimeSortField } from '@cotacoes/shared/schemas/dashboard';
import { ChevronDownIcon } from '@/components/icons';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { cutEmail, formatResponseTime, LEVEL_CLASSES, responseTimeLevel } from '../lib/response-time';
import type { SortState } from '../lib/sort';
import { MonthlyChart } from './monthly-chart';

const t = ui.indicators;
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
/** Eight columns on a laptop's width: a little less padding than the default cells. */
const tight = 'px-3!';
/** The carrier's name stays in view while the figures scroll sideways (a phone's width). */
const sticky = 'sticky left-0 z-10 bg-surface shadow-[1px_0_0_var(--color-border)]';

function SortableHeader({
  field,
  sort,
  onSort,
  className,
}: {
  field: ResponseTimeSortField;
  sort: SortState | null;
  onSort: (field: ResponseTimeSortField) => void;
  className?: string;
}) {
  const active = sort?.field === field;
  const label = t.columns[field];
  return (
    <TableHeaderCell
      aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(tight, className)}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        title={formatMessage(t.sortBy, { coluna: label })}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-ring',
          active && 'text-fg',
        )}
      >
        {label}
        <ChevronDownIcon
          size={14}
          aria-hidden="true"
          className={cn(
            'transition-transform',
            !active && 'opacity-30',
            active && sort?.direction === 'asc' && 'rotate-180',
          )}
        />
      </button>
    </TableHeaderCell>
  );
}

export function ResponseTimeBadge({ hours }: { hours: number | null }) {
  const level = responseTimeLevel(hours);
  return (
    <span
      data-level={level}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        LEVEL_CLASSES[level],
      )}
    >
      {formatResponseTime(hours)}
    </span>
  );
}

/**
 * 'Tempo de Resposta por Agente de Carga' (spec 000 "Indicators"); beyond the spec, the response rate under
 * the responses and the monthly chart under the average.
 */
export function ResponseTimesTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly ResponseTimeRecord[];
  sort: SortState | null;
  onSort: (field: ResponseTimeSortField) => void;
}) {
  return (
    <Table caption={t.tableTitle} scrollLabel={t.tableTitle}>
      <TableHead>
        <tr>
          <SortableHeader
            field="transportadorNome"
            sort={sort}
            onSort={onSort}
            className={cn(sticky, 'bg-surface-muted')}
          />
          {/* On a phone the e-mail goes under the name: the figures stay in view (QA pass 43a). */}
          <TableHeaderCell className={cn(tight, 'hidden md:table-cell')}>{t.columns.email}</TableHeaderCell>
          <SortableHeader field="totalRespostas" sort={sort} onSort={onSort} />
          <SortableHeader field="tempoMedioRespostaHoras" sort={sort} onSort={onSort} />
          <SortableHeader field="tempoMinimoRespostaHoras" sort={sort} onSort={onSort} />
          <SortableHeader field="tempoMaximoRespostaHoras" sort={sort} onSort={onSort} />
          <TableHeaderCell className={tight}>{t.columns.ultimaResposta}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.transportadorId}>
            <TableCell className={cn(tight, sticky, 'max-w-36 font-medium break-words sm:max-w-none')}>
              {row.transportadorNome}
              <span className="block text-xs font-normal break-all text-fg-muted md:hidden">
                {cutEmail(row.transportadorEmail)}
              </span>
            </TableCell>
            <TableCell className={cn(tight, 'hidden whitespace-nowrap text-fg-muted md:table-cell')}>
              <span title={row.transportadorEmail}>{cutEmail(row.transportadorEmail)}</span>
            </TableCell>
            {/* relative: the rate's screen-reader label (absolute) stays inside the scrolling table. */}
            <TableCell className={cn(tight, 'relative whitespace-nowrap tabular-nums')}>
              {formatMessage(t.answersOf, { respostas: row.totalRespostas, total: row.totalCotacoes })}
              {row.totalCotacoes > 0 && (
                <span className="block text-xs text-fg-muted">
                  <span className="sr-only">{t.columns.taxaResposta}: </span>
                  {formatMessage(t.rate, { taxa: percent.format(row.taxaResposta) })}
                </span>
              )}
              {(row.respostasAposPrazo ?? 0) > 0 && (
                <span className="block text-xs text-warning-soft-fg" title={t.lateHint}>
                  {row.respostasAposPrazo === 1
                    ? t.lateOne
                    : formatMessage(t.lateMany, { n: row.respostasAposPrazo ?? 0 })}
                </span>
              )}
              {(row.aguardandoNoPrazo ?? 0) > 0 && (
                <span className="block text-xs text-fg-muted" title={t.waitingHint}>
                  {row.aguardandoNoPrazo === 1
                    ? t.waitingOne
                    : formatMessage(t.waitingMany, { n: row.aguardandoNoPrazo ?? 0 })}
                </span>
              )}
            </TableCell>
            <TableCell className={tight}>
              <ResponseTimeBadge hours={row.tempoMedioRespostaHoras} />
              <span className="mt-1.5 block">
                <MonthlyChart nome={row.transportadorNome} months={row.mensal} />
              </span>
            </TableCell>
            <TableCell className={cn(tight, 'tabular-nums')}>
              {formatResponseTime(row.tempoMinimoRespostaHoras)}
            </TableCell>
            <TableCell className={cn(tight, 'tabular-nums')}>
              {formatResponseTime(row.tempoMaximoRespostaHoras)}
            </TableCell>
            <TableCell className={tight}>
              {row.ultimaResposta
                ? formatDate(row.ultimaResposta, ui.common.invalidDate)
                : ui.common.notInformed}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
