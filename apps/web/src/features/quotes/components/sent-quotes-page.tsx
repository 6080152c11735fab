import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import {
  isWaitingStatus,
  QUOTE_STATUS_INFO,
  type QuoteStatus,
  WAITING_STATUSES,
} from '@cotacoes/shared/rules/quote-status';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { quoteListKey } from '@/api/quote-keys';
import { ArrowLeftIcon, FilePlusIcon, RefreshIcon, SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMediaQuery } from '@/lib/use-media-query';
import { LIST_PAGE_SIZE, type QuoteTab } from '../api/keys';
import { type QuoteSummary, useQuoteCount, useQuoteList } from '../api/list-quotes';
import { rememberListSearch } from './list-return';
import { ListSkeleton } from './list-skeleton';
import { QuoteStatusBadge } from './quote-status-badge';
import { QuotesPagination } from './quotes-pagination';

const t = ui.quotes.list;
const TAB_PARAM = 'tab';
/** The search in the URL: the list opens with it again ('Voltar' from a quote, the browser's back). */
const SEARCH_PARAM = 'busca';
const TABS: readonly QuoteTab[] = ['enviadas', 'finalizadas'];
const COLUMNS = 9;
const WIDE_QUERY = '(min-width: 80rem)';

function TabButton({
  tab,
  selected,
  count,
  onSelect,
  onKeyDown,
  panelId,
}: {
  tab: QuoteTab;
  selected: boolean;
  count: string | undefined;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  panelId: string;
}) {
  return (
    <button
      type="button"
      role="tab"
      id={`${panelId}-tab-${tab}`}
      aria-selected={selected}
      aria-controls={panelId}
      aria-label={count === undefined ? undefined : `${t.tabs[tab]} (${count})`}
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        '-mb-px flex items-center justify-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors sm:justify-start sm:px-4',
        'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        selected
          ? 'border-primary text-primary-soft-fg'
          : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
      )}
    >
      {t.tabs[tab]}
      <span
        className={cn(
          'min-w-6 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
          selected ? 'bg-primary text-primary-fg' : 'bg-surface-muted text-fg-muted',
        )}
      >
        <span aria-hidden="true">{count ?? '–'}</span>
      </span>
    </button>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <tr key={row}>
          {Array.from({ length: COLUMNS }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <td key={cell} className="px-4 py-3">
              <div aria-hidden="true" className="h-4 animate-pulse rounded bg-surface-muted" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function DetailsLink({ quote, className }: { quote: QuoteSummary; className?: string }) {
  return (
    <Link
      to={paths.quotes.detail.getHref(quote.id)}
      aria-label={formatMessage(t.detailsLabel, { codigo: quote.codigo })}
      className={buttonClasses({ variant: 'secondary', size: 'sm', className })}
    >
      {t.details}
    </Link>
  );
}

/** Tighter than the table primitives (`!`: the classes are joined, not merged), and headers may wrap
 * ('Prazo de resposta'), so the nine columns fit a laptop next to the menu. */
const cell = 'px-2! first:pl-4! last:pr-4!';
const header = 'px-2! whitespace-normal! first:pl-4! last:pr-4!';

function QuoteRow({ quote }: { quote: QuoteSummary }) {
  const { respondidas, total } = quote.contadorRespostas;
  return (
    <TableRow>
      <TableCell className={cn(cell, 'font-medium whitespace-nowrap')}>{quote.codigo}</TableCell>
      <TableCell className={cell}>{quote.nomeSolicitante}</TableCell>
      <TableCell className={cn(cell, 'break-words')}>{quote.referenciaProcesso}</TableCell>
      <TableCell className={cn(cell, !quote.fti && 'text-fg-muted')}>
        {quote.fti || ui.quotes.notInformed}
      </TableCell>
      <TableCell className={cn(cell, 'whitespace-nowrap')}>{quote.tipoFrete}</TableCell>
      <TableCell className={cell}>
        <QuoteStatusBadge status={quote.status} className="whitespace-normal" />
      </TableCell>
      <TableCell className={cn(cell, 'tabular-nums whitespace-nowrap')}>
        <span title={formatMessage(t.answersLabel, { respondidas, total })}>
          {formatMessage(t.answers, { respondidas, total })}
        </span>
      </TableCell>
      <TableCell className={cn(cell, 'whitespace-nowrap')}>
        {formatDate(quote.prazoResposta, ui.common.invalidDate)}
      </TableCell>
      <TableCell className={cell}>
        <DetailsLink quote={quote} className="px-2.5!" />
      </TableCell>
    </TableRow>
  );
}

/** A quote on narrow screens: the same columns as label and value, the action at the bottom. */
function QuoteCard({ quote }: { quote: QuoteSummary }) {
  const { respondidas, total } = quote.contadorRespostas;
  const columns = t.columns;
  const field = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm break-words text-fg">{value}</dd>
    </div>
  );
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-fg">{quote.codigo}</h3>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {field(columns.solicitante, quote.nomeSolicitante)}
        {field(columns.referencia, quote.referenciaProcesso)}
        {field(columns.fti, quote.fti || ui.quotes.notInformed)}
        {field(columns.tipo, quote.tipoFrete)}
        {field(columns.respostas, formatMessage(t.answersLabel, { respondidas, total }))}
        {field(columns.prazo, formatDate(quote.prazoResposta, ui.common.invalidDate))}
      </dl>
      <DetailsLink quote={quote} className="mt-3 w-full" />
    </li>
  );
}

/**
 * 'Relatório de Cotações' (spec 001 §2, /sent-quotes): the two tabs with their counts, debounced search
 * and status filter, the table, pagination of 10 and a refresh that ignores the 30 s cache.
 */
export function SentQuotesPage() {
  const [params, setParams] = useSearchParams();
  const tab: QuoteTab = params.get(TAB_PARAM) === 'finalizadas' ? 'finalizadas' : 'enviadas';
  const queryClient = useQueryClient();
  const panelId = useId();
  const filtersId = useId();
  const [showFilters, setShowFilters] = useState(true);
  const [search, setSearch] = useState(() => params.get(SEARCH_PARAM) ?? '');
  // A link may open the list filtered (the dashboard's cards: /sent-quotes?status=…).
  const [status, setStatus] = useState<QuoteStatus | ''>(() => {
    const initial = params.get('status') ?? '';
    return isWaitingStatus(initial) ? initial : '';
  });
  // …or with past deadlines only (the dashboard's 'Vencidas - Aguardando Aprovação': ?vencidas=true).
  const [overdue, setOverdue] = useState(() => params.get('vencidas') === 'true');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The status and deadline filters apply to the waiting quotes: the 'enviadas' tab.
  const statusFilter = tab === 'enviadas' && status ? status : undefined;
  const overdueFilter = tab === 'enviadas' && overdue;
  const filterKey = `${tab}|${debounced}|${statusFilter ?? ''}|${overdueFilter}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  // Another filter starts on page 1, and so does going back to an earlier one (QA pass 10: clearing a
  // search went back to the page the unfiltered list was on before it).
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const list = useQuoteList({
    tab,
    page,
    limit: LIST_PAGE_SIZE,
    search: debounced || undefined,
    status: statusFilter,
    vencidas: overdueFilter || undefined,
  });
  const counts = { enviadas: useQuoteCount('enviadas'), finalizadas: useQuoteCount('finalizadas') };
  const totalPages = list.data?.totalPages ?? 0;
  const filtered = Boolean(debounced || statusFilter || overdueFilter);
  const canClear = Boolean(search || status || overdue);

  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPaging({ key: filterKey, page: totalPages });
  }, [totalPages, page, filterKey]);

  // The search goes into the URL once typing stops (QA pass 40c: 'Voltar' from a quote lost it; the
  // browser's back keeps it too).
  useEffect(() => {
    if ((params.get(SEARCH_PARAM) ?? '') === debounced) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (debounced) updated.set(SEARCH_PARAM, debounced);
        else updated.delete(SEARCH_PARAM);
        return updated;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);
  // Leaving, the list's address is kept for 'Voltar' of a quote, with the search as typed (also one still
  // being typed when a quote was opened).
  const leaving = useRef({ params, search });
  leaving.current = { params, search };
  useEffect(
    () => () => {
      const updated = new URLSearchParams(leaving.current.params);
      const typed = leaving.current.search.trim();
      if (typed) updated.set(SEARCH_PARAM, typed);
      else updated.delete(SEARCH_PARAM);
      rememberListSearch(updated.toString());
    },
    [],
  );

  function selectTab(next: QuoteTab) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'finalizadas') updated.set(TAB_PARAM, next);
        else updated.delete(TAB_PARAM);
        return updated;
      },
      { replace: true },
    );
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[target]!;
    selectTab(next);
    document.getElementById(`${panelId}-tab-${next}`)?.focus();
  }

  function refresh() {
    // Refetches the visible page and both counters whatever their age (spec 001 §2).
    void queryClient.invalidateQueries({ queryKey: quoteListKey });
  }

  function clearFilters() {
    setSearch('');
    setStatus('');
    setOverdue(false);
  }

  const refreshing = list.isFetching && !list.isPending;
  // The table needs a laptop's width; phones and tablets get one card per quote.
  const wide = useMediaQuery(WIDE_QUERY);
  const empty = filtered ? t.emptyFiltered : tab === 'enviadas' ? t.emptyActive : t.emptyFinished;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageTitle title={t.title} />
      <PageHeader
        title={t.title}
        description={t.subtitle}
        className="mb-0"
        actions={
          <>
            <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              <ArrowLeftIcon size={16} />
              {t.back}
            </Link>
            <Button variant="secondary" onClick={refresh} loading={refreshing} loadingText={t.refreshing}>
              <RefreshIcon size={16} />
              {t.refresh}
            </Button>
            <Link to={paths.quotes.new.getHref()} className={buttonClasses()}>
              <FilePlusIcon size={16} />
              {t.newQuote}
            </Link>
          </>
        }
      />

      <div
        role="tablist"
        aria-label={t.tabsLabel}
        className="grid grid-cols-2 gap-1 border-b border-border sm:flex"
      >
        {TABS.map((item) => (
          <TabButton
            key={item}
            tab={item}
            selected={item === tab}
            count={
              counts[item].data &&
              (counts[item].data.limited ? `${counts[item].data.total}+` : String(counts[item].data.total))
            }
            onSelect={() => selectTab(item)}
            onKeyDown={onTabKeyDown}
            panelId={panelId}
          />
        ))}
      </div>

      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-tab-${tab}`} className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showFilters}
            aria-controls={filtersId}
            onClick={() => setShowFilters((value) => !value)}
          >
            <SearchIcon size={16} />
            {showFilters ? t.hideFilters : t.showFilters}
          </Button>
          <Button variant="ghost" size="sm" onClick={clearFilters} disabled={!canClear}>
            {t.clearFilters}
          </Button>
        </div>
        <div id={filtersId} hidden={!showFilters} data-tour="sent-quotes-filters">
          <Card className="p-4">
            <search className="grid gap-3 md:grid-cols-[1fr_16rem]">
              <Input
                label={t.searchLabel}
                type="search"
                placeholder={t.searchPlaceholder}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
              />
              {tab === 'enviadas' && (
                <Select
                  label={t.statusFilter}
                  value={status}
                  placeholder={t.statusAll}
                  options={WAITING_STATUSES.map((value) => ({
                    value,
                    label: QUOTE_STATUS_INFO[value].label,
                  }))}
                  onChange={(event) => setStatus(event.target.value as QuoteStatus | '')}
                />
              )}
              {tab === 'enviadas' && (
                <Checkbox
                  label={t.overdueOnly}
                  checked={overdue}
                  onChange={(event) => setOverdue(event.target.checked)}
                  className="md:col-span-2"
                />
              )}
            </search>
          </Card>
        </div>

        {list.isError && <Alert variant="error">{errorText(list.error, t.loadError)}</Alert>}

        {!list.isError && !wide && (
          <>
            {list.isPending && <ListSkeleton />}
            {list.isSuccess && list.data.data.length === 0 && (
              <Card className="px-4 py-10 text-center text-sm text-fg-muted">{empty}</Card>
            )}
            {list.isSuccess && list.data.data.length > 0 && (
              <ul
                aria-label={t.tableCaption}
                aria-busy={list.isPlaceholderData || undefined}
                className="grid gap-3 md:grid-cols-2"
              >
                {list.data.data.map((quote) => (
                  <QuoteCard key={quote.id} quote={quote} />
                ))}
              </ul>
            )}
          </>
        )}

        {!list.isError && wide && (
          <Table caption={t.tableCaption} scrollLabel={t.tableCaption}>
            <TableHead className="tracking-normal!">
              <tr>
                <TableHeaderCell className={header}>{t.columns.codigo}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.solicitante}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.referencia}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.fti}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.tipo}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.status}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.respostas}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.prazo}</TableHeaderCell>
                <TableHeaderCell className={header}>{t.columns.acoes}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody aria-busy={list.isPending || list.isPlaceholderData || undefined}>
              {list.isPending && <SkeletonRows />}
              {list.isSuccess && list.data.data.length === 0 && (
                <TableEmpty colSpan={COLUMNS}>{empty}</TableEmpty>
              )}
              {list.isSuccess && list.data.data.map((quote) => <QuoteRow key={quote.id} quote={quote} />)}
            </TableBody>
          </Table>
        )}
        {list.isPending && wide && (
          <p role="status" className="sr-only">
            {ui.common.loading}
          </p>
        )}

        {list.isSuccess && (
          <QuotesPagination
            page={page}
            totalPages={totalPages}
            total={list.data.total}
            limited={list.data.totalLimitado === true}
            pageSize={LIST_PAGE_SIZE}
            disabled={list.isPlaceholderData}
            onPageChange={(next) => setPaging({ key: filterKey, page: next })}
          />
        )}
      </div>
    </div>
  );
}
