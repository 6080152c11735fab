import type { CorpusFee, CorpusFreight, CorpusRecord } from '../corpus-format.js';
import { LEGAL_SUFFIXES } from '../dictionary/companies.js';
import { cleanPlace } from '../fields/places.js';
import { canonicalFeeName } from '../normalise/fee-names.js';
import { normaliseLabel } from '../normalise/text.js';

export const SCALAR_FIELDS = [
  'source',
  'language',
  'modal',
  'transportador',
  'armador',
  'incoterm',
  'porto_origem',
  'porto_destino',
  'porto_transbordo',
  'transit_time_dias',
  'free_time_dias',
  'validade',
  'moeda_frete',
  'condicoes_pagamento',
] as const;

export interface CaseScore {
  scalar: number;
  frete: number;
  taxas: number;
  overall: number;
  mismatches: string[];
}

const UNIT_ALIASES: Record<string, string> = {
  '20GP': '20DC',
  '20DV': '20DC',
  '40GP': '40DC',
  '40DV': '40DC',
  '40HQ': '40HC',
  CBM: 'M3',
  RT: 'WM',
  HBL: 'BL',
  MBL: 'BL',
  AWB: 'BL',
  HAWB: 'BL',
  SHIPMENT: 'PROCESSO',
};
const CURRENCY_ALIASES: Record<string, string> = { US$: 'USD', R$: 'BRL', '€': 'EUR' };
const STOP_WORDS = new Set(
  'a o e de da do das dos em no na nos nas ao aos pelo pela por para com the of to in on by and or before after el la los las del y en al con'.split(
    ' ',
  ),
);
const CARRIER_NOISE = new Set(['line', 'lines', 'shipping', 'cargo', 'airlines', 'airline']);
const LEGAL = new Set(LEGAL_SUFFIXES);

export const unit = (u: string) => UNIT_ALIASES[u.toUpperCase()] ?? u.toUpperCase();
export const currency = (c: string) => CURRENCY_ALIASES[c] ?? c.toUpperCase();

export function place(value: string | null): string | null {
  if (value === null) return null;
  const cleaned = cleanPlace(value);
  return normaliseLabel(cleaned?.name ?? value);
}

function carrier(value: string): string {
  return normaliseLabel(value)
    .split(' ')
    .map((w) => (w.endsWith('cargo') && w !== 'cargo' ? w.slice(0, -5) : w))
    .filter((w) => !CARRIER_NOISE.has(w))
    .join(' ');
}

function companyWords(value: string): string[] {
  const words = normaliseLabel(value.replace(/\([^)]*\)/g, ' ')).split(' ');
  while (words.length > 1 && LEGAL.has(words[words.length - 1] ?? '')) words.pop();
  return words;
}

function isWordPrefix(a: string[], b: string[]): boolean {
  return a.length <= b.length && a.every((w, i) => b[i] === w);
}

function tokens(value: string): string[] {
  return normaliseLabel(value)
    .split(' ')
    .filter((t) => t !== '' && !STOP_WORDS.has(t));
}

function tokenF1(a: string, b: string): number {
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.length === 0 || tb.length === 0) return 0;
  const pool = [...tb];
  let common = 0;
  for (const t of ta) {
    const i = pool.indexOf(t);
    if (i >= 0) {
      common++;
      pool.splice(i, 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / ta.length;
  const recall = common / tb.length;
  return (2 * precision * recall) / (precision + recall);
}

export function scalarMatches(
  field: (typeof SCALAR_FIELDS)[number],
  predicted: CorpusRecord,
  truth: CorpusRecord,
): boolean {
  const p = predicted[field];
  const t = truth[field];
  if (t === null || p === null || p === undefined) return (p ?? null) === t;
  switch (field) {
    case 'porto_origem':
    case 'porto_transbordo':
      return place(p as string) === place(t as string);
    case 'porto_destino': {
      const ps = new Set((p as string[]).map(place));
      const ts = new Set((t as string[]).map(place));
      return ps.size === ts.size && [...ts].every((x) => ps.has(x));
    }
    case 'armador':
      return carrier(p as string) === carrier(t as string);
    case 'transportador': {
      const a = companyWords(p as string);
      const b = companyWords(t as string);
      return isWordPrefix(a, b) || isWordPrefix(b, a);
    }
    case 'incoterm':
      return (p as string).slice(0, 3).toUpperCase() === (t as string).slice(0, 3).toUpperCase();
    case 'transit_time_dias': {
      const a = p as { min: number; max: number };
      const b = t as { min: number; max: number };
      return a.min === b.min && a.max === b.max;
    }
    case 'condicoes_pagamento':
      return tokenF1(p as string, t as string) >= 0.5;
    default:
      return normaliseLabel(String(p)) === normaliseLabel(String(t));
  }
}

type Tuple = { key: string; value: number };

function collapse(
  items: Array<{ key: string; value: number; destino: string | null }>,
  destinations: string[],
): Tuple[] {
  const only = destinations.length === 1 ? destinations[0] : undefined;
  const normalised = items.map((i) => ({
    ...i,
    destino: i.destino === null || i.destino === only ? null : i.destino,
  }));
  const out: Tuple[] = [];
  const done = new Set<string>();
  for (const item of normalised) {
    const group = normalised.filter((g) => g.key === item.key && Math.abs(g.value - item.value) < 0.005);
    const covered = new Set(group.map((g) => g.destino));
    if (destinations.length > 1 && destinations.every((d) => covered.has(d))) {
      const id = `${item.key}|${item.value}`;
      if (!done.has(id)) out.push({ key: `${item.key}|null`, value: item.value });
      done.add(id);
      continue;
    }
    out.push({ key: `${item.key}|${item.destino}`, value: item.value });
  }
  return out;
}

function f1(predicted: Tuple[], truth: Tuple[]): number {
  if (predicted.length === 0 && truth.length === 0) return 1;
  const pool = [...truth];
  let matched = 0;
  for (const p of predicted) {
    const i = pool.findIndex((t) => t.key === p.key && Math.abs(t.value - p.value) < 0.005);
    if (i >= 0) {
      matched++;
      pool.splice(i, 1);
    }
  }
  if (matched === 0) return 0;
  const precision = matched / predicted.length;
  const recall = matched / truth.length;
  return (2 * precision * recall) / (precision + recall);
}

export function freightTuples(items: CorpusFreight[], destinations: string[]): Tuple[] {
  return collapse(
    items.map((f) => ({
      key: `${unit(f.unidade)}|${currency(f.moeda)}`,
      value: f.valor,
      destino: place(f.destino),
    })),
    destinations,
  );
}

export function feeTuples(items: CorpusFee[], destinations: string[]): Tuple[] {
  return collapse(
    items.map((t) => {
      const u = unit(t.unidade);
      const money = u === 'PERCENT' ? '*' : currency(t.moeda);
      return { key: `${canonicalFeeName(t.nome)}|${money}|${u}`, value: t.valor, destino: place(t.destino) };
    }),
    destinations,
  );
}

/** Scores a prediction against the ground truth by the corpus README's rule. */
export function scoreCase(predicted: CorpusRecord | null, truth: CorpusRecord): CaseScore {
  if (predicted === null)
    return { scalar: 0, frete: 0, taxas: 0, overall: 0, mismatches: ['missing prediction'] };
  const mismatches = SCALAR_FIELDS.filter((field) => !scalarMatches(field, predicted, truth));
  const scalar = (SCALAR_FIELDS.length - mismatches.length) / SCALAR_FIELDS.length;
  const destinations = truth.porto_destino.map((d) => place(d) ?? d);
  const frete = f1(
    freightTuples(predicted.frete ?? [], destinations),
    freightTuples(truth.frete, destinations),
  );
  const taxas = f1(feeTuples(predicted.taxas ?? [], destinations), feeTuples(truth.taxas, destinations));
  return { scalar, frete, taxas, overall: (scalar + frete + taxas) / 3, mismatches: [...mismatches] };
}
