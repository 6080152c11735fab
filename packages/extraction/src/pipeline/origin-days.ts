import type { Line } from '../blocks/lines.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import type { FinalData, SourceRef } from '../types.js';

/*
 * Transit time per origin (QA pass 37): a reply pricing two ports of loading gives each its transit — under
 * a heading ("Ningbo x Itajaí:" … "Transit time 35 dias"), on a table row ("Ningbo | Itajaí | 2,100.00 |
 * 38 days") or on one line ("TT: Ningbo 36 dias / Shanghai 30 dias"). The comparison counts the cheaper
 * origin of a quote that asks either, and its transit must be that origin's, not the range of both.
 */

const DAYS = /(\d{1,3})(?:\s*(?:a|-|–|to)\s*(\d{1,3}))?\s*(?:dias|days|dias corridos)(?![\p{L}])/u;
const NOT_TRANSIT = /free\s*time|livres?|demurrage|detention|armazenagem|storage|validade|validity|payment/;

export function attachOriginDays(final: FinalData, lines: readonly Line[]): void {
  const names = [
    ...new Set(final.fretes.map((frete) => frete.origem).filter((o): o is string => Boolean(o))),
  ];
  if (names.length < 2) return;
  const folded = names.map((name) => foldKeepingOffsets(name));
  const found = new Map<number, { days: number; line: Line }>();
  const record = (index: number, days: RegExpExecArray, line: Line) => {
    if (found.has(index)) return;
    found.set(index, { days: Math.max(Number(days[1]), Number(days[2] ?? days[1])), line });
  };
  /** The origin a heading line names ("Ningbo x Itajaí:", "Ex Shanghai"), until a blank line. */
  let section: number | null = null;
  for (const line of lines) {
    const text = foldKeepingOffsets(line.trimmed);
    if (text.trim() === '') {
      section = null;
      continue;
    }
    if (NOT_TRANSIT.test(text)) continue;
    const hits = folded
      .map((name, index) => ({ index, at: text.indexOf(name), length: name.length }))
      .filter((hit) => hit.at >= 0)
      .sort((a, b) => a.at - b.at);
    if (hits.length === 1 && !/\d/.test(text)) {
      section = hits[0]!.index;
      continue;
    }
    if (hits.length === 0) {
      if (section === null) continue;
      const days = DAYS.exec(text);
      if (days) record(section, days, line);
      continue;
    }
    // Each origin named on the line takes the days written after it, before the next one.
    hits.forEach((hit, i) => {
      const days = DAYS.exec(text.slice(hit.at + hit.length, hits[i + 1]?.at ?? text.length));
      if (days) record(hit.index, days, line);
    });
  }
  if (found.size < 2) return;
  const source = (line: Line): SourceRef => ({
    line: line.no,
    text: line.trimmed.slice(0, 200),
    origin: 'body',
  });
  final.origens = names.flatMap((nome, index) => {
    const entry = found.get(index);
    return entry ? [{ nome, transit_time_dias: entry.days, transit_source: source(entry.line) }] : [];
  });
}
