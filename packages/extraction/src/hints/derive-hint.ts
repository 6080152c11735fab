import { cleanLabel } from '../fields/charges.js';
import { findAmounts } from '../normalise/money.js';
import type { ExtractionHint } from '../types.js';
import { CURRENCIES, FEE_UNITS, FREIGHT_UNITS, hintLabelKey } from './vocabulary.js';

/** A hint before it is stored (the store gives it its id). */
export type HintDraft = Omit<ExtractionHint, 'id'>;

/** What deriving needs of an analyst's correction: the path relative to `final` and the new value. */
export interface CorrectionOfValue {
  campo: string;
  valor: number | string | null;
}

type Item = {
  nome?: unknown;
  rotulo?: unknown;
  unidade?: unknown;
  valor?: unknown;
  moeda?: unknown;
  source?: { text?: unknown; cell?: unknown } | null;
};

const ITEM_PATH = /^(fretes|taxas\.itens)\.(\d{1,3})\.(valor|moeda|unidade)$/;
/** A label a person would recognise: letters, not a sentence. */
const MAX_LABEL_LENGTH = 60;

function itemsOf(final: unknown, list: string): Item[] {
  if (typeof final !== 'object' || final === null) return [];
  const bag = final as Record<string, unknown>;
  const items = list === 'fretes' ? bag.fretes : (bag.taxas as Record<string, unknown> | undefined)?.itens;
  return Array.isArray(items) ? (items as Item[]) : [];
}

/**
 * The label a charge was printed with: its `rotulo`, else (extractions stored before freight lines kept
 * one) the column title of its table cell ('O/F × Santos') or the words before the first amount of its line.
 */
export function printedLabel(item: Item): string {
  if (typeof item.rotulo === 'string') return item.rotulo;
  const cell = item.source?.cell;
  if (typeof cell === 'string' && cell.includes(' × ')) return cell.split(' × ')[0] ?? '';
  const text = item.source?.text;
  if (typeof text !== 'string') return '';
  const first = findAmounts(text)[0];
  if (first === undefined) return '';
  const lead = cleanLabel(text.slice(0, first.start));
  return cleanLabel(lead.slice(lead.lastIndexOf(':') + 1)) || cleanLabel(lead.split(':')[0] ?? '');
}

/** The currency was printed beside the amount on its line: a wrong one is a misreading, not a habit. */
function currencyPrinted(item: Item): boolean {
  const text = item.source?.text;
  if (typeof text !== 'string') return false;
  return findAmounts(text).some((amount) => amount.value === item.valor && amount.currency !== null);
}

/**
 * The hint an analyst's correction teaches about the carrier, when it teaches one (ADR 0101):
 * - a freight line's unit (`fretes.N.unidade`): this label is that container type or unit;
 * - a fee's basis (`taxas.itens.N.unidade`): this fee label is charged per that basis;
 * - a currency (`fretes.N.moeda`, `taxas.itens.N.moeda`) of an amount printed without one: this label's
 *   amounts are in that currency;
 * - a value cleared (`… .valor` = null) of the only charge with that label: this label is not a charge.
 * Figures (a value, transit, free time, validity) change from quote to quote and teach nothing; nor does
 * a correction that gives back what the extraction already had, or a charge without a readable label.
 */
export function deriveHint(final: unknown, correction: CorrectionOfValue): HintDraft | null {
  const match = ITEM_PATH.exec(correction.campo);
  if (match === null) return null;
  const [, list = '', index = '', attribute = ''] = match;
  const items = itemsOf(final, list);
  const item = items[Number(index)];
  if (item === undefined) return null;
  const rotulo = printedLabel(item).trim();
  const key = hintLabelKey(rotulo);
  if (key === '' || !/[a-z]/.test(key) || rotulo.length > MAX_LABEL_LENGTH) return null;
  const alvo = list === 'fretes' ? 'frete' : 'taxa';
  const { valor } = correction;

  if (attribute === 'unidade') {
    const units: readonly string[] = alvo === 'frete' ? FREIGHT_UNITS : FEE_UNITS;
    if (typeof valor !== 'string' || !units.includes(valor) || valor === 'PERCENT') return null;
    if (valor === item.unidade) return null;
    return { tipo: 'unidade', alvo, rotulo, valor };
  }
  if (attribute === 'moeda') {
    if (typeof valor !== 'string' || !(CURRENCIES as readonly string[]).includes(valor)) return null;
    if (valor === item.moeda || currencyPrinted(item)) return null;
    return { tipo: 'moeda', alvo, rotulo, valor };
  }
  // A value cleared: the label is not a charge, unless another charge with that label or fee name stays
  // (then the analyst removed a repeat or another port's value, which says nothing about the label).
  if (valor !== null) return null;
  const repeats = items.filter(
    (other) =>
      hintLabelKey(printedLabel(other)) === key ||
      (typeof item.nome === 'string' && other.nome === item.nome),
  );
  if (repeats.length > 1) return null;
  return { tipo: 'ignorar', alvo, rotulo, valor: null };
}
