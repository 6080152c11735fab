import { createHash } from 'node:crypto';
import {
  type Comparison,
  DEFAULT_EXCHANGE_MARGIN,
  exchangeMarginSchema,
  type ResponseEntry,
} from '@cotacoes/shared';
import {
  buildComparison,
  DEFAULT_ROAD_COSTS,
  exchangeRateInfo,
  quoteAskedFrom,
  type RoadCostEntry,
  todayInSaoPaulo,
  withProposalWarnings,
} from '@cotacoes/shared/comparison/index';
import type { Database } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';
import { AppError, validationError } from '../../lib/errors.js';
import { deepFreeze } from '../../lib/stamped-cache.js';
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
      byInputs: Map<
        string,
        { ptax: object; roadCosts: object; kept: { etag: string; comparison: Comparison } }
      >;
    }
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
   * the stamp of the responses' rows and the rate, margin, quote, day and road costs it was built with.
   */
  async kept(
    tenant: Tenant,
    cotacaoId: string,
    exchangeMargin: number = DEFAULT_EXCHANGE_MARGIN,
  ): Promise<{ etag: string; comparison: Comparison }> {
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
      const quote = await findQuoteRequest(this.db, tenant, cotacaoId);
      if (!quote) throw new AppError('QUOTE_NOT_FOUND');
      forResponses = { quote, byInputs: new Map() };
      this.built.set(responses.value, forResponses);
    }
    const hoje = todayInSaoPaulo(this.now());
    const inputs = `${margin.data}|${hoje}`;
    const found = forResponses.byInputs.get(inputs);
    if (found && found.ptax === ptax && found.roadCosts === roadCosts) return found.kept;

    const { quote } = forResponses;
    const taxa = exchangeRateInfo(ptax, margin.data);
    const pedido = quoteAskedFrom(quote);
    const limites = {
      tempoTransito: quote.tempoTransito,
      evitarRota: quote.evitarRota,
      evitarArmador: quote.evitarArmador,
      preferenciaRota: quote.preferenciaRota,
      prazoResposta: quote.prazoResposta,
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
    });
    // Issue 30 item 4: carriage and warnings per row, after (and apart from) the totals.
    const comparison = deepFreeze(withProposalWarnings(built, responses.value.data, limites));
    const etag = createHash('md5').update(`${responses.stamp}|${key}`).digest('hex');
    // A handful of margins per kept answer at most: an analyst typing one.
    if (forResponses.byInputs.size >= 8) forResponses.byInputs.clear();
    forResponses.byInputs.set(inputs, { ptax, roadCosts, kept: { etag, comparison } });
    return { etag, comparison };
  }
}
