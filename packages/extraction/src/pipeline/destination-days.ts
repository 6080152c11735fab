import type { Line } from '../blocks/lines.js';
import { DESTINATION_LEAD, placeCodes, ROUTE_START } from '../fields/places.js';
import { readValidity } from '../fields/values.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import type { DateOrder, FinalData, SourceRef } from '../types.js';

/*
 * Transit time and free time per destination (issue 30): "Navegantes: frete USD 1.390, THC R$ 1.300,
 * 45 dias · Itapoá: …, 43 dias", "Transit time: Santos 33 dias, Itajaí 36 dias", "Free time: Santos 14
 * dias / Itajaí 21 dias". A line naming two or more of the answer's destinations gives each the days
 * written after it (before the next destination), as does a line that opens with one or with a route to
 * one ("Ningbo x Itajaí: …, 34 days"); a line about free time sets free time, any other transit.
 */

const DAYS = /(\d{1,3})(?:\s*(?:a|-|–|to)\s*(\d{1,3}))?\s*(?:dias|days|dias corridos)(?![\p{L}])/u;
const FREE = /free\s*time|livres?|demurrage|detention|armazenagem|storage/;
const NOT_TRANSIT = /validade|validity|prazo de pagamento|payment/;

type PerDestination = {
  transit?: number;
  free?: number;
  transitLine?: Line;
  freeLine?: Line;
  validity?: string;
  validityLine?: Line;
};

/** A port's own validity clause ("validade 31/12/2026", "valid until 20 Dec"). */
const VALIDITY = /^\s*(?:validade|validity|valid until|valid till|validez|valido ate|valida ate)\b[\s:.]*/;

export function attachDestinationDays(
  final: FinalData,
  lines: readonly Line[],
  dates: { order: DateOrder; reference: Date | null } = { order: 'DMY', reference: null },
): void {
  const names = final.destinos.map((d) => d.nome);
  if (names.length < 2) return;
  const folded = names.map((name) => foldKeepingOffsets(name));
  // "Transit time: GRU 2 dias / VCP 3 dias": a destination also by its code, in capitals (QA pass 41c).
  const codes = names.map((name) =>
    placeCodes(name).map((code) => new RegExp(`(?<![A-Za-z])${code}(?![A-Za-z])`)),
  );
  /** Where a destination is first named on a line, by its name or its code, and how long the mention is. */
  const mention = (line: string, lineFolded: string, index: number) => {
    const found = [
      { at: lineFolded.indexOf(folded[index]!), length: folded[index]!.length },
      ...codes[index]!.map((code) => {
        const match = code.exec(line);
        return { at: match?.index ?? -1, length: match?.[0].length ?? 0 };
      }),
    ].filter((hit) => hit.at >= 0);
    return found.sort((a, b) => a.at - b.at)[0] ?? { at: -1, length: 0 };
  };
  const found = new Map<number, PerDestination>();
  const record = (index: number, isFree: boolean, days: RegExpExecArray, line: Line) => {
    const value = Math.max(Number(days[1]), Number(days[2] ?? days[1]));
    const entry = found.get(index) ?? {};
    if (isFree && entry.free === undefined) {
      entry.free = value;
      entry.freeLine = line;
    } else if (!isFree && entry.transit === undefined) {
      entry.transit = value;
      entry.transitLine = line;
    }
    found.set(index, entry);
  };
  const source = (line: Line): SourceRef => ({
    line: line.no,
    text: line.trimmed.slice(0, 200),
    origin: 'body',
  });
  /** The destination a heading line names ("Frete marítimo – destino Santos"), until a blank line. */
  let section: number | null = null;
  for (const line of lines) {
    const text = foldKeepingOffsets(line.trimmed);
    if (text.trim() === '') section = null;
    const hits = folded
      .map((_, index) => ({ index, ...mention(line.trimmed, text, index) }))
      .filter((hit) => hit.at >= 0)
      .sort((a, b) => a.at - b.at);
    // "Validade: 30 dias" is no transit; "Paranaguá: …; validade 31/12/2026; transit time 38 dias" has one
    // after the port (QA pass 41c: the line was skipped, both ports took the other line's days).
    if (NOT_TRANSIT.test(text.slice(0, hits[0]?.at ?? text.length))) continue;
    if (
      hits.length === 1 &&
      !/\d/.test(text) &&
      /^[\s:.–—-]*$/.test(text.slice(hits[0]!.at + hits[0]!.length))
    ) {
      section = hits[0]!.index;
      continue;
    }
    // "Transit time: 30 dias" under such a heading is that destination's.
    if (hits.length === 0 && section !== null) {
      const days = DAYS.exec(text);
      if (days) record(section, FREE.test(text) && !/transit/.test(text), days, line);
      continue;
    }
    // Two destinations on the line, or one that opens it ("Navegantes: frete …, 45 dias"), alone or as
    // the end of a route ("Ningbo x Itajaí: Ocean freight …, transit time 34 days").
    if (hits.length === 0) continue;
    // … or after a discharge label ("POD Santos: USD 2.300/40HC, transit 32 days").
    const lead = text.slice(0, hits[0]?.at ?? 0);
    if (hits.length === 1 && hits[0]!.at > 2 && !ROUTE_START.test(lead) && !DESTINATION_LEAD.test(lead))
      continue;
    const isFree = FREE.test(text.slice(0, hits[0]!.at)) || (FREE.test(text) && !/transit/.test(text));
    // "Tránsito: 34 días a Santos, 36 días a Itapoá": the days come before each destination.
    const daysFirst = hits.length >= 2 && DAYS.test(text.slice(0, hits[0]!.at));
    hits.forEach((hit, i) => {
      const segment = daysFirst
        ? text.slice(i === 0 ? 0 : hits[i - 1]!.at + hits[i - 1]!.length, hit.at)
        : text.slice(hit.at + hit.length, hits[i + 1]?.at ?? text.length);
      // Clause by clause: "…; validade 31/12/2026; transit time 38 dias; free time 14 dias".
      for (const clause of segment.split(/;|,(?!\d)|\s[·|]\s/)) {
        // "…; validade 31/12/2026;": the port's own validity (QA pass 41c: the approval of Paranaguá gave
        // Santos's date).
        const validity = VALIDITY.exec(clause);
        if (validity !== null) {
          const iso = readValidity(clause.slice(validity[0].length), dates.order, dates.reference);
          const entry = found.get(hit.index) ?? {};
          if (iso !== null && entry.validity === undefined)
            found.set(hit.index, { ...entry, validity: iso, validityLine: line });
          continue;
        }
        if (NOT_TRANSIT.test(clause)) continue;
        const days = DAYS.exec(clause);
        if (!days) continue;
        record(hit.index, FREE.test(clause) ? true : /transit/.test(clause) ? false : isFree, days, line);
      }
    });
  }
  final.destinos.forEach((destino, index) => {
    const entry = found.get(index);
    if (entry?.transit !== undefined) destino.transit_time_dias = entry.transit;
    if (entry?.transitLine !== undefined) destino.transit_source = source(entry.transitLine);
    if (entry?.free !== undefined) destino.free_time_dias = entry.free;
    if (entry?.freeLine !== undefined) destino.free_source = source(entry.freeLine);
    if (entry?.validity !== undefined) destino.validade = entry.validity;
    if (entry?.validityLine !== undefined) destino.validade_source = source(entry.validityLine);
  });
}
