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
      className={className}
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

/** 'Tempo de Resposta por Agente de Carga' (spec 000 "Indicators"), plus response rate and monthly chart. */
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
          <SortableHeader field="transportadorNome" sort={sort} onSort={onSort} />
          <TableHeaderCell>{t.columns.email}</TableHeaderCell>
          <SortableHeader field="totalRespostas" sort={sort} onSort={onSort} />
          <TableHeaderCell>{t.columns.taxaResposta}</TableHeaderCell>
          <SortableHeader field="tempoMedioRespostaHoras" sort={sort} onSort={onSort} />
          <SortableHeader field="tempoMinimoRespostaHoras" sort={sort} onSort={onSort} />
          <SortableHeader field="tempoMaximoRespostaHoras" sort={sort} onSort={onSort} />
          <TableHeaderCell>{t.columns.ultimaResposta}</TableHeaderCell>
          <TableHeaderCell>{t.columns.mensal}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.transportadorId}>
            <TableCell className="font-medium">{row.transportadorNome}</TableCell>
            <TableCell className="text-fg-muted">
              <span title={row.transportadorEmail}>{cutEmail(row.transportadorEmail)}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatMessage(t.answersOf, { respostas: row.totalRespostas, total: row.totalCotacoes })}
            </TableCell>
            <TableCell className="tabular-nums">
              {formatMessage(t.rate, { taxa: percent.format(row.taxaResposta) })}
            </TableCell>
            <TableCell>
              <ResponseTimeBadge hours={row.tempoMedioRespostaHoras} />
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatResponseTime(row.tempoMinimoRespostaHoras)}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatResponseTime(row.tempoMaximoRespostaHoras)}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {row.ultimaResposta
                ? formatDate(row.ultimaResposta, ui.common.invalidDate)
                : ui.common.notInformed}
            </TableCell>
            <TableCell>
              <MonthlyChart nome={row.transportadorNome} months={row.mensal} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
