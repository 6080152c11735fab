/*
 * How far above the chosen proposal another proposal was (the optional price feedback of the 'not
 * selected' e-mail, ADR 0018). Both totals are computed the same way from the corrected extraction, in
 * integer cents: the freight of one container type (40' first, else 20', else the first line) plus the
 * fees after the spec's §5 rules (TOTAL lines ignored, IOF only below 1000, the highest of a repeated
 * fee), for the chosen destination, with USD converted at one rate.
 */

type Line = {
  destino?: unknown;
  nome?: unknown;
  rotulo?: unknown;
  unidade?: unknown;
  valor?: unknown;
  moeda?: unknown;
};
type Final = { fretes?: unknown; taxas?: unknown; porto_destino?: unknown; destinos?: unknown };

export type ProposalCost = { USD: number; BRL: number };

const UNIT_PREFERENCE = ['40HC', '40DC', '20DC'];

function currencyOf(value: unknown): 'USD' | 'BRL' | null {
  const text = String(value ?? '')
    .trim()
    .toUpperCase();
  if (text === 'USD' || text === '$' || text === 'US$') return 'USD';
  if (text === 'BRL' || text === 'R$') return 'BRL';
  return null;
}

const cents = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;

const same = (a: unknown, b: string) =>
  typeof a === 'string' && a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;

function lines(value: unknown): Line[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'object' && item !== null) : [];
}

/** Freight and fees of a proposal for a destination (null: all), by currency, in cents. */
export function proposalCost(final: Final | null | undefined, destino: string | null): ProposalCost {
  const cost: ProposalCost = { USD: 0, BRL: 0 };
  if (!final) return cost;
  const several = lines(final.porto_destino).length > 1 || lines(final.destinos).length > 1;
  const applies = (line: Line) => {
    if (line.destino === null || line.destino === undefined) return true;
    if (several && line.destino === '—') return false;
    return destino === null || same(line.destino, destino);
  };
  const fretes = lines(final.fretes).filter(applies);
  const unit =
    UNIT_PREFERENCE.find((preferred) => fretes.some((line) => line.unidade === preferred)) ??
    fretes[0]?.unidade;
  const freight = new Map<string, number>();
  for (const line of fretes.filter((item) => item.unidade === unit)) {
    const moeda = currencyOf(line.moeda);
    const value = cents(line.valor);
    if (moeda && value !== null) freight.set(moeda, Math.max(freight.get(moeda) ?? 0, value));
  }
  const fees = new Map<string, { moeda: 'USD' | 'BRL'; value: number }>();
  const taxas = (final.taxas as { itens?: unknown } | null | undefined)?.itens;
  for (const line of lines(taxas).filter(applies)) {
    const nome = `${String(line.nome ?? '')} ${String(line.rotulo ?? '')}`.toUpperCase();
    const moeda = currencyOf(line.moeda);
    const value = cents(line.valor);
    if (!moeda || value === null || nome.includes('TOTAL')) continue;
    if (nome.includes('IOF') && value >= 100_000) continue;
    const key = `${String(line.destino ?? '')}|${String(line.nome ?? '')}|${moeda}`;
    fees.set(key, { moeda, value: Math.max(fees.get(key)?.value ?? 0, value) });
  }
  for (const [moeda, value] of freight) cost[moeda as 'USD' | 'BRL'] += value;
  for (const fee of fees.values()) cost[fee.moeda] += fee.value;
  return cost;
}

/** The total in BRL cents at `usdRate` (BRL per USD). */
export function totalInBrl(cost: ProposalCost, usdRate: number): number {
  return cost.BRL + Math.round(cost.USD * usdRate);
}

/** How many percent `other` is above `chosen` (one decimal), or null when it is not above or unknown. */
export function percentAbove(other: number, chosen: number): number | null {
  if (chosen <= 0 || other <= chosen) return null;
  return Math.round(((other - chosen) * 1000) / chosen) / 10;
}
