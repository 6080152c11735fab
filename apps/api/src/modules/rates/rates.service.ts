import type { RatesResponse } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';

const PAIRS = ['USD', 'EUR', 'CNY'] as const;
/** The spec's fixed reference values, shown (flagged) when the rates service cannot be read. */
export const FALLBACK_RATES: Record<(typeof PAIRS)[number], number> = { USD: 5.2, EUR: 5.6, CNY: 0.72 };
const CACHE_MS = 3 * 60_000;
const FAILURE_CACHE_MS = 30_000;

/** USD, EUR and CNY against BRL from an AwesomeAPI-compatible service, cached (R2, S14). */
export class RatesService {
  private cached?: { value: RatesResponse; expiresAt: number };
  private inFlight?: Promise<RatesResponse>;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async getRates(): Promise<RatesResponse> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.value;
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<RatesResponse> {
    try {
      const value = await this.fetchRates();
      this.cached = { value, expiresAt: Date.now() + CACHE_MS };
      return value;
    } catch (error) {
      this.logger.warn({ err: error }, 'exchange rates unavailable; using the fixed reference values');
      const value = buildRates(FALLBACK_RATES, true, new Date());
      this.cached = { value, expiresAt: Date.now() + FAILURE_CACHE_MS };
      return value;
    }
  }

  private async fetchRates(): Promise<RatesResponse> {
    const url = new URL(
      `json/last/${PAIRS.map((code) => `${code}-BRL`).join(',')}`,
      `${this.baseUrl.replace(/\/$/, '')}/`,
    );
    const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`rates service answered ${response.status}`);
    const body = (await response.json()) as Record<
      string,
      { bid?: unknown; timestamp?: unknown } | undefined
    >;
    const bids = {} as Record<(typeof PAIRS)[number], number>;
    let newest = 0;
    for (const code of PAIRS) {
      const entry = body[`${code}BRL`];
      const bid = Number.parseFloat(String(entry?.bid));
      if (!Number.isFinite(bid) || bid <= 0) throw new Error(`rates service sent no valid bid for ${code}`);
      bids[code] = bid;
      newest = Math.max(newest, Number(entry?.timestamp) || 0);
    }
    return buildRates(bids, false, newest ? new Date(newest * 1000) : new Date());
  }
}

function buildRates(
  bids: Record<(typeof PAIRS)[number], number>,
  fallback: boolean,
  at: Date,
): RatesResponse {
  const entry = (code: (typeof PAIRS)[number]) => ({ code, codein: 'BRL' as const, bid: bids[code] });
  return {
    USDBRL: entry('USD'),
    EURBRL: entry('EUR'),
    CNYBRL: entry('CNY'),
    fallback,
    updatedAt: at.toISOString(),
  };
}
