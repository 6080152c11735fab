import { withoutChoiceMarks } from '@cotacoes/shared/comparison/cancelled';
import { hasEuroAmounts } from '@cotacoes/shared/comparison/currency';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { fieldMessages } from '@cotacoes/shared/messages/success';
import { ui } from '@cotacoes/shared/messages/ui';
import { isDeadlinePassed, isFinalStatus, WAITING_STATUSES } from '@cotacoes/shared/rules/quote-status';
import {
  COMPARISON_SORT_KEYS,
  type ComparisonRow,
  type ComparisonSortKey,
} from '@cotacoes/shared/schemas/comparison';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { QuoteDetail } from '@/api/get-quote';
import { quoteComparisonKey } from '@/api/quote-keys';
import { AlertTriangleIcon, ClockIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { isApprovableRow, RevisionModal, type RevisionScope } from '@/features/decisions';
import { useResponses } from '@/features/responses';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMediaQuery } from '@/lib/use-media-query';
import { type Comparison, useComparison } from '../api/get-comparison';
import { ComparisonCards } from './comparison-cards';
import {
  type ComparisonContextValue,
  ComparisonProvider,
  editingKey,
  type FigureRef,
} from './comparison-context';
import { brlRate, dateText, marginText } from './comparison-format';
import {
  type ComparisonSort,
  correctionsIndex,
  DEFAULT_SORT,
  messageIndex,
  messageOf,
  missingFeesOfCarrier,
  missingOfCarrier,
  nextSort,
  revisionPendingOf,
  sortRows,
} from './comparison-rows';
import { SourceDialog } from './comparison-source-dialog';
import { ComparisonTable } from './comparison-table';
import { rememberedMargin, rememberMargin } from './exchange-margin-memory';
import { MarginInput } from './margin-input';
import { parseMargin } from './margin-text';

const t = ui.decisions.comparison;

/** The euro's rate, said only where a row sums a charge in EUR with it. */
function EurRateLine({ taxa }: { taxa: Comparison['taxa'] }) {
  const eur = taxa.eur;
  if (!eur) return null;
  const params = { ptax: brlRate(eur.ptax), margem: marginText(taxa.margem), taxa: brlRate(eur.taxa) };
  return (
    <p className="font-medium tabular-nums text-fg" data-testid="rate-line-eur">
      {eur.fonte === 'fallback' || !eur.dataCotacao
        ? formatMessage(t.rateEurFallbackLine, params)
        : formatMessage(t.rateEurLine, { ...params, data: dateText(eur.dataCotacao) })}
    </p>
  );
}

function RateLine({ taxa, euro }: { taxa: Comparison['taxa']; euro: boolean }) {
  const params = { ptax: brlRate(taxa.ptax), margem: marginText(taxa.margem), taxa: brlRate(taxa.taxa) };
  const fallback = taxa.fonte === 'fallback';
  return (
    <div className="space-y-1 text-sm" data-testid="rate-line">
      <p className="flex flex-wrap items-center gap-2 text-fg">
        <span className="font-medium tabular-nums">
          {fallback || !taxa.dataCotacao
            ? formatMessage(t.rateFallbackLine, params)
            : formatMessage(t.rateLine, { ...params, data: dateText(taxa.dataCotacao) })}
        </span>
        {fallback && (
          <Badge variant="warning">
            <AlertTriangleIcon size={12} />
            {t.rateFallbackBadge}
          </Badge>
        )}
      </p>
      {euro && <EurRateLine taxa={taxa} />}
      <p className="text-xs text-fg-muted">{fallback ? t.rateFallbackHint : t.rateUsedBy}</p>
    </div>
  );
}

/** A new or re-extracted answer changes the table: read it again when the responses move. */
function useRefreshOnNewAnswers(quoteId: string, poll: boolean) {
  const queryClient = useQueryClient();
  const responses = useResponses(quoteId, { poll });
  const signature = responses.data
    ?.map((entry) => `${entry.atual?.id ?? ''}:${entry.atual?.extracao ?? ''}:${entry.status}`)
    .join('|');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signature === undefined) return;
    const before = seen.current;
    seen.current = signature;
    if (before !== undefined && before !== signature)
      void queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) });
  }, [signature, quoteId, queryClient]);
  return responses.data;
}

function TableSkeleton() {
  return (
    <div
      role="status"
      aria-label={t.loading}
      className="space-y-2 rounded-xl border border-border bg-surface p-4"
    >
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-10 animate-pulse rounded bg-surface-muted" />
      ))}
    </div>
  );
}

const dateTimeText = (iso: string) => formatDateTime(iso, ui.common.invalidDate);

/**
 * The 'Comparação' tab's table (spec 001 §2, §9): the exchange margin and the rate every total uses,
 * one row per response and destination, sortable, the best values in green, every figure with its
 * source and an inline correction, 'Revisar' and 'Aprovar' per row, and who has not answered yet.
 */
export function ComparisonSection({ quote }: { quote: QuoteDetail }) {
  const marginId = useId();
  const queryClient = useQueryClient();
  const waiting = (WAITING_STATUSES as readonly string[]).includes(quote.status);
  const ended = isFinalStatus(quote.status) ? quote.status : null;
  const cancelled = quote.status === 'CANCELADA';
  // Past the answer deadline while still waiting: the carriers not heard from are late, still counted if they answer.
  const late = !ended && isDeadlinePassed(quote.prazoResposta);
  const pendingTitle = ended ? t.notAnsweredTitle : late ? t.latePendingTitle : t.pendingTitle;
  const [marginInput, setMarginInput] = useState(() => rememberedMargin(quote.id));
  const typedMargin = parseMargin(marginInput);
  const debouncedMargin = useDebouncedValue(typedMargin, SEARCH_DEBOUNCE_MS);
  // The first load must not wait for the debounce; an invalid margin keeps the last table.
  const margin = typedMargin === null ? null : (debouncedMargin ?? typedMargin);
  const comparison = useComparison(quote.id, margin);
  const entries = useRefreshOnNewAnswers(quote.id, waiting);
  const wide = useMediaQuery('(min-width: 64rem)');

  const [sort, setSort] = useState<ComparisonSort>(DEFAULT_SORT);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [source, setSource] = useState<FigureRef | null>(null);
  const [revision, setRevision] = useState<{ scope: RevisionScope; key: number } | null>(null);
  const revisionKey = useRef(0);

  const corrections = useMemo(() => correctionsIndex(entries), [entries]);
  const messages = useMemo(() => messageIndex(entries), [entries]);
  const received = comparison.data?.linhas;
  const rows = useMemo(
    () => (cancelled ? (received ?? []).map(withoutChoiceMarks) : (received ?? [])),
    [received, cancelled],
  );
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);

  const correctionOf = useCallback(
    (respostaId: string, campo: string | null) =>
      campo ? corrections.get(respostaId)?.get(campo) : undefined,
    [corrections],
  );
  // After the approval the other answers stay correctable (ADR 0018), the approved one not.
  const correctionsOpen = waiting || quote.status === 'APROVADA';
  const approvedIds = useMemo(
    () => new Set(rows.filter((row) => row.status === 'aprovado').map((row) => row.respostaId)),
    [rows],
  );
  const canCorrect = useCallback(
    (respostaId: string) => correctionsOpen && !approvedIds.has(respostaId),
    [correctionsOpen, approvedIds],
  );
  const context: ComparisonContextValue = {
    quoteId: quote.id,
    canCorrect,
    editing,
    startEditing: (figure) => {
      setSource(null);
      setEditing(editingKey(figure.respostaId, figure.campo));
    },
    stopEditing: () => setEditing(null),
    openSource: setSource,
    correctionOf,
  };

  // A carrier that declined sent no proposal: nothing to revise or approve (its row says 'Declinou').
  const canRevise = (row: ComparisonRow) =>
    waiting && !row.declinou && row.status !== 'aprovado' && row.status !== 'reprovado';
  const canApprove = (row: ComparisonRow) => waiting && isApprovableRow(row);
  const onRevise = (row: ComparisonRow) => {
    revisionKey.current += 1;
    setRevision({
      key: revisionKey.current,
      scope: {
        todos: false,
        transportadorId: row.transportadorId,
        nome: row.transportador.nome,
        faltando: missingOfCarrier(rows, row.transportadorId),
        taxas: missingFeesOfCarrier(rows, row.transportadorId),
        pendente: revisionPendingOf(rows, row.transportadorId),
      },
    });
  };
  const toggleFees = (rowId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(rowId)) next.delete(rowId);
      else next.add(rowId);
      return next;
    });

  const marginError = typedMargin === null ? fieldMessages.exchangeMarginInvalid : undefined;
  const tableProps = {
    rows: sorted,
    expanded,
    onToggleFees: toggleFees,
    canRevise,
    canApprove,
    quoteId: quote.id,
    onRevise,
  };

  return (
    <section aria-labelledby="comparison-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h2 id="comparison-title" className="text-base font-semibold text-fg">
            {t.title}
          </h2>
          {comparison.data && (
            <RateLine taxa={comparison.data.taxa} euro={hasEuroAmounts(comparison.data.linhas)} />
          )}
          {comparison.data && marginError && (
            <p
              className="flex items-center gap-1 rounded-md bg-warning-soft px-2 py-1 text-xs font-medium text-warning-soft-fg"
              data-margin-stale=""
            >
              <AlertTriangleIcon size={14} aria-hidden="true" />
              {formatMessage(t.marginStale, { margem: marginText(comparison.data.taxa.margem) })}
            </p>
          )}
        </div>
        <div className="flex items-end gap-3">
          <MarginInput
            id={marginId}
            label={t.marginLabel}
            hint={t.marginHint}
            value={marginInput}
            onValueChange={(text) => {
              setMarginInput(text);
              if (parseMargin(text) !== null) rememberMargin(quote.id, text);
            }}
            error={marginError}
            containerClassName="w-56"
          />
          {comparison.isFetching && !comparison.isPending && (
            <span role="status" className="mb-8 inline-flex items-center gap-1 text-xs text-fg-muted">
              <Spinner size={14} />
              {t.refreshing}
            </span>
          )}
        </div>
      </div>

      {comparison.isPending ? (
        <TableSkeleton />
      ) : comparison.isError && !comparison.data ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{errorText(comparison.error, t.loadError)}</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quote.id) })}
            >
              {t.retry}
            </Button>
          </div>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-sm text-fg-muted">
          {t.empty}
        </p>
      ) : (
        <ComparisonProvider value={context}>
          {cancelled && (
            <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted" data-cancelled-note="">
              {t.cancelledNote}
            </p>
          )}
          {wide ? (
            <ComparisonTable {...tableProps} sort={sort} onSort={(key) => setSort(nextSort(sort, key))} />
          ) : (
            <>
              <SortSelect sort={sort} onChange={setSort} />
              <ComparisonCards {...tableProps} />
            </>
          )}
        </ComparisonProvider>
      )}

      {comparison.data && comparison.data.pendentes.length > 0 && (
        <div className="rounded-xl border border-border bg-surface px-4 py-3">
          {/* Once the quote ended nobody is awaited: the same carriers, said as not having answered. */}
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
            <ClockIcon size={16} className="text-fg-muted" />
            {pendingTitle} ({comparison.data.pendentes.length})
          </h3>
          {ended && <p className="mt-1 text-xs text-fg-muted">{t.notAnsweredHint[ended]}</p>}
          {late && (
            <p className="mt-1 text-xs text-fg-muted">
              {formatMessage(t.latePendingHint, { prazo: dateTimeText(quote.prazoResposta) })}
            </p>
          )}
          <ul aria-label={pendingTitle} className="mt-2 flex flex-wrap gap-2">
            {comparison.data.pendentes.map((pending) => (
              <li key={pending.transportadorId}>
                <Badge variant="neutral">{pending.nome}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      {comparison.data?.naoEntregues && comparison.data.naoEntregues.length > 0 && (
        <div className="rounded-xl border border-danger/40 bg-surface px-4 py-3">
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
            <AlertTriangleIcon size={16} className="text-danger" />
            {t.undeliveredTitle} ({comparison.data.naoEntregues.length})
          </h3>
          <p className="mt-1 text-xs text-fg-muted">{t.undeliveredHint}</p>
          <ul aria-label={t.undeliveredTitle} className="mt-2 space-y-1 text-sm">
            {comparison.data.naoEntregues.map((failed) => (
              <li key={failed.transportadorId} className="break-words text-fg">
                {formatMessage(t.undeliveredItem, { nome: failed.nome, motivo: failed.motivo })}
              </li>
            ))}
          </ul>
        </div>
      )}

      <SourceDialog
        quoteId={quote.id}
        figure={source}
        mensagemId={source ? messageOf(messages, source) : null}
        correction={source ? correctionOf(source.respostaId, source.campo) : undefined}
        canCorrect={source ? canCorrect(source.respostaId) : false}
        onCorrect={context.startEditing}
        onClose={() => setSource(null)}
      />
      {revision && (
        <RevisionModal
          key={revision.key}
          quoteId={quote.id}
          language={quote.idiomaEmail}
          scope={revision.scope}
          onClose={() => setRevision(null)}
        />
      )}
    </section>
  );
}

function SortSelect({ sort, onChange }: { sort: ComparisonSort; onChange: (sort: ComparisonSort) => void }) {
  const id = useId();
  const value = `${sort.key}:${sort.direction}`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t.sortBy}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':') as [ComparisonSortKey, 'asc' | 'desc'];
          onChange({ key, direction });
        }}
        className="h-9 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        {COMPARISON_SORT_KEYS.flatMap((key) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {t.sortLabels[key]} ({direction === 'asc' ? t.sortAsc : t.sortDesc})
            </option>
          )),
        )}
      </select>
    </div>
  );
}
