import { classifyHeadingLine, type SectionContext } from '../blocks/headings.js';
import type { Line } from '../blocks/lines.js';
import { readTables, type TableRead } from '../blocks/tables.js';
import { readChargeLines } from '../fields/charge-lines.js';
import type { ChargeCandidate } from '../fields/charge-types.js';
import { allInLabel, parseChargeLine } from '../fields/charges.js';
import type { FieldContext, FieldResults } from '../fields/field-types.js';
import { readFields } from '../fields/read-fields.js';
import { statedCurrency } from '../fields/stated-currency.js';
import { normaliseLabel } from '../normalise/text.js';

export interface SectionSpan {
  context: SectionContext;
  start: number;
  end: number;
}

export interface ScopeAnalysis {
  fields: FieldResults;
  charges: ChargeCandidate[];
  tables: TableRead['tables'];
  sections: SectionSpan[];
  /** Table rows rewritten as "Label: value" ("Transit time: Santos 32 dias / Itapoá 35 dias"). */
  tableFieldLines: Line[];
}

/** Sections opened by headings; one ends at the next heading, or at a blank line once it has content. */
function findSections(lines: Line[]): { sectionOf: Map<number, SectionContext>; spans: SectionSpan[] } {
  const sectionOf = new Map<number, SectionContext>();
  const spans: SectionSpan[] = [];
  let current: SectionSpan | null = null;
  let hasContent = false;
  for (const line of lines) {
    const heading = line.blank ? null : classifyHeadingLine(line.text, line.no);
    if (heading !== null) {
      current = { context: heading, start: line.no, end: line.no };
      spans.push(current);
      hasContent = false;
      continue;
    }
    if (line.blank) {
      if (hasContent) current = null;
      continue;
    }
    if (current !== null) {
      sectionOf.set(line.no, current.context);
      current.end = line.no;
      hasContent = true;
    }
  }
  return { sectionOf, spans };
}

/**
 * The heading a table stands under: the section of its header line, or — when the header row reads as a
 * heading itself ("| Tipo | Frete (USD) |") — the one whose heading is right above it (blank lines aside).
 */
function headingOver(
  start: number,
  lines: Line[],
  spans: SectionSpan[],
  sectionOf: Map<number, SectionContext>,
): SectionContext | null {
  const own = sectionOf.get(start);
  if (own !== undefined && own.line !== start) return own;
  const before = spans.filter((span) => span.start < start).at(-1);
  if (before === undefined) return null;
  const between = lines.filter((line) => line.no > before.end && line.no < start);
  return between.every((line) => line.blank) ? before.context : null;
}

const ALL_IN = /(?:^| )all ?in(?: |$)/;

function sameEquipment(a: ChargeCandidate, b: ChargeCandidate): boolean {
  const units = (c: ChargeCandidate) => c.equipment ?? (c.freightUnit === null ? [] : [c.freightUnit]);
  const left = units(a);
  const right = units(b);
  if (left.length === 0 || right.length === 0) return true;
  return left.some((u) => right.includes(u as never));
}

/**
 * An "all in" figure printed beside a base freight (with its surcharges as fees) is a check of the
 * sum, not a second freight: the base is the freight. An "all in" price alone stays the freight.
 */
function withoutAllInChecks(charges: ChargeCandidate[]): ChargeCandidate[] {
  const isAllIn = (c: ChargeCandidate) => c.kind === 'freight' && ALL_IN.test(normaliseLabel(c.label));
  const bases = charges.filter((c) => c.kind === 'freight' && !isAllIn(c));
  if (bases.length === 0) return charges;
  return charges.filter((c) => !isAllIn(c) || !bases.some((b) => sameEquipment(b, c)));
}

/** Tables, sections, charges and labelled fields of one message (the newest one or a quoted one). */
export function analyseScope(lines: Line[], ctx: FieldContext): ScopeAnalysis {
  const tables = readTables(lines, ctx.origin);
  const remaining = lines.filter((l) => !tables.consumed.has(l.no));
  const { sectionOf, spans } = findSections(lines);
  const section = (line: Line) => sectionOf.get(line.no) ?? null;
  // A table under an all-in heading ("Tarifa all in (inclui THC e BL):"): its prices are all-in too.
  for (const table of tables.tables) {
    const heading = headingOver(table.start, lines, spans, sectionOf);
    if (heading === null) continue;
    for (const charge of tables.charges)
      if (charge.kind === 'freight' && charge.line.no >= table.start && charge.line.no <= table.end)
        charge.label = allInLabel(charge.label, heading);
  }
  const charges = [
    ...tables.charges,
    ...readChargeLines(remaining, section, ctx.origin, statedCurrency(lines), ctx.quotePorts),
  ];
  for (const row of tables.chargeRows) {
    const parsed = parseChargeLine({
      text: row.text,
      line: row.line,
      section: section(row.line),
      origin: ctx.origin,
      cell: row.cell,
      ...(ctx.quotePorts === undefined ? {} : { quotePorts: ctx.quotePorts }),
    });
    charges.push(...parsed.map((c) => ({ ...c, confidence: Math.min(0.95, c.confidence + 0.05) })));
  }
  charges.sort((a, b) => a.line.no - b.line.no);
  const offer = withoutAllInChecks(charges);
  const fieldLines = [...remaining.filter((l) => !l.blank), ...tables.fieldLines].sort((a, b) => a.no - b.no);
  return {
    fields: readFields(fieldLines, ctx),
    charges: offer,
    tables: tables.tables,
    sections: spans,
    tableFieldLines: tables.fieldLines,
  };
}
