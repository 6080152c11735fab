import type { Comparison } from '@cotacoes/shared';
import { hasEuroAmounts, samePlace } from '@cotacoes/shared/comparison/index';
import { laneExclusionsOfRow, lanePointsOfRow } from '@cotacoes/shared/comparison/lanes';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { checkedTenant, type Tenant } from '../db/tenant.js';
import { approvalOfQuote } from '../read-models/approvals.js';
import {
  type NewLaneExclusion,
  type NewLanePoint,
  pendingRefreshes,
  quoteForLanes,
  replaceQuotePoints,
} from './lanes.repository.js';

/** The quote's comparison as the Comparação tab shows it at the default margin: injected by app.ts. */
export type LaneComparisonReader = (tenant: Tenant, cotacaoId: string) => Promise<Comparison>;

const BATCH = 50;
const HOUR_MS = 3_600_000;

/**
 * Turns marked quotes into lane points (ADR 0030): for each mark, the quote's comparison of that moment
 * (current versions only, corrections applied, PTAX of the day plus the default margin) gives one point
 * per priced, complete row and unit; the quote's points are replaced as a whole. Runs in the workers
 * (every few seconds) and before a lane page is read (that company's marks).
 */
export class LaneRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Database,
    private readonly comparisonOf: LaneComparisonReader,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  /**
   * Refreshes up to `limit` marked quotes (of `tenant`, or of every company); answers how many were
   * refreshed (a mark left for later is not counted).
   */
  async drain(tenant?: Tenant, limit = BATCH): Promise<number> {
    return (await this.drainMarks(tenant, limit)).refreshed;
  }

  /**
   * Before a lane page is read: refreshes the company's marked quotes and answers how many of those
   * read are still waiting (the day's PTAX not read yet, or a failure retried next round), which the
   * page says instead of looking empty.
   */
  async drainCompany(tenant: Tenant): Promise<{ refreshed: number; waiting: number }> {
    return this.drainMarks(tenant, BATCH);
  }

  private async drainMarks(tenant: Tenant | undefined, limit: number) {
    const pending = await pendingRefreshes(this.db, limit, tenant);
    let refreshed = 0;
    for (const mark of pending) {
      try {
        if (await this.refresh(checkedTenant(mark.empresaId), mark.cotacaoId, mark.marcadoEm)) refreshed++;
      } catch (error) {
        // The mark stays: the next round tries again.
        this.logger?.error({ err: error, cotacaoId: mark.cotacaoId }, 'lane points refresh failed');
      }
    }
    return { refreshed, waiting: pending.length - refreshed };
  }

  /**
   * Replaces one quote's points with those of its comparison now; false (the mark stays) while the
   * PTAX (or, for a row with charges in EUR, the euro's) is unavailable: a point's BRL figures are at a
   * day's rate, never at the fallback.
   */
  async refresh(tenant: Tenant, cotacaoId: string, marcadoEm: Date): Promise<boolean> {
    const quote = await quoteForLanes(this.db, tenant, cotacaoId);
    if (!quote || quote.deletedAt) {
      // A deleted quote leaves the history (its rows stay, ADR 0011, but it is no longer a price).
      if (quote) await replaceQuotePoints(this.db, tenant, cotacaoId, [], marcadoEm);
      return true;
    }
    const comparison = await this.comparisonOf(tenant, cotacaoId);
    if (comparison.taxa.fonte === 'fallback') return false;
    // A row with charges in EUR waits for the euro's PTAX the same way (its total is at that rate).
    if (comparison.taxa.eur?.fonte !== 'ptax' && hasEuroAmounts(comparison.linhas)) return false;
    const approval = await approvalOfQuote(this.db, tenant, cotacaoId);
    const versions = new Map(quote.versions.map((version) => [version.id, version]));
    const firstAnswer = new Map<string, Date>();
    for (const version of quote.versions) {
      const seen = firstAnswer.get(version.transportadorId);
      if (!seen || version.createdAt < seen) firstAnswer.set(version.transportadorId, version.createdAt);
    }
    const places = { modal: quote.tipoFrete, origem: quote.origem, destino: quote.destino };
    const points: NewLanePoint[] = [];
    const exclusions: NewLaneExclusion[] = [];
    const rates = { taxa: comparison.taxa.taxa, taxaEur: comparison.taxa.eur?.taxa };
    for (const row of comparison.linhas) {
      const version = versions.get(row.respostaId);
      if (!version?.atual) continue;
      const aprovado =
        approval?.respostaId === row.respostaId &&
        (approval.destino == null || row.destino == null || samePlace(approval.destino, row.destino));
      const first = firstAnswer.get(row.transportadorId);
      // An incomplete row adds no point; the page says it was left out, and why.
      for (const left of laneExclusionsOfRow(row, places, rates))
        exclusions.push({
          lane: left.lane,
          modal: left.modal,
          unidade: left.unidade,
          respostaId: row.respostaId,
          transportadorId: row.transportadorId,
          transportadorNome: row.transportador.nome,
          data: version.createdAt,
          freteUsd: left.freteUsd,
          motivo: left.motivo,
          detalhe: left.detalhe,
        });
      for (const point of lanePointsOfRow(row, places, rates))
        points.push({
          ...point,
          respostaId: row.respostaId,
          versao: row.versao,
          transportadorId: row.transportadorId,
          transportadorNome: row.transportador.nome,
          data: version.createdAt,
          taxa: comparison.taxa.taxa,
          transitoDias: row.prazo.valor == null ? null : Math.round(row.prazo.valor),
          freeTimeDias: row.freeTime.valor == null ? null : Math.round(row.freeTime.valor),
          respostaHoras: first ? Math.max(0, (first.getTime() - quote.createdAt.getTime()) / HOUR_MS) : null,
          aprovado,
        });
    }
    await replaceQuotePoints(this.db, tenant, cotacaoId, points, marcadoEm, exclusions);
    return true;
  }

  /** Drains every `intervalMs` until stopped (one round at a time). */
  start(intervalMs: number): void {
    const tick = async () => {
      this.running = this.drainAll();
      await this.running.catch(() => 0);
      this.running = undefined;
      if (this.timer !== undefined) this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  private async drainAll(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const done = await this.drain();
      total += done;
      if (done < BATCH || this.timer === undefined) break;
    }
    return total;
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }
}
