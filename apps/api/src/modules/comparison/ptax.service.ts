import {
  fallbackEurPtax,
  fallbackPtax,
  type PtaxQuote,
  type PtaxRate,
  todayInSaoPaulo,
} from '@cotacoes/shared/comparison/index';
import type { FastifyBaseLogger } from 'fastify';

/** Business days tried back from today before giving up (holidays in a row, today not yet published). */
export const PTAX_MAX_BUSINESS_DAYS = 7;
/** A bulletin of today does not change. */
const TODAY_CACHE_MS = 60 * 60_000;
/** Today's closing PTAX is published at about 13h: an earlier day's is asked again after this. */
const EARLIER_DAY_CACHE_MS = 15 * 60_000;
/** Most a whole lookup (every day tried) may take: a comparison never waits longer for the rate. */
export const PTAX_LOOKUP_MAX_MS = 3000;
/** After a failure the fallback (or the last PTAX read) is kept this long before trying again. */
const FAILURE_CACHE_MS = 60_000;

type OlindaAnswer = {
  value?: { cotacaoVenda?: unknown; dataHoraCotacao?: unknown; tipoBoletim?: unknown }[];
};

/** CotacaoMoedaDia lists every bulletin of the day; the official rate is the closing one. */
const CLOSING_BULLETIN = 'Fechamento PTAX';

/** 'YYYY-MM-DD' → the day before, skipping Saturday and Sunday (no PTAX bulletin on weekends). */
function previousBusinessDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() - 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

function lastBusinessDayUpTo(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? previousBusinessDay(date) : date;
}

/** Olinda's date parameter: 'MM-DD-YYYY'. */
const olindaDate = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;

/**
 * The Banco Central's PTAX selling rate (Olinda OData, `CotacaoDolarDia`) of the last business day with a
 * bulletin: from today back over weekends and, when the answer is empty, holidays (at most 7 business
 * days). Cached; concurrent callers share one lookup; one timeout (`HTTP_TIMEOUT_MS`, at most 3 s) bounds
 * the whole lookup. When the service fails, the last rate read is kept, else the spec's fallback USD 5.2
 * flagged `fonte: 'fallback'` (R2, R7, S14).
 *
 * The euro's (`CotacaoMoedaDia`, moeda EUR, its 'Fechamento PTAX' bulletin) is read beside it the same way,
 * for charges quoted in EUR; when only it fails, its last rate read or the spec's EUR 5.6 is flagged
 * 'fallback' on its own.
 */
export class PtaxService {
  private cached?: { value: PtaxQuote; expiresAt: number; day: string };
  private lastGood?: PtaxQuote;
  private lastEur?: PtaxRate;
  private inFlight?: Promise<PtaxQuote>;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async current(): Promise<PtaxQuote> {
    const today = todayInSaoPaulo(this.now());
    if (this.cached && this.cached.expiresAt > Date.now() && this.cached.day === today)
      return this.cached.value;
    this.inFlight ??= this.refresh(today).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(today: string): Promise<PtaxQuote> {
    try {
      const value = await this.lookup(today);
      const ttl = value.dataCotacao === today ? TODAY_CACHE_MS : EARLIER_DAY_CACHE_MS;
      this.cached = { value, expiresAt: Date.now() + ttl, day: today };
      this.lastGood = value;
      return value;
    } catch (error) {
      this.logger.warn(
        { err: error },
        'PTAX unavailable; comparison totals use the last rate read or the fallback',
      );
      const value = this.lastGood ?? fallbackPtax();
      this.cached = { value, expiresAt: Date.now() + FAILURE_CACHE_MS, day: today };
      return value;
    }
  }

  private async lookup(today: string): Promise<PtaxQuote> {
    const signal = AbortSignal.timeout(Math.min(this.timeoutMs, PTAX_LOOKUP_MAX_MS));
    const [usd, eur] = await Promise.allSettled([
      this.lastBulletin(today, 'USD', signal),
      this.lastBulletin(today, 'EUR', signal),
    ]);
    if (usd.status === 'rejected') throw usd.reason;
    if (eur.status === 'fulfilled') {
      this.lastEur = eur.value;
      return { ...usd.value, eur: eur.value };
    }
    this.logger.warn(
      { err: eur.reason },
      'EUR PTAX unavailable; EUR charges use the last rate read or the fallback',
    );
    return { ...usd.value, eur: this.lastEur ?? fallbackEurPtax() };
  }

  private async lastBulletin(today: string, moeda: 'USD' | 'EUR', signal: AbortSignal): Promise<PtaxRate> {
    let day = lastBusinessDayUpTo(today);
    for (let attempt = 0; attempt < PTAX_MAX_BUSINESS_DAYS; attempt++) {
      const found = await this.bulletinOf(day, moeda, signal);
      if (found) return found;
      day = previousBusinessDay(day);
    }
    throw new Error(
      `no ${moeda} PTAX bulletin in the last ${PTAX_MAX_BUSINESS_DAYS} business days up to ${today}`,
    );
  }

  /** The closing PTAX of one day, or null when the day has none (weekend, holiday, not yet published). */
  private async bulletinOf(day: string, moeda: 'USD' | 'EUR', signal: AbortSignal): Promise<PtaxRate | null> {
    const base = this.baseUrl.replace(/\/$/, '');
    const date = `@dataCotacao=%27${olindaDate(day)}%27`;
    const url =
      moeda === 'USD'
        ? `${base}/CotacaoDolarDia(dataCotacao=@dataCotacao)?${date}&$format=json&$select=cotacaoVenda,dataHoraCotacao`
        : `${base}/CotacaoMoedaDia(moeda=@moeda,dataCotacao=@dataCotacao)?@moeda=%27${moeda}%27&${date}&$top=100&$format=json&$select=cotacaoVenda,dataHoraCotacao,tipoBoletim`;
    const response = await fetch(url, { signal, redirect: 'error', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`PTAX service answered ${response.status}`);
    const body = (await response.json()) as OlindaAnswer;
    if (!Array.isArray(body.value)) throw new Error('PTAX answer without a value list');
    // The dollar's resource has the closing row only; a currency's lists the day's bulletins, and the day
    // has no rate until its closing one is published.
    const row =
      moeda === 'USD'
        ? body.value.at(-1)
        : body.value.filter((entry) => entry.tipoBoletim === CLOSING_BULLETIN).at(-1);
    if (!row) return null;
    const rate = row.cotacaoVenda;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > 1000)
      throw new Error(`PTAX answer with an invalid selling rate: ${String(rate)}`);
    const stamp = typeof row.dataHoraCotacao === 'string' ? row.dataHoraCotacao : '';
    return {
      ptax: rate,
      dataCotacao: /^\d{4}-\d{2}-\d{2}/.test(stamp) ? stamp.slice(0, 10) : day,
      fonte: 'ptax',
    };
  }
}
