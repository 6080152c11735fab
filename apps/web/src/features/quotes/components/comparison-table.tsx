import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonRow, ComparisonSortKey } from '@cotacoes/shared/schemas/comparison';
import { Fragment, type ReactNode } from 'react';
import { ArrowUpIcon, ChevronDownIcon } from '@/components/icons';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { Table } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { money } from './comparison-format';
import {
  FeeLines,
  FeeTotals,
  FreeTimeFigure,
  FreightList,
  HighlightTag,
  ResponseStatus,
  RowActions,
  type RowActionsProps,
  TransitFigure,
  ValidityFigure,
  Variation,
} from './comparison-row-parts';
import { ariaSort, type ComparisonSort } from './comparison-rows';

const t = ui.decisions.comparison;
const columns = t.columns;

/** The carrier column stays in view while the table scrolls sideways. */
const stickyCell = 'sticky left-0 z-10 bg-surface shadow-[1px_0_0_var(--color-border)]';
const headCell = 'px-3 py-2.5 text-left whitespace-nowrap';
const cell = 'px-3 py-3 align-top text-sm text-fg';
const highlightCell = 'bg-success-soft/70';

function SortHeader({
  sortKey,
  sort,
  onSort,
  children,
}: {
  sortKey: ComparisonSortKey;
  sort: ComparisonSort;
  onSort: (key: ComparisonSortKey) => void;
  children: ReactNode;
}) {
  const state = ariaSort(sort, sortKey);
  return (
    <th scope="col" aria-sort={state} className={headCell}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded-sm font-semibold tracking-wide uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        {children}
        <ArrowUpIcon
          size={14}
          className={cn(
            'transition-transform',
            state === 'none' ? 'opacity-30' : 'text-primary-soft-fg',
            state === 'descending' && 'rotate-180',
          )}
        />
        <span className="sr-only">{formatMessage(t.sortButton, { coluna: t.sortLabels[sortKey] })}</span>
      </button>
    </th>
  );
}

export interface ComparisonTableProps extends Pick<RowActionsProps, 'quoteId' | 'onRevise'> {
  rows: readonly ComparisonRow[];
  sort: ComparisonSort;
  onSort: (key: ComparisonSortKey) => void;
  expanded: ReadonlySet<string>;
  onToggleFees: (rowId: string) => void;
  canRevise: (row: ComparisonRow) => boolean;
  canApprove: (row: ComparisonRow) => boolean;
}

/**
 * The comparison on a laptop: one row per response and destination, sortable by the spec's three
 * columns (aria-sort, buttons in the headers), the cheapest total and the shortest transit in green with
 * a label, fee lines opening below their row.
 */
export function ComparisonTable({
  rows,
  sort,
  onSort,
  expanded,
  onToggleFees,
  canRevise,
  canApprove,
  quoteId,
  onRevise,
}: ComparisonTableProps) {
  const withRoad = rows.some((row) => row.custoRodoviario > 0);
  const withActions = rows.some((row) => canRevise(row) || canApprove(row));
  const columnCount = 12 + (withRoad ? 1 : 0) + (withActions ? 1 : 0);
  return (
    <Table caption={t.caption} scrollLabel={t.caption}>
      <thead className="bg-surface-muted text-xs font-semibold tracking-wide text-fg-muted uppercase">
        <tr>
          <th scope="col" className={cn(headCell, stickyCell, 'bg-surface-muted')}>
            {columns.transportador}
          </th>
          <th scope="col" className={headCell}>
            {columns.destino}
          </th>
          <th scope="col" className={headCell}>
            {columns.frete}
          </th>
          <th scope="col" className={headCell}>
            {columns.taxas}
          </th>
          {withRoad && (
            <th scope="col" className={headCell} title={t.roadTitle}>
              {columns.rodoviario}
            </th>
          )}
          <SortHeader sortKey="custoTotalBRL" sort={sort} onSort={onSort}>
            {columns.custoTotalBRL}
          </SortHeader>
          <SortHeader sortKey="custoTotalUSD" sort={sort} onSort={onSort}>
            {columns.custoTotalUSD}
          </SortHeader>
          <SortHeader sortKey="prazo" sort={sort} onSort={onSort}>
            {columns.prazo}
          </SortHeader>
          <th scope="col" className={headCell}>
            {columns.freeTime}
          </th>
          <th scope="col" className={headCell}>
            {columns.validade}
          </th>
          <th scope="col" className={headCell}>
            {columns.confianca}
          </th>
          <th scope="col" className={headCell}>
            {columns.variacao}
          </th>
          <th scope="col" className={headCell}>
            {columns.status}
          </th>
          {withActions && (
            <th scope="col" className={headCell}>
              {columns.acoes}
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => {
          const open = expanded.has(row.id);
          const feesId = `fees-${row.id}`;
          return (
            <Fragment key={row.id}>
              <tr data-row={row.id} className="hover:bg-surface-muted/40">
                <th scope="row" className={cn(cell, stickyCell, 'max-w-48 min-w-36 text-left font-normal')}>
                  <span className="block font-semibold break-words">{row.transportador.nome}</span>
                  <span className="text-xs text-fg-muted">
                    {formatMessage(t.version, { versao: row.versao })}
                  </span>
                </th>
                <td className={cn(cell, 'min-w-24')}>
                  {row.destino ?? <span className="text-fg-muted">{t.noDestination}</span>}
                </td>
                <td className={cell}>
                  <FreightList row={row} />
                </td>
                <td className={cell}>
                  <FeeTotals row={row} />
                  {row.taxas.length > 0 && (
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={open ? feesId : undefined}
                      onClick={() => onToggleFees(row.id)}
                      className="mt-1 inline-flex items-center gap-1 rounded-sm text-xs font-medium whitespace-nowrap text-primary-soft-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <ChevronDownIcon
                        size={14}
                        className={cn('transition-transform', open && 'rotate-180')}
                      />
                      {open ? t.feesToggleHide : formatMessage(t.feesToggle, { count: row.taxas.length })}
                    </button>
                  )}
                </td>
                {withRoad && (
                  <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>
                    {row.custoRodoviario > 0 ? money(row.custoRodoviario, 'BRL') : '—'}
                  </td>
                )}
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorCusto && highlightCell)}>
                  <span className="block font-semibold tabular-nums">{money(row.custoTotalBRL, 'BRL')}</span>
                  {row.destaque.menorCusto && <HighlightTag kind="cheapest" />}
                </td>
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorCusto && highlightCell)}>
                  <span className="block font-semibold tabular-nums">{money(row.custoTotalUSD, 'USD')}</span>
                </td>
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorPrazo && highlightCell)}>
                  <TransitFigure row={row} />
                  {row.destaque.menorPrazo && (
                    <span className="mt-0.5 block">
                      <HighlightTag kind="fastest" />
                    </span>
                  )}
                </td>
                <td className={cn(cell, 'whitespace-nowrap')}>
                  <FreeTimeFigure row={row} />
                </td>
                <td className={cn(cell, 'whitespace-nowrap')}>
                  <ValidityFigure row={row} />
                </td>
                <td className={cell}>
                  <ConfidenceBadge value={row.confianca} />
                </td>
                <td className={cell}>
                  <Variation row={row} />
                </td>
                <td className={cell}>
                  <ResponseStatus status={row.status} />
                </td>
                {withActions && (
                  <td className={cell}>
                    <RowActions
                      row={row}
                      quoteId={quoteId}
                      onRevise={onRevise}
                      canRevise={canRevise(row)}
                      canApprove={canApprove(row)}
                    />
                  </td>
                )}
              </tr>
              {open && (
                <tr id={feesId} className="bg-surface-muted/40">
                  <td colSpan={columnCount} className="px-3 py-3">
                    <div className="sticky left-3 max-w-[calc(100vw-4rem)]">
                      <FeeLines row={row} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
