import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { INDICATORS_PAGE_SIZE, type ResponseTimeSortField } from '@cotacoes/shared/schemas/dashboard';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, DownloadIcon, XIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { UpdatedAt } from '@/components/ui/updated-at';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useExportResponseTimes } from '../api/export-response-times';
import { useResponseTimeCarriers, useResponseTimes } from '../api/get-response-times';
import { currentYear, defaultRange, type MonthRange, rangeDates } from '../lib/period';
import { LEVEL_CLASSES } from '../lib/response-time';
import { nextSort, type SortState } from '../lib/sort';
import { PeriodSlider } from './period-slider';
import { ResponseTimesTable } from './response-times-table';

const t = ui.indicators;

interface Filters {
  range: MonthRange;
  transportadorId: string;
}

const initialFilters = (): Filters => ({ range: defaultRange(), transportadorId: '' });

/**
 * 'Indicadores de Performance' (spec 000 "Indicators (/indicadores)"): the period and carrier filters
 * (applied with 'Aplicar Filtros', reset with 'Limpar'), the sortable table of 10 carriers a page, and
 * beyond the spec the response rate, a monthly chart per carrier and the CSV export.
 */
export function IndicatorsPage() {
  const [draft, setDraft] = useState<Filters>(initialFilters);
  const [applied, setApplied] = useState<Filters>(initialFilters);
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const period = rangeDates(applied.range);
  const params = {
    page,
    limit: INDICATORS_PAGE_SIZE,
    ...period,
    transportadorId: applied.transportadorId || undefined,
    sortField: sort?.field,
    sortDirection: sort?.direction,
  };
  const query = useResponseTimes(params);
  // The carrier filter lists the carriers of the loaded period (fetched once per period, not per page).
  const carrierList = useResponseTimeCarriers(period);
  const exportCsv = useExportResponseTimes();
  const data = query.data;

  useEffect(() => {
    // Once per failed load (each has its own time).
    if (query.isError && query.errorUpdatedAt > 0) showToast({ variant: 'error', message: t.loadError });
  }, [query.isError, query.errorUpdatedAt]);

  // The carrier list is the period's; a chosen carrier stays offered when another period lacks it.
  const knownNames = useRef(new Map<string, string>());
  const carriers = carrierList.data ?? [];
  for (const carrier of carriers) knownNames.current.set(carrier.id, carrier.nome);
  const carrierOptions = [
    { value: '', label: t.allCarriers },
    ...carriers.map((carrier) => ({ value: carrier.id, label: carrier.nome })),
  ];
  for (const id of new Set([draft.transportadorId, applied.transportadorId]))
    if (id && !carriers.some((carrier) => carrier.id === id))
      carrierOptions.push({ value: id, label: knownNames.current.get(id) ?? id });

  function apply() {
    setApplied(draft);
    setPage(1);
  }
  function clear() {
    const reset = initialFilters();
    setDraft(reset);
    setApplied(reset);
    setPage(1);
  }
  function onSort(field: ResponseTimeSortField) {
    setSort((current) => nextSort(current, field));
    setPage(1);
  }
  function onExport() {
    const { page: _page, limit: _limit, ...filters } = params;
    exportCsv.mutate(filters, {
      onError: (error) => showToast({ variant: 'error', message: errorText(error, t.loadError) }),
    });
  }

  return (
    <>
      <PageTitle title={t.title} />
      <div className="mb-4">
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeftIcon size={16} />
          {t.back}
        </Link>
      </div>
      <PageHeader title={t.title} description={t.subtitle} />

      <Card className="p-4 sm:p-6">
        <h2 className="sr-only">{t.filters}</h2>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <PeriodSlider
            value={draft.range}
            onChange={(range) => setDraft((current) => ({ ...current, range }))}
            maxYear={currentYear()}
          />
          <div className="flex flex-col gap-3">
            <Select
              label={t.carrier}
              options={carrierOptions}
              value={draft.transportadorId}
              onChange={(event) =>
                setDraft((current) => ({ ...current, transportadorId: event.target.value }))
              }
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={apply}>{t.apply}</Button>
              <Button variant="secondary" onClick={clear}>
                {t.clear}
              </Button>
            </div>
            <p aria-live="polite" className="text-xs text-warning-soft-fg">
              {JSON.stringify(draft) !== JSON.stringify(applied) ? t.notApplied : ''}
            </p>
          </div>
        </div>
      </Card>

      <section aria-labelledby="indicators-table-title" className="mt-6 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="indicators-table-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            {t.tableTitle}
            {query.isFetching && !query.isPending && <Spinner size={16} className="text-primary" />}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            onClick={onExport}
            disabled={!data || data.total === 0 || exportCsv.isPending}
          >
            <DownloadIcon size={16} />
            {t.exportCsv}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-fg-muted">
          <span>{t.legend}</span>
          {(['fast', 'medium', 'slow'] as const).map((level) => (
            <span
              key={level}
              className={`rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${LEVEL_CLASSES[level]}`}
            >
              {t.levels[level]}
            </span>
          ))}
          {sort && (
            <span className="ml-auto flex items-center gap-2 text-sm text-fg" data-testid="active-sort">
              {formatMessage(t.sortedBy, {
                coluna: t.columns[sort.field],
                direcao: sort.direction === 'asc' ? t.sortAsc : t.sortDesc,
              })}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSort(null);
                  setPage(1);
                }}
              >
                <XIcon size={14} />
                {t.clearSort}
              </Button>
            </span>
          )}
        </div>
        <p className="text-xs text-fg-muted">{t.scope}</p>
        <p className="text-xs text-fg-muted">{t.answersLegend}</p>

        {query.isPending ? (
          <LoadingState label={t.loading} />
        ) : !data || data.total === 0 ? (
          <Card className="px-5 py-10 text-center text-sm text-fg-muted">
            {query.isError ? t.loadError : t.empty}
          </Card>
        ) : (
          <>
            <UpdatedAt at={data.atualizadoEm} template={t.updatedAt} />
            <ResponseTimesTable rows={data.data} sort={sort} onSort={onSort} />
            <Pagination
              page={page}
              totalPages={data.totalPages}
              onPageChange={setPage}
              disabled={query.isFetching}
            />
          </>
        )}
      </section>
    </>
  );
}
