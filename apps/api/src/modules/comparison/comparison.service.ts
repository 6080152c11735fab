import { createHash } from 'node:crypto';
import {
  type Comparison,
  type ComparisonLane,
  DEFAULT_EXCHANGE_MARGIN,
  exchangeMarginSchema,
  LANE_MIN_POINTS,
  LANE_TOOLTIP_POINTS,
  LANE_WINDOW_DAYS,
  type ResponseEntry,
} from '@cotacoes/shared';
import {
  addDays,
  buildComparison,
  DEFAULT_ROAD_COSTS,
  exchangeRateInfo,
  type LaneRowPoint,
  laneDelta,
  lanePointsOfRow,
  quoteAskedFrom,
  type RoadCostEntry,
  todayInSaoPaulo,
  withProposalWarnings,
} from '@cotacoes/shared/comparison/index';
import type { Database } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';
import { laneFigures, laneStamp } from '../../lanes/lanes.repository.js';
import { AppError, validationError } from '../../lib/errors.js';
import { deepFreeze } from '../../lib/stamped-cache.js';
import { approvalOfQuote } from '../../read-models/approvals.js';
import { findQuoteRequest } from '../../read-models/quote-request.js';
import type { PtaxService } from './ptax.service.js';

/**
 * The responses of a quote as GET /quotes/{id}/respostas reads them (current version with its
 * corrections applied, earlier versions) and the stamp of their rows: injected by app.ts from the
 * responses module, so whatever that read applies flows into the comparison. The value is kept (and
 * frozen) while the stamp is unchanged. Throws QUOTE_NOT_FOUND for a quote outside `tenant`.
 */
export type ResponsesReader = (
  tenant: Tenant,
  cotacaoId: string,
) => Promise<{ stamp: string; value: { data: ResponseEntry[] } }>;

/** The road cost table of a company (the spec's table until companies edit their own). */
export type RoadCostsReader = (tenant: Tenant) => Promise<readonly RoadCostEntry[]>;

/**
 * The 'Comparação' tab (spec 001 §2, §5, §9; ADR 0017): the pure rules of @cotacoes/shared/comparison
 * applied to a quote's responses at the PTAX of the day plus the margin. Also called by the comparative
 * documents.
 */
export class ComparisonService {
  /**
   * Per kept responses value (a new one comes with every change of the stamp's rows, the quote's own row
   * included: its xmin is in the stamp): the quote's request as read then, and the comparisons built from
   * it by everything else they depend on (margin and day; rate and road costs by identity). A repeated
   * call reads the stamp only (ADR 0031): no second query, no key to serialise, nothing to build.
   */
  private readonly built = new WeakMap<
    object,
    {
      quote: NonNullable<Awaited<ReturnType<typeof findQuoteRequest>>>;
      /** The approved answer and destination, once a quote is approved (only that row is 'aprovado'). */
      approval: { respostaId: string; destino: string | null } | null;
      byInputs: Map<
        string,
        { ptax: object; roadCosts: object; kept: { etag: string; comparison: Comparison } }
      >;
    }
  >();
  /**
   * A kept comparison with its rows' lane figures (issue 36), kept while the company's lane stamp and
   * the window's first day are unchanged: a repeated call reads the stamp's row, not the points.
   */
  private readonly withLanes = new WeakMap<Comparison, { read: string; stamp: string; value: Comparison }>();
  /** Each kept comparison's rows as lane points (their lane and unit), worked out once. */
  private readonly rowLanes = new WeakMap<
    Comparison,
    { own: (LaneRowPoint | undefined)[]; pairs: Map<string, { lane: string; unidade: string }> }
  >();

  constructor(
    private readonly db: Database,
    private readonly readResponses: ResponsesReader,
    private readonly ptax: PtaxService,
    private readonly readRoadCosts: RoadCostsReader = async () => DEFAULT_ROAD_COSTS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The comparison of quote `cotacaoId` of `tenant`:
   * 404 QUOTE_NOT_FOUND for a quote of another company, 400 with the field message for a margin outside
   * 0–100 or with more than one decimal.
   */
  async forQuote(
    tenant: Tenant,
    cotacaoId: string,
    exchangeMargin: number = DEFAULT_EXCHANGE_MARGIN,
  ): Promise<Comparison> {
    return (await this.kept(tenant, cotacaoId, exchangeMargin)).comparison;
  }

  /**
   * The comparison (frozen: shared by every caller) and an ETag that changes with any of its inputs:
   * the stamp of the responses' rows and the rate, margin, quote, day and road costs it was built with,
   * and the figures of its rows' lanes.
   */
  async kept(
    tenant: Tenant,
    cotacaoId: string,
    exchangeMargin: number = DEFAULT_EXCHANGE_MARGIN,
  ): Promise<{ etag: string; comparison: Comparison }> {
    // The lane stamp is read beside the responses' stamp (two round trips at once, not one after the other).
    const [{ etag, comparison, quote }, lanesStamp] = await Promise.all([
      this.computed(tenant, cotacaoId, exchangeMargin),
      laneStamp(this.db, tenant),
    ]);
    const lanes = await this.laneFiguresOf(tenant, cotacaoId, comparison, quote, lanesStamp);
    if (lanes.value === comparison) return { etag, comparison };
    return {
      etag: createHash('md5').update(`${etag}|${lanes.stamp}`).digest('hex'),
      comparison: lanes.value,
    };
  }

  /** The comparison without the lanes' figures, kept by its inputs, with its ETag and the quote read. */
  private async computed(tenant: Tenant, cotacaoId: string, exchangeMargin: number) {
    const margin = exchangeMarginSchema.safeParse(exchangeMargin);
    if (!margin.success)
      throw validationError([{ path: 'exchangeMargin', message: margin.error.issues[0]!.message }]);
    const [responses, ptax, roadCosts] = await Promise.all([
      this.readResponses(tenant, cotacaoId),
      this.ptax.current(),
      this.readRoadCosts(tenant),
    ]);
    let forResponses = this.built.get(responses.value);
    if (!forResponses) {
      const approved = responses.value.data.some((entry) => entry.status === 'aprovado');
      const [quote, approval] = await Promise.all([
        findQuoteRequest(this.db, tenant, cotacaoId),
        approved ? approvalOfQuote(this.db, tenant, cotacaoId) : Promise.resolve(null),
      ]);
      if (!quote) throw new AppError('QUOTE_NOT_FOUND');
      forResponses = {
        quote,
        approval: approval && { respostaId: approval.respostaId, destino: approval.destino },
        byInputs: new Map(),
      };
      this.built.set(responses.value, forResponses);
    }
    const { quote } = forResponses;
    const hoje = todayInSaoPaulo(this.now());
    const inputs = `${margin.data}|${hoje}`;
    const found = forResponses.byInputs.get(inputs);
    if (found && found.ptax === ptax && found.roadCosts === roadCosts) return { ...found.kept, quote };

    const taxa = exchangeRateInfo(ptax, margin.data);
    const pedido = quoteAskedFrom(quote);
    const limites = {
      tempoTransito: quote.tempoTransito,
      evitarRota: quote.evitarRota,
      evitarArmador: quote.evitarArmador,
      preferenciaRota: quote.preferenciaRota,
      prazoResposta: quote.prazoResposta,
      destino: quote.destino,
      origem: quote.origem,
    };
    // The quote's measures are exact decimals (bigint): written as text in the key.
    const key = JSON.stringify([taxa, pedido, hoje, roadCosts, limites], (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    const built = buildComparison({
      cotacaoId,
      respostas: responses.value.data,
      taxa,
      pedido,
      hoje,
      custosRodoviarios: roadCosts,
      aprovacao: forResponses.approval,
    });
    // Issue 30 item 4: carriage and warnings per row, after (and apart from) the totals.
    const comparison = deepFreeze(withProposalWarnings(built, responses.value.data, limites));
    const etag = createHash('md5').update(`${responses.stamp}|${key}`).digest('hex');
    // A handful of margins per kept answer at most: an analyst typing one.
    if (forResponses.byInputs.size >= 8) forResponses.byInputs.clear();
    forResponses.byInputs.set(inputs, { ptax, roadCosts, kept: { etag, comparison } });
    return { etag, comparison, quote };
  }

  /** The comparison without the lanes' figures (the lane refresher and the decisions read it). */
  async withoutLanes(
    tenant: Tenant,
    cotacaoId: string,
    exchangeMargin: number = DEFAULT_EXCHANGE_MARGIN,
  ): Promise<Comparison> {
    return (await this.computed(tenant, cotacaoId, exchangeMargin)).comparison;
  }

  /**
   * Each priced, complete row's lane (issue 36, ADR 0030): the median freight per unit of the lane's
   * points of the last 90 days in other quotes of the company, with one query for the whole comparison;
   * nothing for a row whose lane has fewer than 3 points.
   */
  private async laneFiguresOf(
    tenant: Tenant,
    cotacaoId: string,
    comparison: Comparison,
    quote: { tipoFrete: string; origem: string | null; destino: string | null },
    lanesStamp: string,
  ): Promise<{ stamp: string; value: Comparison }> {
    let rows = this.rowLanes.get(comparison);
    if (!rows) {
      const places = { modal: quote.tipoFrete, origem: quote.origem, destino: quote.destino };
      const own = comparison.linhas.map((row) => lanePointsOfRow(row, places, comparison.taxa.taxa)[0]);
      const pairs = new Map<string, { lane: string; unidade: string }>();
      for (const point of own)
        if (point) pairs.set(`${point.lane}#${point.unidade}`, { lane: point.lane, unidade: point.unidade });
      rows = { own, pairs };
      this.rowLanes.set(comparison, rows);
    }
    const { own, pairs } = rows;
    if (pairs.size === 0) return { stamp: '', value: comparison };
    // The last 90 days counted in São Paulo days, from the first one's midnight: the window moves once a
    // day, so the figures kept on the stamp stay right all day.
    const sinceDay = addDays(todayInSaoPaulo(this.now()), -LANE_WINDOW_DAYS);
    const read = `${lanesStamp}|${sinceDay}`;
    const kept = this.withLanes.get(comparison);
    if (kept && kept.read === read) return kept;
    const figures = (
      await laneFigures(this.db, tenant, cotacaoId, [...pairs.values()], sinceDay, LANE_TOOLTIP_POINTS)
    ).filter((figure) => figure.quantidade >= LANE_MIN_POINTS);
    const stamp = figures.length === 0 ? '' : createHash('md5').update(JSON.stringify(figures)).digest('hex');
    if (kept && kept.stamp === stamp) {
      kept.read = read;
      return kept;
    }
    if (figures.length === 0) {
      const entry = { read, stamp, value: comparison };
      this.withLanes.set(comparison, entry);
      return entry;
    }
    const byPair = new Map(figures.map((figure) => [`${figure.lane}#${figure.unidade}`, figure]));
    const value = deepFreeze({
      ...comparison,
      linhas: comparison.linhas.map((row, index) => {
        const point = own[index];
        const figure = point && byPair.get(`${point.lane}#${point.unidade}`);
        if (!point || !figure) return row;
        const lane: ComparisonLane = {
          chave: point.lane,
          unidade: point.unidade,
          mediana: Math.round(figure.mediana * 100) / 100,
          quantidade: figure.quantidade,
          ...laneDelta(point.freteUsd, figure.mediana),
          pontos: figure.pontos,
        };
        return { ...row, lane };
      }),
    });
    const entry = { read, stamp, value };
    this.withLanes.set(comparison, entry);
    return entry;
  }
}
