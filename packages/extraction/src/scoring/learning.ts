import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CorpusRecord, toCorpusFormat } from '../corpus-format.js';
import { extractFromText } from '../extract-text.js';
import { appliedHintIds } from '../hints/applied.js';
import { type CorrectionOfValue, deriveHint } from '../hints/derive-hint.js';
import { hintLabelKey } from '../hints/vocabulary.js';
import { canonicalFeeName } from '../normalise/fee-names.js';
import type { ExtractionHint, ExtractionResult } from '../types.js';
import { type CaseScore, currency, place, scoreCase, unit } from './score.js';

/*
 * Learning from corrections, measured (ADR 0101): a carrier's first reply is extracted and corrected the
 * way an analyst corrects it on the comparison screen, the corrections give hints, and the carrier's
 * second reply (another quote, same habits) is extracted with and without them.
 */

/** Currencies a correction may set (the correction route's rule). */
const CORRECTABLE_CURRENCIES = new Set(['USD', 'BRL', 'EUR']);

type Entry = { destino: string | null; unidade: string; valor: number; moeda: string; nome?: string };

const close = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * The corrections an analyst makes to `result` to agree with `truth`, in the correction route's
 * vocabulary (paths relative to `final`). Per list, one truth entry per extracted value: values right
 * as they are first; then a value found with the wrong unit or currency gets those corrected; then a
 * wrong figure for an entry of the right kind gets its value; a value the truth does not have is cleared
 * (null, 'not a charge'). Nothing can be added: the route corrects values, it does not create them.
 */
export function analystCorrections(result: ExtractionResult, truth: CorpusRecord): CorrectionOfValue[] {
  const destinations = truth.porto_destino.map((d) => place(d) ?? d);
  const only = destinations.length === 1 ? destinations[0] : undefined;
  const where = (destino: string | null) => {
    const normalised = place(destino);
    return normalised === only ? null : normalised;
  };
  const corrections: CorrectionOfValue[] = [];
  const correctList = (
    path: string,
    extracted: Entry[],
    expected: Entry[],
    sameKind: (a: Entry, b: Entry) => boolean,
  ) => {
    const pool = [...expected];
    const done = new Set<number>();
    const samePlace = (a: Entry, b: Entry) => where(a.destino) === where(b.destino) && sameKind(a, b);
    const sameUnit = (a: Entry, b: Entry) => unit(a.unidade) === unit(b.unidade);
    const sameCurrency = (a: Entry, b: Entry) =>
      unit(a.unidade) === 'PERCENT' || currency(a.moeda) === currency(b.moeda);
    const take = (index: number, matches: (item: Entry, want: Entry) => boolean) => {
      const item = extracted[index]!;
      const found = pool.findIndex((want) => samePlace(item, want) && matches(item, want));
      if (found < 0) return null;
      done.add(index);
      return pool.splice(found, 1)[0]!;
    };
    extracted.forEach((_, i) => {
      take(i, (a, b) => close(a.valor, b.valor) && sameUnit(a, b) && sameCurrency(a, b));
    });
    extracted.forEach((item, i) => {
      if (done.has(i)) return;
      const want = take(i, (a, b) => close(a.valor, b.valor));
      if (want === null) return;
      if (!sameUnit(item, want))
        corrections.push({ campo: `${path}.${i}.unidade`, valor: unit(want.unidade) });
      if (!sameCurrency(item, want) && CORRECTABLE_CURRENCIES.has(currency(want.moeda)))
        corrections.push({ campo: `${path}.${i}.moeda`, valor: currency(want.moeda) });
    });
    extracted.forEach((_, i) => {
      if (done.has(i)) return;
      const want = take(i, (a, b) => sameUnit(a, b) && sameCurrency(a, b));
      if (want !== null) corrections.push({ campo: `${path}.${i}.valor`, valor: want.valor });
    });
    extracted.forEach((_, i) => {
      if (!done.has(i)) corrections.push({ campo: `${path}.${i}.valor`, valor: null });
    });
  };
  correctList('fretes', result.final.fretes, truth.frete, () => true);
  correctList(
    'taxas.itens',
    result.final.taxas.itens,
    truth.taxas,
    (a, b) => canonicalFeeName(a.nome ?? '') === canonicalFeeName(b.nome ?? ''),
  );
  return corrections;
}

/**
 * The hints a reply's corrections teach, as the hint store keeps them: one per kind, target and label,
 * the latest correction winning (ADR 0101).
 */
export function learnHints(
  result: ExtractionResult,
  corrections: readonly CorrectionOfValue[],
  known: readonly ExtractionHint[] = [],
): ExtractionHint[] {
  const byKey = new Map(known.map((hint) => [hintKey(hint), hint]));
  for (const correction of corrections) {
    const draft = deriveHint(result.final, correction);
    if (draft === null) continue;
    const key = hintKey(draft);
    byKey.set(key, { id: byKey.get(key)?.id ?? `hint-${byKey.size + 1}`, ...draft });
  }
  return [...byKey.values()];
}

const hintKey = (hint: Pick<ExtractionHint, 'tipo' | 'alvo' | 'rotulo'>) =>
  `${hint.tipo}|${hint.alvo}|${hintLabelKey(hint.rotulo)}`;

export interface PairEvaluation {
  carrier: string;
  corrections: CorrectionOfValue[];
  hints: ExtractionHint[];
  first: CaseScore;
  without: CaseScore;
  with: CaseScore;
  /** Hints that changed or left out something in the second reply. */
  applied: number;
}

export interface LearningEvaluation {
  pairs: PairEvaluation[];
  without: number;
  with: number;
}

const read = (directory: string, id: string) => ({
  text: readFileSync(resolve(directory, `${id}.txt`), 'utf8'),
  truth: JSON.parse(readFileSync(resolve(directory, `${id}.json`), 'utf8')) as CorpusRecord,
});

/** The carriers of a directory with a first and a second reply (`<carrier>-1.txt/json`, `<carrier>-2.…`). */
export function learningPairs(directory: string): string[] {
  if (!existsSync(directory)) return [];
  const files = new Set(readdirSync(directory));
  return [...files]
    .filter((f) => f.endsWith('-1.txt'))
    .map((f) => f.slice(0, -'-1.txt'.length))
    .filter((c) => ['-1.json', '-2.txt', '-2.json'].every((s) => files.has(`${c}${s}`)))
    .sort();
}

/** Corrects each carrier's first reply, learns hints, and scores its second reply without and with them. */
export function evaluateLearning(directory: string): LearningEvaluation {
  const pairs = learningPairs(directory).map((carrier): PairEvaluation => {
    const first = read(directory, `${carrier}-1`);
    const second = read(directory, `${carrier}-2`);
    const extracted = extractFromText(first.text);
    const corrections = analystCorrections(extracted, first.truth);
    const hints = learnHints(extracted, corrections);
    const without = extractFromText(second.text);
    const withHints = extractFromText(second.text, { hints });
    return {
      carrier,
      corrections,
      hints,
      first: scoreCase(toCorpusFormat(extracted), first.truth),
      without: scoreCase(toCorpusFormat(without), second.truth),
      with: scoreCase(toCorpusFormat(withHints), second.truth),
      applied: appliedHintIds(withHints.final).length,
    };
  });
  const mean = (pick: (p: PairEvaluation) => number) =>
    pairs.reduce((sum, p) => sum + pick(p), 0) / Math.max(1, pairs.length);
  return { pairs, without: mean((p) => p.without.overall), with: mean((p) => p.with.overall) };
}
