import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonRow, ComparisonSortKey } from '@cotacoes/shared/schemas/comparison';
import { Fragment, type ReactNode } from 'react';
import { ArrowUpIcon } from '@/components/icons';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { Table } from '@/components/ui/table';
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
  type RowActionsProps,
  RowDestination,
  TotalFigure,
  TransitFigure,
  ValidityFigure,
  Variation,
} from './comparison-row-parts';
import { ariaSort, type ComparisonSort } from './comparison-rows';
import { CarriageLine, hasWarnings, WarningList } from './comparison-warnings';

const t = ui.decisions.comparison;
const columns = t.columns;

/** The carrier column and the actions stay in view while the figures between them scroll sideways. */
const stickyCell = 'sticky left-0 z-10 bg-surface shadow-[1px_0_0_var(--color-border)]';
const stickyEnd = 'sticky right-0 z-10 bg-surface shadow-[-1px_0_0_var(--color-border)]';
// Tight horizontal padding: the eight columns fit the content width of a 1280 px laptop screen.
const headCell = 'px-1 py-2.5 text-left';
const cell = 'px-1 py-3 align-top text-sm text-fg';
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
        className="inline-flex items-center gap-1 rounded-sm text-left font-semibold tracking-wide uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
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
 * The comparison on a laptop: one row per response and destination (carrier, destination, version,
 * status and confidence in the sticky first column), sortable by the spec's three columns (aria-sort,
 * buttons in the headers), the cheapest total and the shortest transit in green with a label, the road
 * cost and the change against the previous version under the totals, fee lines opening below the row.
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
  const withActions = rows.some((row) => canRevise(row) || canApprove(row));
  const columnCount = 7 + (withActions ? 1 : 0);
  return (
    <Table caption={t.caption} scrollLabel={t.caption}>
      <thead className="bg-surface-muted text-xs font-semibold tracking-wide text-fg-muted uppercase">
        <tr>
          <th scope="col" className={cn(headCell, stickyCell, 'bg-surface-muted')}>
            {columns.transportador}
          </th>
          <th scope="col" className={headCell}>
            {columns.frete}
          </th>
          <th scope="col" className={headCell}>
            {columns.taxas}
          </th>
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
            {columns.freeTimeValidade}
          </th>
          {withActions && (
            <th scope="col" className={cn(headCell, stickyEnd, 'bg-surface-muted')}>
              <span className="sr-only">{columns.acoes}</span>
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
                <th
                  scope="row"
                  className={cn(cell, stickyCell, 'w-36 max-w-40 min-w-32 text-left font-normal')}
                >
                  <span className="block font-semibold break-words">{row.transportador.nome}</span>
                  {row.remetenteNaoVerificado && <SenderBadge />}
                  <HeldVersionBadge row={row} />
                  <span className="block font-medium text-fg" data-destino="">
                    <RowDestination row={row} />
                    <CarriedDestination row={row} />
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-fg-muted">
                    <span>{formatMessage(t.version, { versao: row.versao })}</span>
                    <ResponseStatus status={row.status} declinou={row.declinou} />
                    {/* A decline has no figures to be sure of: no confidence, as on its card (QA pass 22). */}
                    {!row.declinou && <ConfidenceBadge value={row.confianca} />}
                  </span>
                  <CompletenessBadges row={row} />
                  <KeptTermsNote row={row} />
                  <CarriageLine row={row} className="mt-1" />
                </th>
                <td className={cell}>
                  <FreightList row={row} />
                  <LaneFlag lane={row.lane} className="mt-1" />
                </td>
                <td className={cell}>
                  <FeeTotals row={row} />
                  {hasFeeLines(row) && (
                    <FeesToggle
                      row={row}
                      withPort={hasSeveralPorts(rows, row)}
                      open={open}
                      controls={feesId}
                      onToggle={onToggleFees}
                      className="mt-1 text-left text-xs hover:underline"
                      iconSize={14}
                    />
                  )}
                </td>
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorCusto && highlightCell)}>
                  <TotalFigure row={row} currency="BRL" className="block font-semibold" />
                  {row.precificada && row.custoRodoviario > 0 && (
                    <span
                      className="block text-xs whitespace-normal text-fg-muted tabular-nums"
                      title={t.roadTitle}
                    >
                      {formatMessage(t.roadIncluded, { valor: money(row.custoRodoviario, 'BRL') })}
                    </span>
                  )}
                  {row.destaque.menorCusto && (
                    <span className="mt-0.5 block">
                      <CheapestTag row={row} />
                    </span>
                  )}
                  <EstimateNote row={row} className="mt-0.5 max-w-48" />
                </td>
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorCusto && highlightCell)}>
                  <TotalFigure row={row} currency="USD" className="block font-semibold" />
                  <Variation row={row} />
                </td>
                <td className={cn(cell, 'whitespace-nowrap', row.destaque.menorPrazo && highlightCell)}>
                  <TransitFigure row={row} />
                  {row.destaque.menorPrazo && (
                    <span className="mt-0.5 block">
                      <HighlightTag kind="fastest" />
                    </span>
                  )}
                </td>
                {/* Free time and validity share a column so that the table fits a laptop screen (1280 px). */}
                <td className={cell}>
                  <span className="block">
                    <span className="sr-only">{columns.freeTime}: </span>
                    <FreeTimeFigure row={row} />
                  </span>
                  <span className="mt-1 block">
                    <span className="block text-xs text-fg-muted">{columns.validade}</span>
                    <ValidityFigure row={row} />
                  </span>
                </td>
                {withActions && (
                  <td className={cn(cell, stickyEnd)}>
                    <RowActions
                      row={row}
                      quoteId={quoteId}
                      onRevise={onRevise}
                      canRevise={canRevise(row)}
                      canApprove={canApprove(row)}
                      stacked
                    />
                  </td>
                )}
              </tr>
              {hasWarnings(row) && (
                <tr data-warnings-of={row.id} className="border-t-0!">
                  <td colSpan={columnCount} className="px-3 pt-0 pb-3">
                    <div className="sticky left-3 max-w-[calc(100vw-4rem)]">
                      <WarningList row={row} />
                    </div>
                  </td>
                </tr>
              )}
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
