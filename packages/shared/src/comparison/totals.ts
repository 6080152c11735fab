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

/** Spec 001 §9 fallback rates: the EUR one, used when the euro's PTAX cannot be read. */
export const FALLBACK_EUR_RATE = 5.6;

/** A PTAX selling rate of a business day, or the fallback. */
export type PtaxRate = { ptax: number; dataCotacao: string | null; fonte: 'ptax' | 'fallback' };

/** The dollar's PTAX (the comparison's rate) and, when read or defaulted, the euro's. */
export type PtaxQuote = PtaxRate & { eur?: PtaxRate };

export const fallbackPtax = (): PtaxQuote => ({
  ptax: FALLBACK_USD_RATE,
  dataCotacao: null,
  fonte: 'fallback',
  eur: fallbackEurPtax(),
});

export const fallbackEurPtax = (): PtaxRate => ({
  ptax: FALLBACK_EUR_RATE,
  dataCotacao: null,
  fonte: 'fallback',
});

/** ptax × (1 + margem/100), 4 decimals. */
function withMargin(ptax: number, margem: number): number {
  const factor = add(toDecimal(1), divide(toDecimal(margem), toDecimal(100)));
  return toNumber(round(multiply(toDecimal(ptax), factor), 4));
}

/**
 * The rate every total uses: ptax × (1 + margem/100), 4 decimals; the euro's the same way, for charges
 * quoted in EUR.
 */
export function exchangeRateInfo(quote: PtaxQuote, margem: number): ExchangeRateInfo {
  return {
    moeda: 'USD',
    ptax: quote.ptax,
    dataCotacao: quote.dataCotacao,
    fonte: quote.fonte,
    margem,
    taxa: withMargin(quote.ptax, margem),
    ...(quote.eur
      ? {
          eur: {
            ptax: quote.eur.ptax,
            dataCotacao: quote.eur.dataCotacao,
            fonte: quote.eur.fonte,
            taxa: withMargin(quote.eur.ptax, margem),
          },
        }
      : {}),
  };
}

export type CostParts = {
  valorBRL: Decimal;
  valorUSD: Decimal;
  custoRodoviario: Decimal;
  /** Charges quoted in EUR, converted at `taxaEUR`. */
  valorEUR?: Decimal;
};

/**
 * Spec 001 §9: total in BRL = BRL value + USD value × rate + road cost (+ EUR value × the euro's rate); in
 * USD the same BRL total ÷ rate; each rounded once to 2 decimals.
 */
export function totalCosts(
  parts: CostParts,
  taxa: number,
  taxaEUR?: number,
): { custoTotalBRL: Decimal; custoTotalUSD: Decimal } {
  const rate = toDecimal(taxa);
  const euros =
    parts.valorEUR !== undefined && taxaEUR !== undefined
      ? multiply(parts.valorEUR, toDecimal(taxaEUR))
      : toDecimal(0);
  const brl = add(add(parts.valorBRL, parts.custoRodoviario), add(multiply(parts.valorUSD, rate), euros));
  return {
    custoTotalBRL: round(brl, 2),
    custoTotalUSD: divideToPlaces(brl, rate, 2),
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
