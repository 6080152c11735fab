import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { LaneDetail } from '@cotacoes/shared/schemas/lanes';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { QueryContent } from '@/components/ui/query-content';
import { Select } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatIsoDate, formatMoney } from '@/lib/format';
import { formatResponseTime } from '@/lib/response-time';
import { useLane } from '../api/get-lanes';
import { incompleteText, listFiltersOf, listSearch, periodText } from '../lane-filters';
import { LaneChart, LaneProposals } from './lane-chart';
import { unitLabel } from './lane-flag';

const t = ui.lanes;
const d = t.detail;
const share = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/**
 * One lane (issue 36): freight per unit over time by carrier (approved proposals marked; the proposals
 * also as a table), median and spread per month, each carrier's wins and response time, and the
 * incomplete proposals the figures leave out. The unit and period come from the address (a comparison
 * row's link names its unit); `voltar` holds the list's filters for 'Voltar para rotas'.
 */
export function LaneDetailPage({ laneKey }: { laneKey: string }) {
  const [search, setSearch] = useSearchParams();
  const params = {
    unidade: search.get('unidade') ?? undefined,
    inicio: search.get('inicio') ?? undefined,
    fim: search.get('fim') ?? undefined,
  };
  const query = useLane(laneKey, params);
  // Only the list's own filters and page go back, whatever the address says.
  const back = listSearch(listFiltersOf(new URLSearchParams(search.get('voltar') ?? '')));
  const title = query.data
    ? formatMessage(t.route, { origem: query.data.origem, destino: query.data.destino })
    : t.title;
  return (
    <>
      <PageTitle title={title} />
      <div className="mb-4">
        <Link
          to={`${paths.lanes.list.getHref()}${back ? `?${back}` : ''}`}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          <ArrowLeftIcon size={16} />
          {d.back}
        </Link>
      </div>
      <QueryContent query={query} loadingLabel={t.loading} errorFallback={t.loadError}>
        {(detail) => (
          <>
            <PageHeader
              title={title}
              description={`${detail.modal}${detail.unidade ? ` · ${unitLabel(detail.unidade)}` : ''} · ${periodText(detail.periodo)}`}
              actions={
                detail.unidades.length > 1 ? (
                  <Select
                    label={t.unit}
                    value={detail.unidade ?? ''}
                    onChange={(event) => {
                      const next = new URLSearchParams(search);
                      next.set('unidade', event.target.value);
                      setSearch(next);
                    }}
                    options={detail.unidades.map((unit) => ({
                      value: unit.unidade,
                      label: `${unitLabel(unit.unidade)} (${unit.pontos})`,
                    }))}
                  />
                ) : undefined
              }
            />
            {detail.incompletas.total > 0 && (
              <Alert variant="info" className="mb-4">
                {incompleteText(detail.incompletas.total, d)}
              </Alert>
            )}
            {detail.series.length === 0 ? (
              <Card className="px-5 py-10 text-center text-sm text-fg-muted">
                {detail.incompletas.total > 0 ? d.emptyAllLeftOut : d.empty}
              </Card>
            ) : (
              <div className="space-y-6">
                <Card className="space-y-4 p-4 sm:p-6">
                  <h2 className="text-lg font-semibold text-fg">{d.chartTitle}</h2>
                  <p className="text-sm text-fg-muted" data-currency-note="">
                    {d.currencyNote}
                  </p>
                  {detail.unidade === 'kg' && <p className="text-sm text-fg-muted">{d.perKgNote}</p>}
                  <LaneChart detail={detail} />
                  <LaneProposals detail={detail} />
                </Card>
                <section aria-labelledby="lane-months" className="space-y-3">
                  <h2 id="lane-months" className="text-lg font-semibold text-fg">
                    {d.monthsTitle}
                  </h2>
                  <Table caption={d.monthsTitle} scrollLabel={d.monthsTitle}>
                    <TableHead>
                      <tr>
                        <TableHeaderCell>{d.month}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.points}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.p25}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.median}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.p75}</TableHeaderCell>
                      </tr>
                    </TableHead>
                    <TableBody>
                      {detail.meses.map((month) => (
                        <TableRow key={month.mes}>
                          <TableCell>{`${month.mes.slice(5)}/${month.mes.slice(0, 4)}`}</TableCell>
                          <TableCell className="text-right tabular-nums">{month.pontos}</TableCell>
                          <TableCell className="text-right tabular-nums">
                            {formatMoney(month.p25, 'USD')}
                          </TableCell>
                          <TableCell className="text-right font-medium tabular-nums">
                            {formatMoney(month.mediana, 'USD')}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">
                            {formatMoney(month.p75, 'USD')}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </section>
                <section aria-labelledby="lane-carriers" className="space-y-3">
                  <h2 id="lane-carriers" className="text-lg font-semibold text-fg">
                    {d.carriersTitle}
                  </h2>
                  <Table caption={d.carriersTitle} scrollLabel={d.carriersTitle}>
                    <TableHead>
                      <tr>
                        <TableHeaderCell>{d.carrier}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.quotes}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{d.wins}</TableHeaderCell>
                        <TableHeaderCell className="text-right">
                          <span className="whitespace-normal">{d.winShare}</span>
                        </TableHeaderCell>
                        <TableHeaderCell className="text-right">
                          <span className="whitespace-normal">{d.carrierMedian}</span>
                        </TableHeaderCell>
                        <TableHeaderCell className="text-right">
                          <span className="whitespace-normal">{d.responseTime}</span>
                        </TableHeaderCell>
                      </tr>
                    </TableHead>
                    <TableBody>
                      {detail.transportadores.map((carrier) => (
                        <TableRow key={carrier.transportadorId}>
                          <TableCell className="font-medium">{carrier.transportador}</TableCell>
                          <TableCell className="text-right tabular-nums">{carrier.cotacoes}</TableCell>
                          <TableCell className="text-right tabular-nums">{carrier.vitorias}</TableCell>
                          <TableCell className="text-right tabular-nums">
                            {`${share.format(carrier.participacaoVitorias)} %`}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">
                            {formatMoney(carrier.medianaFreteUsd, 'USD')}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">
                            {carrier.respostaHorasMedia === null
                              ? d.noResponseTime
                              : formatResponseTime(carrier.respostaHorasMedia)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </section>
              </div>
            )}
            {detail.incompletas.total > 0 && <LaneExclusions detail={detail} />}
          </>
        )}
      </QueryContent>
    </>
  );
}

/** The unit's incomplete proposals the figures leave out: when, which quote, whose, the freight and why. */
function LaneExclusions({ detail }: { detail: LaneDetail }) {
  const { total, propostas } = detail.incompletas;
  return (
    <section aria-labelledby="lane-incomplete" className="mt-6 space-y-3">
      <h2 id="lane-incomplete" className="text-lg font-semibold text-fg">
        {d.incompleteTitle}
      </h2>
      {propostas.length < total && (
        <p className="text-sm text-fg-muted">
          {formatMessage(d.incompleteShown, { shown: propostas.length })}
        </p>
      )}
      <Table caption={d.incompleteTitle} scrollLabel={d.incompleteTitle}>
        <TableHead>
          <tr>
            <TableHeaderCell>{d.proposalDate}</TableHeaderCell>
            <TableHeaderCell>{d.proposalQuote}</TableHeaderCell>
            <TableHeaderCell>{d.proposalCarrier}</TableHeaderCell>
            <TableHeaderCell className="text-right">{d.proposalFreight}</TableHeaderCell>
            <TableHeaderCell>{d.incompleteReason}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {propostas.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, latest first
            <TableRow key={index}>
              <TableCell className="whitespace-nowrap">{formatIsoDate(row.data, row.data)}</TableCell>
              <TableCell>{row.cotacaoCodigo ?? d.noQuoteCode}</TableCell>
              <TableCell>{row.transportador}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(row.freteUsd, 'USD')}</TableCell>
              <TableCell>{formatMessage(d.reasons[row.motivo], { detalhe: row.detalhe })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
