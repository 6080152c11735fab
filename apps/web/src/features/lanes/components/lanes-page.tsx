import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { LANE_UNITS, type LaneSummary } from '@cotacoes/shared/schemas/lanes';
import { TIPOS_FRETE } from '@cotacoes/shared/schemas/quotes';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DownloadIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatIsoDate, formatMoney } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useExportLanes } from '../api/export-lanes';
import { type LaneFilters, useLanes } from '../api/get-lanes';
import { incompleteText, invertedPeriod, listFiltersOf, listSearch, periodText } from '../lane-filters';
import { unitLabel } from './lane-flag';

const t = ui.lanes;
const PAGE_SIZE = 20;
const empty: Required<LaneFilters> = { inicio: '', fim: '', modal: '', unidade: '' };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const laneRoute = (lane: Pick<LaneSummary, 'origem' | 'destino'>) =>
  formatMessage(t.route, { origem: lane.origem, destino: lane.destino });

/**
 * The link to a lane, with its unit and the page's period; `voltar` carries the list's own filters and
 * page so that 'Voltar para rotas' finds them again.
 */
export function laneHref(chave: string, filters: LaneFilters & { unidade?: string }, voltar = '') {
  const query = new URLSearchParams();
  for (const key of ['unidade', 'inicio', 'fim'] as const) if (filters[key]) query.set(key, filters[key]!);
  if (voltar) query.set('voltar', voltar);
  const text = query.toString();
  return `${paths.lanes.detail.getHref(chave)}${text ? `?${text}` : ''}`;
}

/**
 * 'Rotas' (issue 36): the company's lanes × unit, the most proposals first, with the median and range of
 * freight per unit in the period; filters by period, modal and unit, applied with 'Aplicar Filtros' and
 * kept in the address (a lane's 'Voltar para rotas' comes back to them); CSV of every point. The period
 * read is always said (the default one too), and so are the incomplete proposals left out.
 */
export function LanesPage() {
  const [search, setSearch] = useSearchParams();
  const { page, ...applied } = listFiltersOf(search);
  const address = search.toString();
  const [draft, setDraft] = useState(applied);
  const [periodError, setPeriodError] = useState<string | null>(null);
  // The address moves (back, forward, a link): the fields show what it holds.
  useEffect(() => {
    setDraft(listFiltersOf(new URLSearchParams(address)));
    setPeriodError(null);
  }, [address]);
  const inverted = invertedPeriod(applied);
  const query = useLanes({ ...applied, page, pageSize: PAGE_SIZE }, { enabled: !inverted });
  const exportCsv = useExportLanes();
  const data = inverted ? undefined : query.data;
  const voltar = listSearch({ ...applied, page });

  useEffect(() => {
    if (query.isError && query.errorUpdatedAt > 0)
      showToast({ variant: 'error', message: errorText(query.error, t.loadError) });
  }, [query.isError, query.errorUpdatedAt, query.error]);

  const set = (key: keyof LaneFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const go = (filters: LaneFilters, nextPage = 1) =>
    setSearch(new URLSearchParams(listSearch({ ...filters, page: nextPage })));
  function onExport() {
    exportCsv.mutate(applied, {
      onError: (error) => showToast({ variant: 'error', message: errorText(error, t.loadError) }),
    });
  }
  /** What an empty date field stands for, once the page knows the period it read. */
  const blankHint = (key: 'inicio' | 'fim') =>
    data && !draft[key] && !applied[key] && ISO_DAY.test(data.periodo[key])
      ? formatMessage(t.periodBlank, { data: formatIsoDate(data.periodo[key], data.periodo[key]) })
      : undefined;

  return (
    <>
      <PageTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} />
      <Card className="p-4 sm:p-6">
        <form
          aria-label={t.filters}
          noValidate
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
          onSubmit={(event) => {
            event.preventDefault();
            if (invertedPeriod(draft)) {
              setPeriodError(t.periodInvertedField);
              return;
            }
            setPeriodError(null);
            go(draft);
          }}
        >
          <Input
            label={t.periodStart}
            type="date"
            value={draft.inicio}
            hint={blankHint('inicio')}
            onChange={(e) => set('inicio')(e.target.value)}
          />
          <Input
            label={t.periodEnd}
            type="date"
            value={draft.fim}
            hint={blankHint('fim')}
            error={periodError ?? undefined}
            aria-invalid={periodError ? true : undefined}
            onChange={(e) => set('fim')(e.target.value)}
          />
          <Select
            label={t.modal}
            value={draft.modal}
            onChange={(e) => set('modal')(e.target.value)}
            options={[
              { value: '', label: t.allModals },
              ...TIPOS_FRETE.map((tipo) => ({ value: tipo, label: tipo })),
            ]}
          />
          <Select
            label={t.unit}
            value={draft.unidade}
            onChange={(e) => set('unidade')(e.target.value)}
            options={[
              { value: '', label: t.allUnits },
              ...LANE_UNITS.map((unidade) => ({ value: unidade, label: unitLabel(unidade) })),
            ]}
          />
          <div className="flex flex-wrap items-end gap-2">
            <Button type="submit">{t.apply}</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft(empty);
                setPeriodError(null);
                go(empty);
              }}
            >
              {t.clear}
            </Button>
          </div>
        </form>
      </Card>

      <section aria-labelledby="lanes-table-title" className="mt-6 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lanes-table-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            {t.title}
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
        {data && <p className="text-sm text-fg-muted">{periodText(data.periodo)}</p>}
        {data && data.aguardando > 0 && (
          <Alert variant="info">{formatMessage(t.waiting, { n: data.aguardando })}</Alert>
        )}
        {data && data.incompletas > 0 && <Alert variant="info">{incompleteText(data.incompletas, t)}</Alert>}
        {inverted ? (
          <Alert variant="error">
            {formatMessage(t.periodInverted, {
              inicio: formatIsoDate(applied.inicio, applied.inicio),
              fim: formatIsoDate(applied.fim, applied.fim),
            })}
          </Alert>
        ) : query.isPending ? (
          <LoadingState label={t.loading} />
        ) : !data || data.total === 0 ? (
          <Card className="px-5 py-10 text-center text-sm text-fg-muted">
            {query.isError ? errorText(query.error, t.loadError) : t.empty}
          </Card>
        ) : (
          <>
            <Table caption={t.title} scrollLabel={t.title}>
              <TableHead>
                <tr>
                  <TableHeaderCell scope="col">{t.columns.rota}</TableHeaderCell>
                  <TableHeaderCell scope="col">{t.columns.modal}</TableHeaderCell>
                  <TableHeaderCell scope="col">{t.columns.unidade}</TableHeaderCell>
                  <TableHeaderCell scope="col" className="text-right">
                    {t.columns.cotacoes}
                  </TableHeaderCell>
                  <TableHeaderCell scope="col" className="text-right">
                    {t.columns.pontos}
                  </TableHeaderCell>
                  <TableHeaderCell scope="col" className="text-right">
                    {t.columns.mediana}
                  </TableHeaderCell>
                  <TableHeaderCell scope="col" className="text-right">
                    {t.columns.faixa}
                  </TableHeaderCell>
                  <TableHeaderCell scope="col">{t.columns.ultima}</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {data.data.map((lane) => (
                  <TableRow key={`${lane.chave}#${lane.unidade}`}>
                    <TableCell>
                      <Link
                        to={laneHref(lane.chave, { ...applied, unidade: lane.unidade }, voltar)}
                        className="font-medium text-primary hover:underline"
                        aria-label={formatMessage(t.openDetail, { rota: laneRoute(lane) })}
                      >
                        {laneRoute(lane)}
                      </Link>
                    </TableCell>
                    <TableCell>{lane.modal}</TableCell>
                    <TableCell>{unitLabel(lane.unidade)}</TableCell>
                    <TableCell className="text-right tabular-nums">{lane.cotacoes}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {lane.pontos}
                      {lane.incompletas > 0 && (
                        <span
                          className="block text-xs whitespace-nowrap text-fg-muted"
                          title={formatMessage(t.incompleteCellLabel, { n: lane.incompletas })}
                        >
                          {formatMessage(t.incompleteCell, { n: lane.incompletas })}
                        </span>
                      )}
                    </TableCell>
                    {lane.mediana === null || lane.minimo === null || lane.maximo === null ? (
                      // Every proposal of this lane and unit left out (an all-in freight): said, not R$ 0.
                      <TableCell colSpan={2} className="text-right text-sm text-fg-muted">
                        {t.noComparable}
                      </TableCell>
                    ) : (
                      <>
                        <TableCell className="text-right tabular-nums">
                          {formatMoney(lane.mediana, 'USD')}
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">
                          {formatMoney(lane.minimo, 'USD')} – {formatMoney(lane.maximo, 'USD')}
                        </TableCell>
                      </>
                    )}
                    <TableCell className="whitespace-nowrap">
                      {formatIsoDate(lane.ultimaData, lane.ultimaData)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              totalPages={Math.ceil(data.total / PAGE_SIZE)}
              onPageChange={(next) => go(applied, next)}
              disabled={query.isFetching}
            />
          </>
        )}
      </section>
    </>
  );
}
