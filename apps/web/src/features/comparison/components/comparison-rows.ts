import { sortComparisonRows } from '@cotacoes/shared/comparison/index';
import type { ComparisonRow, ComparisonSortKey } from '@cotacoes/shared/schemas/comparison';
import type { Correction } from '@cotacoes/shared/schemas/decisions';
import { type ResponseEntry, versionsOfEntry } from '@cotacoes/shared/schemas/responses';
import type { FigureRef } from '@/api/figure';

export type SortDirection = 'asc' | 'desc';
export interface ComparisonSort {
  key: ComparisonSortKey;
  direction: SortDirection;
}

/** The table opens cheapest first: the decision usually starts from the total landed cost. */
export const DEFAULT_SORT: ComparisonSort = { key: 'custoTotalBRL', direction: 'asc' };

/**
 * Rows ordered by one of the spec's sortable columns (custoTotalBRL, custoTotalUSD, prazo) with the
 * shared rule (a missing transit time is 999 days; ties by carrier, then destination).
 */
export function sortRows(rows: readonly ComparisonRow[], sort: ComparisonSort): ComparisonRow[] {
  return sortComparisonRows(rows, sort.key, sort.direction);
}

/** A click on a column header: a new column sorts ascending, the same column flips its direction. */
export function nextSort(current: ComparisonSort, key: ComparisonSortKey): ComparisonSort {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export function ariaSort(sort: ComparisonSort, key: ComparisonSortKey): 'ascending' | 'descending' | 'none' {
  if (sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** Spec 001 §5: the approval asks for a destination when the proposal has more than one. */
export function destinationsOf(rows: readonly ComparisonRow[], respostaId: string): string[] {
  const names = rows
    .filter((row) => row.respostaId === respostaId && row.destino !== null)
    .map((row) => row.destino as string);
  return [...new Set(names)];
}

/** What a carrier's answer lacks, over all its rows (one per destination), in the server's order. */
export function missingOfCarrier(rows: readonly ComparisonRow[], transportadorId: string): string[] {
  return [
    ...new Set(rows.filter((row) => row.transportadorId === transportadorId).flatMap((row) => row.faltando)),
  ];
}

/** The charges a carrier's rows lack that others quote ('incompleta: sem Lacre'), once each. */
export function missingFeesOfCarrier(rows: readonly ComparisonRow[], transportadorId: string): string[] {
  return [
    ...new Set(
      rows.filter((row) => row.transportadorId === transportadorId).flatMap((row) => row.taxasAusentes ?? []),
    ),
  ];
}

/** A revision was asked of the carrier and it has not answered since (its rows' status). */
export function revisionPendingOf(rows: readonly ComparisonRow[], transportadorId: string): boolean {
  return rows.some((row) => row.transportadorId === transportadorId && row.status === 'revisao_solicitada');
}

/** The carriers with a row, once each, in the order given. */
export function carriersOf(rows: readonly ComparisonRow[]): Array<{ transportadorId: string; nome: string }> {
  const seen = new Map<string, string>();
  for (const row of rows)
    if (!seen.has(row.transportadorId)) seen.set(row.transportadorId, row.transportador.nome);
  return [...seen].map(([transportadorId, nome]) => ({ transportadorId, nome }));
}

/**
 * respostaId → campo → the correction, for the 'Corrigido por…' marker of a corrected figure. A version's
 * corrections come oldest first: the latest of a field wins.
 */
export function correctionsIndex(entries: readonly ResponseEntry[] | undefined) {
  const index = new Map<string, Map<string, Correction>>();
  for (const entry of entries ?? []) {
    for (const version of versionsOfEntry(entry)) {
      const byField = new Map<string, Correction>();
      for (const correction of version.correcoes) byField.set(correction.campo, correction);
      index.set(version.id, byField);
    }
  }
  return index;
}

/**
 * respostaId → the conversation message it came from (the 'Ver mensagem' link of a figure's source); and
 * `${respostaId}|versao:N` → the message of version N of the same carrier, for a value a revision did
 * not state and carried from that version (`fonte.origin` 'versao:N').
 */
export function messageIndex(entries: readonly ResponseEntry[] | undefined): Map<string, string> {
  const index = new Map<string, string>();
  for (const entry of entries ?? []) {
    const versions = versionsOfEntry(entry);
    for (const version of versions) {
      if (version.mensagemId) index.set(version.id, version.mensagemId);
      for (const earlier of versions)
        if (earlier.mensagemId) index.set(`${version.id}|versao:${earlier.versao}`, earlier.mensagemId);
    }
  }
  return index;
}

/** The message a figure's source is in: its own version's, or the earlier version's it was carried from. */
export function messageOf(index: ReadonlyMap<string, string>, figure: FigureRef): string | null {
  const origin = figure.fonte?.origin ?? '';
  const key = /^versao:\d+$/.test(origin) ? `${figure.respostaId}|${origin}` : figure.respostaId;
  return index.get(key) ?? null;
}
