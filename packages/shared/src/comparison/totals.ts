import type { ExchangeRateInfo } from '../schemas/comparison.js';
import {
  add,
  type Decimal,
  divide,
  divideToPlaces,
  multiply,
  round,
  toDecimal,
  toNumber,
} from './decimal.js';

/** Spec 001 §9: the USD rate used when the PTAX service cannot be read (flagged `fonte: 'fallback'`). */
export const FALLBACK_USD_RATE = 5.2;

/** The PTAX selling rate of a business day, or the fallback. */
export type PtaxQuote = { ptax: number; dataCotacao: string | null; fonte: 'ptax' | 'fallback' };

export const fallbackPtax = (): PtaxQuote => ({
  ptax: FALLBACK_USD_RATE,
  dataCotacao: null,
  fonte: 'fallback',
});

/** The rate every total uses: ptax × (1 + margem/100), 4 decimals. */
export function exchangeRateInfo(quote: PtaxQuote, margem: number): ExchangeRateInfo {
  const factor = add(toDecimal(1), divide(toDecimal(margem), toDecimal(100)));
  const taxa = round(multiply(toDecimal(quote.ptax), factor), 4);
  return {
    moeda: 'USD',
    ptax: quote.ptax,
    dataCotacao: quote.dataCotacao,
    fonte: quote.fonte,
    margem,
    taxa: toNumber(taxa),
  };
}

export type CostParts = { valorBRL: Decimal; valorUSD: Decimal; custoRodoviario: Decimal };

/**
 * Spec 001 §9: total in BRL = BRL value + USD value × rate + road cost; in USD the inverse, (BRL value +
 * road cost) ÷ rate + USD value; each rounded once to 2 decimals.
 */
export function totalCosts(
  parts: CostParts,
  taxa: number,
): { custoTotalBRL: Decimal; custoTotalUSD: Decimal } {
  const rate = toDecimal(taxa);
  const brlParts = add(parts.valorBRL, parts.custoRodoviario);
  return {
    custoTotalBRL: round(add(brlParts, multiply(parts.valorUSD, rate)), 2),
    custoTotalUSD: divideToPlaces(add(brlParts, multiply(parts.valorUSD, rate)), rate, 2),
  };
}

/** Today's date (YYYY-MM-DD) in America/Sao_Paulo: what "expired" is measured against. */
const saoPauloDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayInSaoPaulo(now: Date = new Date()): string {
  return saoPauloDate.format(now);
}

/** A calendar day (YYYY-MM-DD) moved by `days` (negative: back); no time zone is involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
