import { FEES, PER_SHIPMENT_BY_NATURE } from '../dictionary/fees.js';
import { FIELD_LABELS, type FieldName } from '../dictionary/labels.js';
import type { ChargeCandidate } from '../fields/charge-types.js';
import { lookupPlace, parsePlaceField, readRouteOnly } from '../fields/places.js';
import { matchFee } from '../normalise/fee-names.js';
import { type AmountToken, currencyMentioned, findAmounts, parseBareAmount } from '../normalise/money.js';
import { normaliseLabel } from '../normalise/text.js';
import { findEquipment, findUnit, freightUnitFromBasis, unitFromBasisWord } from '../normalise/units.js';
import { breakLowerKg, withKnownBands } from '../normalise/weight-breaks.js';
import type { ContainerUnit, Currency, FeeUnit } from '../types.js';
import { classifyHeadingLine } from './headings.js';
import { type Cell, type Line, makeLine } from './lines.js';

type ColumnRole =
  | 'place'
  | 'origin'
  | 'carrier'
  | 'equipment'
  | 'equipmentRate'
  | 'placeRate'
  | 'freight'
  | 'fee'
  | 'total'
  | 'transit'
  | 'freeTime'
  | 'via'
  | 'validity'
  | 'incoterm'
  | 'weightBreak'
  | 'currency'
  | 'value'
  | 'basis'
  /** "Mínimo": the charge's minimum amount ("0,12 por kg, mínimo 60,00"), QA pass 39. */
  | 'minimum'
  | 'description';

interface Column {
  role: ColumnRole;
  text: string;
  start: number;
  end: number;
  index: number;
  equipment: ContainerUnit[] | null;
  /** "20' / 40'": one header cell naming several sizes, its cells "2,650 / 3,400" in the same order. */
  equipmentList?: ContainerUnit[][];
  feeName: string | null;
  currency: Currency | null;
  unit: FeeUnit | null;
}

export interface TableRead {
  charges: ChargeCandidate[];
  /** Rows of description/amount tables, rewritten as "label: CUR value basis" for the charge-line reader. */
  chargeRows: Array<{ text: string; line: Line; cell: string }>;
  /** Rows rewritten as "Label: value" for the field readers (POD, T/T, free time, carrier ...). */
  fieldLines: Line[];
  consumed: Set<number>;
  tables: Array<{ start: number; end: number; title: string; perDestination: boolean }>;
}

const FIELD_ROLE: Partial<Record<FieldName, ColumnRole>> = {
  origin: 'origin',
  destination: 'place',
  carrier: 'carrier',
  transit: 'transit',
  freeTime: 'freeTime',
  transshipment: 'via',
  routing: 'via',
  validity: 'validity',
  incoterm: 'incoterm',
  equipment: 'equipment',
};
const FIELD_COLUMN_LABELS = new Map<string, ColumnRole>();
for (const [field, role] of Object.entries(FIELD_ROLE) as Array<[FieldName, ColumnRole]>) {
  for (const label of FIELD_LABELS[field])
    if (!FIELD_COLUMN_LABELS.has(label)) FIELD_COLUMN_LABELS.set(label, role);
}
const FIELD_ROLES = new Set<ColumnRole>([
  'place',
  'origin',
  'carrier',
  'transit',
  'freeTime',
  'via',
  'validity',
  'incoterm',
  'equipment',
]);
const LABEL_OF_ROLE: Partial<Record<ColumnRole, string>> = {
  place: 'Destino',
  origin: 'Origem',
  carrier: 'Armador',
  transit: 'Transit time',
  freeTime: 'Free time',
  via: 'Transbordo',
  validity: 'Validade',
  incoterm: 'Incoterm',
};

const WORD_ROLES: Array<[RegExp, ColumnRole]> = [
  [/^(moeda|currency|moneda|divisa|curr|cur)$/, 'currency'],
  [
    /^(valor|value|amount|importe|price|preco|precio|montante|valor unitario|unit price|cost|custo)$/,
    'value',
  ],
  [/^(base|basis|unidade|unit|unidad|por|per|aplicacao|calculo|base de calculo|uom)$/, 'basis'],
  [
    /^(minimo|min|minimum|minima|min charge|minimum charge|cobranca minima|valor minimo|tarifa minima|minimo cobrado)$/,
    'minimum',
  ],
  [
    /^(descricao|description|item|itens|items|charge|charges|concepto|conceptos|servico|service|descripcion|despesa|despesas|taxa|taxas|fee|fees)$/,
    'description',
  ],
  [
    /^(weight break|weight breaks|peso|faixa|faixa de peso|break|escala|escala de peso|kg range|rango)$/,
    'weightBreak',
  ],
  // "| Tipo | Frete (USD) |" over "| 20DV | 1.600,00 |": the column of container types (QA pass 33; a table
  // of two columns was no table, and each type's size was read as an amount).
  [
    /^(tipo|type|tipo de conteiner|tipo de contenedor|tipo de equipamento|tipo de equipo|contenedor|cntr|equip|container size|size)$/,
    'equipment',
  ],
];

function classifyColumn(cell: Cell): Column | null {
  const plain = cell.text.replace(/\([^)]*\)/g, ' ');
  const label = normaliseLabel(plain);
  if (label === '' || label.split(' ').length > 6) return null;
  const base = { text: cell.text, start: cell.start, end: cell.end, index: cell.index };
  const currency = currencyMentioned(cell.text);
  const unitMatch = findUnit(cell.text);
  const unit = unitMatch === null || unitMatch.unit === 'DAY' ? null : unitMatch.unit;
  const make = (role: ColumnRole, extra: Partial<Column> = {}): Column => ({
    ...base,
    role,
    equipment: null,
    feeName: null,
    currency,
    unit,
    ...extra,
  });
  if (TOTAL.test(normaliseLabel(cell.text))) return make('total');
  for (const [pattern, role] of WORD_ROLES) if (pattern.test(label)) return make(role);
  const equipment = findEquipment(cell.text)[0];
  // "20' / 40'" (a pasted Outlook grid, generalisation-4 t02): each value of a cell "2,650 / 3,400" is for
  // its own size; a single value is for every size the title names.
  const slashed = cell.text.split('/').map((part) => findEquipment(part));
  if (slashed.length >= 2 && slashed.every((found) => found.length === 1)) {
    const list = slashed.map((found) => found[0]?.units ?? []);
    return make('equipmentRate', { equipment: [...new Set(list.flat())], equipmentList: list });
  }
  if (equipment !== undefined && label.split(' ').length <= 3)
    return make('equipmentRate', { equipment: equipment.units });
  const fieldRole = FIELD_COLUMN_LABELS.get(label);
  if (fieldRole !== undefined) return make(fieldRole);
  // A port as a column title: prices per destination across, equipment or charges down.
  const port = lookupPlace(plain.trim());
  if (port !== null) return make('placeRate', { text: port.name });
  if (
    /^(rate|rates|tarifa|frete|freight|flete|ocean freight|sea freight|air freight|o f|of|all in|frete maritimo|frete aereo)$/.test(
      label,
    )
  ) {
    return make('freight');
  }
  // A rate column titled by its currency and unit only ("USD/kg", "EUR / cbm").
  if (currency !== null && /^(?:usd|us|eur|brl|r|gbp|cny)\s+(?:kg|kgs|cbm|m3|w m|wm)$/.test(label))
    return make('freight');
  // "Frete all in exceto THC", "Ocean freight (all in)": a freight column, whatever charge it names after.
  if (/^(?:frete|freight|flete|ocean freight|sea freight|frete maritimo|all in)\b/.test(label))
    return make('freight');
  const fee = matchFee(plain);
  if (fee !== null) return make('fee', { feeName: fee.fee.name });
  return null;
}

type TableKind = 'typed' | 'description' | 'fields' | 'weightBreak' | 'breakColumns';

const TOTAL = /\b(total|totais|subtotal|sum)\b/;
const VALUE_WORDS = /\b(included|incluso|incluido|inclusa|n a|tba|tbc|free of charge|gratis|isento|waived)\b/;
const MINIMUM_BREAK = /^(m|min|minimum|minimo|mínimo|mín|minima)\b/i;
const WEIGHT_BREAK = /^([+\-<>]|mais de|ate|até|up to|over)?\s*\d+\s*(kgs?|k)?\s*\+?$|^(n|normal|q\d+)$/i;

function isBreakLabel(text: string): boolean {
  const clean = text.replace(/\([^)]*\)/g, '').trim();
  return clean.length <= 12 && (MINIMUM_BREAK.test(clean) || WEIGHT_BREAK.test(clean));
}

function tableKind(columns: Column[]): TableKind | null {
  const roles = new Set(columns.map((c) => c.role));
  if (roles.has('weightBreak')) return 'weightBreak';
  if (
    roles.has('equipmentRate') ||
    (columns.filter((c) => c.role === 'placeRate').length >= 2 &&
      (roles.has('equipment') || roles.has('description') || roles.size === 1 || roles.has('basis'))) ||
    roles.has('fee') ||
    (roles.has('freight') && (roles.has('equipment') || roles.has('place')))
  ) {
    return 'typed';
  }
  if (roles.has('value') || roles.has('freight')) return 'description';
  if (columns.every((c) => FIELD_ROLES.has(c.role))) return 'fields';
  return null;
}

function readHeader(line: Line): { columns: Column[]; kind: TableKind } | null {
  const cells = line.cells.filter((c) => c.text !== '');
  if (cells.length < 2 || cells.some((c) => /:$/.test(c.text) || parseBareAmount(c.text) !== null))
    return null;
  if (findAmounts(line.text).some((a) => !a.isPercent) || VALUE_WORDS.test(normaliseLabel(line.text)))
    return null;
  if (cells.filter((c) => isBreakLabel(c.text)).length >= 3) {
    const columns = cells.map((cell) => ({
      ...(classifyColumn(cell) ?? {
        role: 'description' as const,
        equipment: null,
        feeName: null,
        unit: null,
      }),
      text: cell.text,
      start: cell.start,
      end: cell.end,
      index: cell.index,
      currency: currencyMentioned(cell.text),
      ...(isBreakLabel(cell.text) ? { role: 'weightBreak' as const } : {}),
    }));
    return { columns, kind: 'breakColumns' };
  }
  const columns = cells.map(classifyColumn);
  const known = columns.filter((c): c is Column => c !== null);
  if (known.length < 2 || known.length < Math.ceil(cells.length * 0.6)) return null;
  const kind = tableKind(known);
  return kind === null ? null : { columns: known, kind };
}

interface RowValue {
  column: Column;
  text: string;
  amounts: AmountToken[];
  bare: number | null;
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

function columnAt(columns: Column[], start: number, end: number): Column | null {
  let best: Column | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const column of columns) {
    const score = overlap(start, end, column.start, column.end);
    const distance = -Math.abs((start + end) / 2 - (column.start + column.end) / 2) / 1000;
    const total = score > 0 ? score : distance - 1;
    if (total > bestScore) {
      bestScore = total;
      best = column;
    }
  }
  return best;
}

interface RowRead {
  values: RowValue[];
  /** Text before the first column or in a column the header does not name ("Frete", "THC"). */
  label: string;
}

const TRAILING_CURRENCY = /^(.*\S) +(USD|US\$|BRL|R\$|EUR|GBP|CNY)$/;

/**
 * A description run into the currency beside it with one space ("Frete marítimo 40HC USD     2.350,00"
 * under "Descrição   Moeda   Valor": a PDF whose description column is as wide as its longest label, QA 25):
 * the currency code at the end of the cell, where the currency column begins, is that column's.
 */
function spilledCurrency(
  cell: Cell,
  columns: Column[],
): { label: string; currency: string; column: Column } | null {
  const match = TRAILING_CURRENCY.exec(cell.text);
  if (match === null) return null;
  const label = match[1] ?? '';
  const currency = match[2] ?? '';
  const codeStart = cell.end - currency.length;
  const at = columnAt(columns, codeStart, cell.end);
  // A PDF's text puts the header's words closer than the rows' (QA pass 39: "Recargo de seguridad (SSC) USD"
  // with its code past the "Moneda" title, nearer "Tarifa"): a code at or right of where the currency
  // column starts, in a cell that starts left of it, is that column's.
  const currencyColumn = columns.find((c) => c.role === 'currency');
  const column =
    at?.role === 'currency'
      ? at
      : currencyColumn !== undefined && cell.start < currencyColumn.start && codeStart >= currencyColumn.start
        ? currencyColumn
        : null;
  if (column === null) return null;
  const labelColumn = columnAt(columns, cell.start, cell.start + label.length);
  if (labelColumn === null || labelColumn === column) return null;
  return { label, currency, column };
}

/**
 * A row of spaces with as many cells as the header has columns, each over a column of its own, that its
 * positions put elsewhere: "20DV   1.250,00   1.100,00   75,00" under "Equipamento   Frete marítimo (USD)   THC
 * Santos (BRL/cntr)   BL fee (USD)", typed by hand in a proportional font (QA pass 33: the THC was read as
 * the freight). Each cell is then the column of its rank.
 */
function misaligned(line: Line, columns: Column[]): boolean {
  return misalignedCells(line.cells, columns);
}

function misalignedCells(all: readonly Cell[], columns: Column[]): boolean {
  const cells = all.filter((cell) => cell.text !== '');
  if (cells.length !== columns.length || cells.length !== all.length || cells.length < 2) return false;
  const sorted = [...columns].sort((a, b) => a.start - b.start);
  if (sorted.some((column, k) => column.index !== columns[k]?.index)) return false;
  const placed = cells.map((cell) => columnAt(columns, cell.start, cell.end));
  return new Set(placed).size < cells.length;
}

/** The cells with a trailing currency code split off as a cell of its own (see `spilledCurrency`). */
function splitSpilledCurrency(cells: readonly Cell[], columns: Column[]): readonly Cell[] {
  if (!columns.some((c) => c.role === 'currency')) return cells;
  let changed = false;
  const out: Cell[] = [];
  for (const cell of cells) {
    const spilled = findAmounts(cell.text).length === 0 ? spilledCurrency(cell, columns) : null;
    if (spilled === null) {
      out.push(cell);
      continue;
    }
    changed = true;
    const codeStart = cell.end - spilled.currency.length;
    out.push({
      text: spilled.label,
      start: cell.start,
      end: cell.start + spilled.label.length,
      index: cell.index,
    });
    out.push({ text: spilled.currency, start: codeStart, end: cell.end, index: cell.index });
  }
  return changed ? out : cells;
}

function readRow(line: Line, columns: Column[], delimited: boolean): RowRead {
  const values: RowValue[] = [];
  const labels: string[] = [];
  const firstStart = Math.min(...columns.map((c) => c.start));
  const add = (column: Column | null, text: string, amounts: AmountToken[], bare: number | null) => {
    if (column === null) return;
    const existing = values.find((v) => v.column === column);
    if (existing === undefined) values.push({ column, text, amounts, bare });
    else {
      existing.text = `${existing.text} ${text}`.trim();
      existing.amounts.push(...amounts);
      existing.bare ??= bare;
    }
  };
  // "Recargo de seguridad (SSC) USD   0,20   por kg   25,00": the currency run into the label with one space
  // is a cell of its own when the table has a currency column, so that a row of one cell per column, set
  // where the header's positions do not say, is read by rank (QA pass 39: the row was dropped).
  const split = delimited ? line.cells : splitSpilledCurrency(line.cells, columns);
  const byIndex = !delimited && (misaligned(line, columns) || misalignedCells(split, columns));
  if (byIndex && split !== line.cells) {
    for (const [k, cell] of split.entries())
      if (cell.text !== '')
        add(columns[k] ?? null, cell.text, findAmounts(cell.text), parseBareAmount(cell.text)?.value ?? null);
    return { values, label: labels.join(' ') };
  }
  for (const [k, cell] of line.cells.entries()) {
    if (cell.text === '') continue;
    const bare = parseBareAmount(cell.text)?.value ?? null;
    const amounts = findAmounts(cell.text);
    if (byIndex) {
      // One cell per column, typed without aligning them: the k-th cell is the k-th column's.
      add(columns[k] ?? null, cell.text, amounts, bare);
      continue;
    }
    if (delimited) {
      const column = columns.find((c) => c.index === cell.index) ?? null;
      if (column === null && amounts.length === 0 && bare === null) labels.push(cell.text);
      add(column, cell.text, amounts, bare);
      continue;
    }
    if (amounts.length === 0) {
      const spilled = spilledCurrency(cell, columns);
      if (spilled !== null) {
        add(columnAt(columns, cell.start, cell.start + spilled.label.length), spilled.label, [], null);
        add(spilled.column, spilled.currency, [], null);
        continue;
      }
      if (cell.end <= firstStart && bare === null) labels.push(cell.text);
      else add(columnAt(columns, cell.start, cell.end), cell.text, [], bare);
      continue;
    }
    let rest = cell.text;
    for (const amount of amounts) {
      add(columnAt(columns, cell.start + amount.start, cell.start + amount.end), amount.raw, [amount], null);
      rest = rest.replace(amount.raw, ' ');
    }
    if (rest.trim() !== '')
      add(columnAt(columns, cell.start, cell.start + rest.trimEnd().length), rest.trim(), [], null);
  }
  return { values, label: labels.join(' ') };
}

function virtualLine(line: Line, label: string, value: string): Line {
  const text = `${label}: ${value}`;
  return {
    no: line.no,
    text,
    trimmed: text,
    cells: [{ text, start: 0, end: text.length, index: 0 }],
    delimited: false,
    quoteDepth: 0,
    blank: false,
  };
}

function baseCandidate(
  line: Line,
  origin: string,
  cell: string,
): Omit<ChargeCandidate, 'kind' | 'label' | 'feeName' | 'value'> {
  return {
    currency: null,
    isPercent: false,
    unit: null,
    freightUnit: null,
    equipment: null,
    placeText: '',
    labelPlaces: [],
    minimum: null,
    line,
    cell,
    origin,
    confidence: 0.9,
  };
}

function readTypedRows(rows: Line[], columns: Column[], origin: string, out: TableRead): void {
  const rowsData = rows.map((row) => ({ row, ...readRow(row, columns, row.delimited) }));
  const carrierOf = (values: RowValue[]) => values.find((v) => v.column.role === 'carrier')?.text ?? null;
  const placeOf = (values: RowValue[]) => values.find((v) => v.column.role === 'place')?.text ?? null;
  const carriers = [...new Set(rowsData.map((r) => carrierOf(r.values)).filter((c) => c !== null))];
  const places = rowsData.map((r) => placeOf(r.values)).filter((p) => p !== null);
  const alternativeCarriers = carriers.length > 1 && new Set(places).size < places.length;
  const chosenCarrier = carriers[0] ?? null;
  const placeColumns = columns.filter((c) => c.role === 'placeRate');
  const freightByColumn = new Map<Column, ChargeCandidate[]>();
  for (const { row, values, label: ownLabel } of rowsData) {
    if (alternativeCarriers && carrierOf(values) !== chosenCarrier) continue;
    const description = values.find((v) => v.column.role === 'description')?.text ?? '';
    // Under an "Equipamento" column, a row that names no equipment names its charge or field there
    // ("THC (BRL/cntr)", "Transit time"): the QA pass's transposed table.
    const equipmentCell = values.find((v) => v.column.role === 'equipment')?.text ?? '';
    const namedInEquipment =
      equipmentCell !== '' && findEquipment(equipmentCell).length === 0 ? equipmentCell : '';
    const rowLabel = [ownLabel, description, namedInEquipment].filter((t) => t !== '').join(' ');
    // A row named by its first cell: "Frete" (freight), "THC" (a fee per equipment column), "Total" (skipped).
    if (TOTAL.test(normaliseLabel(rowLabel))) continue;
    const rowText = (...roles: ColumnRole[]) => values.find((v) => roles.includes(v.column.role))?.text ?? '';
    const basisText = rowText('basis');
    const labelTexts = values.filter((v) => v.amounts.length === 0 && v.bare === null).map((v) => v.text);
    const rowCurrency =
      currencyMentioned(rowText('currency')) ??
      currencyMentioned(rowLabel) ??
      currencyMentioned(basisText) ??
      labelTexts.map((t) => currencyMentioned(t)).find((c) => c !== null) ??
      null;
    const labelUnit = findUnit(`${rowLabel.match(/\(([^)]*)\)/)?.[1]?.replace(/^.*?\//, 'por ') ?? ''}`);
    const basisUnit = findUnit(/^(por|per|\/)/i.test(basisText.trim()) ? basisText : `por ${basisText}`);
    const rowUnit =
      (basisUnit !== null && basisUnit.unit !== 'DAY' ? basisUnit.unit : null) ??
      (labelUnit !== null && labelUnit.unit !== 'DAY' ? labelUnit.unit : null);
    // Destinations across: a row may be a field per destination ("Transit time", "Free time") or a minimum.
    if (placeColumns.length >= 2 && rowLabel !== '') {
      const field = rowFieldRole(rowLabel);
      if (field !== null) {
        const parts = values
          .filter((v) => v.column.role === 'placeRate' && v.text !== '')
          .map(
            (v) => `${v.column.text} ${v.text}${field === 'transit' || field === 'freeTime' ? ' dias' : ''}`,
          );
        if (parts.length > 0)
          out.fieldLines.push(virtualLine(row, LABEL_OF_ROLE[field] ?? rowLabel, parts.join(' / ')));
        continue;
      }
      if (MINIMUM_BREAK.test(normaliseLabel(rowLabel))) {
        for (const value of values) {
          const amount = value.amounts[0]?.value ?? value.bare;
          if (amount === null || amount === undefined) continue;
          for (const freight of freightByColumn.get(value.column) ?? []) freight.minimum = amount;
        }
        continue;
      }
    }
    const rowFee = rowLabel === '' ? null : matchFee(rowLabel);
    const rowPlace =
      rowLabel === '' || rowFee !== null
        ? null
        : (parsePlaceField(rowLabel).places.find((p) => p.known) ?? null);
    // "Shanghai x Santos | USD 2,200 | USD 1,380" (in a "Rota" column or as the row's label): the row's route.
    const route = [...values.filter((v) => isRouteCell(v)).map((v) => v.text), rowLabel]
      .map((text) => (text === '' ? null : readRouteOnly(text)))
      .find((r) => r !== null);
    const placeText = placeOf(values) ?? route?.to.name ?? rowPlace?.name ?? '';
    const place = placeText === '' ? null : (parsePlaceField(placeText).places[0] ?? null);
    // "POL | POD | 40HC | 20DV" rows: each row's freight is from its own port of loading.
    const originText = values.find((v) => v.column.role === 'origin' && v.amounts.length === 0)?.text ?? '';
    const rowOrigin =
      (originText === '' ? null : (parsePlaceField(originText).places[0] ?? null)) ?? route?.from ?? null;
    const rowEquipment =
      findEquipment(values.find((v) => v.column.role === 'equipment')?.text ?? '')[0]?.units ??
      findEquipment(values.find((v) => v.amounts.length === 0 && v.bare === null)?.text ?? '')[0]?.units ??
      // "Frete 20'DC | USD 1.580,00 | USD 1.640,00" under port columns: the equipment named in the row's label.
      findEquipment(rowLabel)[0]?.units ??
      null;
    // "Destino | Frete (USD por W/M) | Mínimo": the row's minimum is its price's (QA pass 41c: ignored).
    const minimumCell = values.find((v) => v.column.role === 'minimum');
    const rowMinimum = minimumCell?.amounts.find((a) => !a.isPercent)?.value ?? minimumCell?.bare ?? null;
    const shipmentUnit = rowFee === null || rowUnit === 'CNTR' ? null : perShipmentUnit(rowFee.fee.name);
    const oncePerShipment = shipmentUnit !== null && sameUnderEveryEquipment(values, columns);
    let shipmentChargeRead = false;
    for (const value of values) {
      const { column } = value;
      if (oncePerShipment && column.role === 'equipmentRate') {
        if (shipmentChargeRead) continue;
        shipmentChargeRead = true;
      }
      const label =
        isRouteCell(value) && readRouteOnly(value.text) !== null ? 'Rota' : LABEL_OF_ROLE[column.role];
      if (label !== undefined && FIELD_ROLES.has(column.role) && value.amounts.length === 0) {
        const needsDays =
          (column.role === 'transit' || column.role === 'freeTime') &&
          /^\d+(\s*[-–a]\s*\d+)?$/.test(value.text);
        out.fieldLines.push(virtualLine(row, label, needsDays ? `${value.text} dias` : value.text));
        continue;
      }
      if (!['equipmentRate', 'placeRate', 'freight', 'fee'].includes(column.role)) continue;
      const columnPlace = column.role === 'placeRate' ? lookupPlace(column.text) : null;
      const valuePlace = columnPlace ?? place;
      const split = splitByEquipment(value, column);
      const tokens: Array<{ value: number; currency: Currency | null; equipment?: ContainerUnit[] }> =
        split !== null
          ? split
          : value.amounts.length > 0
            ? value.amounts.filter((a) => !a.isPercent).map((a) => ({ value: a.value, currency: a.currency }))
            : value.bare !== null
              ? [{ value: value.bare, currency: null }]
              : [];
      for (const token of tokens) {
        const isFee = column.role === 'fee' || (column.role !== 'freight' && rowFee !== null);
        const candidate: ChargeCandidate = {
          ...baseCandidate(row, origin, `${column.text} × ${placeText || row.trimmed.slice(0, 30)}`),
          kind: isFee ? 'fee' : 'freight',
          label: column.role === 'fee' ? column.text : rowFee !== null ? rowLabel : column.text,
          feeName: column.role === 'fee' ? column.feeName : (rowFee?.fee.name ?? null),
          value: token.value,
          currency: token.currency ?? rowCurrency ?? column.currency,
          placeText: valuePlace?.name ?? placeText,
          labelPlaces: valuePlace === null ? [] : [valuePlace],
        };
        if (isFee && column.role === 'equipmentRate' && oncePerShipment) {
          // "BL fee | 350.00 | 350.00" under 20DV and 40HC: one charge per BL, not one per container.
          candidate.unit = rowUnit ?? shipmentUnit;
          candidate.cell = `${columns
            .filter((c) => c.role === 'equipmentRate')
            .map((c) => c.text)
            .join(' / ')} × ${placeText || row.trimmed.slice(0, 30)}`;
        } else if (isFee && column.role !== 'fee') {
          candidate.unit =
            rowUnit ?? (column.role === 'equipmentRate' || rowEquipment !== null ? 'CNTR' : null);
          // "THC | 1100 | 1450" under 20' and 40': each price is for the containers of its column.
          if (column.role === 'equipmentRate') candidate.equipment = column.equipment;
        } else if (column.role === 'equipmentRate') candidate.equipment = column.equipment;
        else if (column.role === 'freight' || column.role === 'placeRate') {
          candidate.equipment = rowEquipment;
          candidate.unit = column.unit ?? (rowEquipment === null ? rowUnit : null);
          if (rowEquipment === null && candidate.unit !== null && candidate.unit !== 'CNTR')
            candidate.freightUnit = freightUnitFromBasis(candidate.unit);
        } else if (column.role === 'fee') {
          // Types as rows, charges as columns ("| 20DV | 1.250,00 | 1.100,00 |" under "Tipo | Frete | THC"):
          // a per-container charge's cell is for its row's type, as the freight cell is (QA pass 33); a
          // document's ("BL fee (USD)") stays per BL, said once whatever the rows.
          const perShipment = column.feeName === null ? null : perShipmentUnit(column.feeName);
          candidate.unit = column.unit ?? rowUnit ?? (rowEquipment !== null ? (perShipment ?? 'CNTR') : null);
          if (candidate.unit === 'CNTR' && rowEquipment !== null) candidate.equipment = rowEquipment;
        } else candidate.unit = column.unit ?? rowUnit ?? (rowEquipment !== null ? 'CNTR' : null);
        if (token.equipment !== undefined) candidate.equipment = token.equipment;
        // Not a charge of its own column ("Desconsolidação (BRL/BL)"): the minimum is the row's price's.
        if (rowMinimum !== null && rowMinimum > 0 && column.role !== 'fee') candidate.minimum = rowMinimum;
        if (candidate.kind === 'freight') {
          if (rowOrigin !== null) candidate.routeOrigin = rowOrigin;
          const list = freightByColumn.get(column) ?? [];
          list.push(candidate);
          freightByColumn.set(column, list);
        }
        out.charges.push(candidate);
      }
    }
  }
}

/** "2,650 / 3,400" under "20' / 40'": one value per size named in the column title, in order. */
function splitByEquipment(
  value: RowValue,
  column: Column,
): Array<{ value: number; currency: Currency | null; equipment: ContainerUnit[] }> | null {
  const list = column.equipmentList;
  if (list === undefined) return null;
  const parts = value.text.split('/').map((part) => part.trim());
  if (parts.length !== list.length) return null;
  const read = parts.map((part) => {
    const amount = findAmounts(part).find((a) => !a.isPercent);
    if (amount !== undefined) return { value: amount.value, currency: amount.currency };
    const bare = parseBareAmount(part);
    return bare === null ? null : { value: bare.value, currency: null };
  });
  if (read.some((r) => r === null)) return null;
  return read.map((r, i) => ({
    value: r?.value ?? 0,
    currency: r?.currency ?? null,
    equipment: list[i] ?? [],
  }));
}

const DEFAULT_FEE_UNIT = new Map(FEES.map((fee) => [fee.name, fee.defaultUnit]));

/**
 * The basis of a fee charged once per shipment by nature (a document: BL, doc fee, AWB; a release, handling
 * per shipment …), null for one that may be per container (THC, BAF, seal …).
 */
function perShipmentUnit(feeName: string): FeeUnit | null {
  const unit = DEFAULT_FEE_UNIT.get(feeName) ?? null;
  return unit === 'BL' || PER_SHIPMENT_BY_NATURE.has(feeName) ? unit : null;
}

/** The row prices every container column of the header, once each, all with the same amount and currency. */
function sameUnderEveryEquipment(values: RowValue[], columns: Column[]): boolean {
  const equipmentColumns = columns.filter((c) => c.role === 'equipmentRate');
  if (equipmentColumns.length < 2) return false;
  const prices = equipmentColumns.map((column) => {
    const value = values.find((v) => v.column === column);
    const money = value?.amounts.filter((a) => !a.isPercent) ?? [];
    if (money.length > 1 || (money.length === 0 && value?.bare == null)) return null;
    return money[0] === undefined
      ? { value: value?.bare ?? null, currency: null }
      : { value: money[0].value, currency: money[0].currency };
  });
  const first = prices[0];
  return (
    first != null &&
    prices.every((p) => p !== null && p.value === first.value && p.currency === first.currency)
  );
}

/** A cell of a "Rota" / "Routing" column (role 'via'), which may hold a whole route. */
function isRouteCell(value: RowValue): boolean {
  return value.column.role === 'via' && value.amounts.length === 0 && value.text !== '';
}

/** A row label naming a field ("Transit time (dias)", "T/T days", "Free time", "Validade"). */
function rowFieldRole(label: string): ColumnRole | null {
  const plain = normaliseLabel(label.replace(/\([^)]*\)/g, ' '))
    .replace(/\b(days|dias|d)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const role = FIELD_COLUMN_LABELS.get(plain) ?? (plain === 't t' ? 'transit' : undefined);
  return role === 'transit' || role === 'freeTime' || role === 'validity' ? role : null;
}

/** The band a break label names ("-45 kg" → 0, "+100" → 100), as the candidate's `faixaKg` when known. */
function withBand(label: string): { faixaKg?: number } {
  const lower = breakLowerKg(label);
  return lower === null ? {} : { faixaKg: lower };
}

function readWeightBreakRows(rows: Line[], columns: Column[], origin: string, out: TableRead): void {
  const rateColumn = columns.find((c) => c.role === 'freight' || c.role === 'value') ?? null;
  let minimum: number | null = null;
  const rates: ChargeCandidate[] = [];
  for (const row of rows) {
    const { values } = readRow(row, columns, row.delimited);
    const breakText = values.find((v) => v.column.role === 'weightBreak')?.text ?? row.cells[0]?.text ?? '';
    const rateValue =
      values.find((v) => v.column === rateColumn) ??
      values.find((v) => v.amounts.length > 0 || v.bare !== null);
    const amount = rateValue?.amounts[0];
    const value = amount?.value ?? rateValue?.bare ?? null;
    if (value === null) continue;
    const cleanBreak = breakText.replace(/\([^)]*\)/g, '').trim();
    if (MINIMUM_BREAK.test(cleanBreak)) {
      minimum = value;
      continue;
    }
    if (!WEIGHT_BREAK.test(cleanBreak)) continue;
    rates.push({
      ...baseCandidate(row, origin, breakText),
      kind: 'freight',
      label: `${rateColumn?.text ?? 'Rate'} ${breakText}`,
      feeName: null,
      value,
      currency: amount?.currency ?? rateColumn?.currency ?? null,
      unit: 'KG',
      freightUnit: 'KG',
      ...withBand(cleanBreak),
    });
  }
  for (const rate of rates) rate.minimum = minimum;
  out.charges.push(...withKnownBands(rates));
}

/** Weight breaks across the header ("Min  -45  +45  +100") and rates in the row(s) below. */
function readBreakColumnRows(rows: Line[], columns: Column[], origin: string, out: TableRead): void {
  const headerCurrency = columns.map((c) => c.currency).find((c) => c !== null) ?? null;
  for (const row of rows) {
    const { values, label } = readRow(row, columns, row.delimited);
    const currency = currencyMentioned(label) ?? headerCurrency;
    let minimum: number | null = null;
    const rates: ChargeCandidate[] = [];
    for (const value of values.filter((v) => v.column.role === 'weightBreak')) {
      const amount = value.amounts[0];
      const rate = amount?.value ?? value.bare;
      if (rate === null || rate === undefined) continue;
      if (MINIMUM_BREAK.test(value.column.text.trim())) {
        minimum = rate;
        continue;
      }
      rates.push({
        ...baseCandidate(row, origin, `${value.column.text}: ${value.text}`),
        kind: 'freight',
        label: `${label} ${value.column.text}`.trim(),
        feeName: null,
        value: rate,
        currency: amount?.currency ?? currency,
        unit: 'KG',
        freightUnit: 'KG',
        ...withBand(value.column.text),
      });
    }
    for (const rate of rates) rate.minimum = minimum;
    out.charges.push(...withKnownBands(rates));
  }
}

/**
 * The value of a row of a description table that names a quote field ("Transit time", "Free time",
 * "Validade") in its description cell and holds no amount: the text of its other cells.
 */
function fieldRowValue(label: string, values: RowValue[]): string | null {
  const role = FIELD_COLUMN_LABELS.get(normaliseLabel(label));
  if (role === undefined || role === 'equipment') return null;
  const rest = values
    .filter(
      (v) =>
        !['description', 'equipment', 'fee', 'equipmentRate'].includes(v.column.role) && v.text !== label,
    )
    .map((v) => v.text)
    .join(' ')
    .trim();
  return rest === '' || findAmounts(rest).length > 0 ? null : rest;
}

/**
 * A "Mínimo" cell as the words the charge-line reader takes for a minimum (" min USD 60,00"), in the cell's
 * own currency, else its column title's ("Mínimo (USD)"), else the row's; '' for "-", "N/A" or nothing.
 */
function minimumColumnText(cell: string, rowCurrencyText: string, columns: Column[]): string {
  if (cell.trim() === '') return '';
  const stated = findAmounts(cell).find((a) => !a.isPercent);
  if (stated !== undefined) return ` min ${cell.trim()}`;
  const bare = parseBareAmount(cell.trim());
  if (bare === null) return '';
  const currency =
    columns.find((c) => c.role === 'minimum')?.currency ?? currencyMentioned(rowCurrencyText) ?? null;
  return currency === null ? '' : ` min ${currency} ${cell.trim()}`;
}

function readDescriptionRows(rows: Line[], columns: Column[], out: TableRead): void {
  const headerCurrency = columns.find((c) => c.role === 'value' || c.role === 'freight')?.currency ?? null;
  let pending: { label: string; currency: string; line: Line } | null = null;
  for (const row of rows) {
    const { values, label: rowLabel } = readRow(row, columns, row.delimited);
    const textOf = (...roles: ColumnRole[]) => values.find((v) => roles.includes(v.column.role))?.text ?? '';
    let label = textOf('description', 'equipment', 'fee', 'equipmentRate') || rowLabel;
    let currency = textOf('currency');
    const amountText = textOf('value', 'freight');
    const basis = textOf('basis');
    const minimumText = textOf('minimum');
    // "Destino | Descrição | Moeda | Valor": the row's port named after its charge ("Frete marítimo 40HC
    // Santos"), as a reply writes "THC Santos" (QA pass 39: both ports were priced with Santos's freight).
    const placeCell = textOf('place');
    // "Transit time | 34 dias" (a cell spanning the currency and value columns, QA 25), or "Transit time | |
    // 34 dias" (the days in the value column, QA pass 37): a field, not a charge.
    const fieldValue =
      amountText === '' || findAmounts(amountText).length === 0 ? fieldRowValue(label, values) : null;
    if (fieldValue !== null) {
      out.fieldLines.push(virtualLine(row, label, fieldValue));
      pending = null;
      continue;
    }
    if (amountText === '' && label !== '') {
      pending = { label, currency, line: row };
      continue;
    }
    if (label === '' && pending !== null) {
      label = pending.label;
      currency ||= pending.currency;
    }
    pending = null;
    if (amountText === '' || label === '') continue;
    const hasCurrency = findAmounts(amountText).length > 0;
    const currencyText = hasCurrency ? '' : currency || headerCurrency || '';
    const basisText =
      basis !== '' && unitFromBasisWord(basis) !== null && findUnit(basis) === null ? `por ${basis}` : basis;
    // "Mínimo | 60,00": said as the charge-line reader reads a minimum written in the line ("min USD 60,00").
    const minimum = minimumColumnText(minimumText, currency || headerCurrency || amountText, columns);
    const named = placeCell !== '' && lookupPlace(placeCell) !== null ? `${label} ${placeCell}` : label;
    const text = `${named}: ${currencyText} ${amountText} ${basisText}${minimum}`.replace(/\s+/g, ' ').trim();
    out.chargeRows.push({ text, line: row, cell: row.trimmed });
  }
}

function readFieldRows(header: Line, rows: Line[], columns: Column[], out: TableRead): void {
  for (const row of rows) {
    for (const value of readRow(row, columns, row.delimited).values) {
      out.fieldLines.push(virtualLine(row, value.column.text, value.text));
    }
  }
  out.consumed.add(header.no);
}

function collectRows(lines: Line[], from: number, kind: TableKind): Line[] {
  const rows: Line[] = [];
  for (let i = from; i < lines.length && rows.length < 300; i++) {
    const line = lines[i];
    if (line === undefined || line.blank || (line.delimited && line.cells.every((c) => c.text === ''))) break;
    const isRuleLine = line.cells.every((c) => /^[-:=+\s]*$/.test(c.text));
    if (isRuleLine) continue;
    const filled = line.cells.filter((c) => c.text !== '');
    const singleCell = filled.length === 1;
    // A row of "Label: value" cells under a table ends it ("Validade: 31/12", "Armador: Zim  Transit: 36").
    if (
      kind !== 'fields' &&
      filled.length > 0 &&
      filled.every((c) => /^[^:]{2,40}:\s*\S/.test(c.text)) &&
      filled.every((c) => findAmounts(c.text).length === 0)
    )
      break;
    const startsAnotherTable = kind !== 'fields' && readHeader(line) !== null;
    if ((singleCell && classifyHeadingLine(line.text, line.no) !== null) || startsAnotherTable) break;
    rows.push(line);
    if (kind === 'fields') break;
  }
  return rows;
}

/** Finds tables (a header row naming columns, then rows) and reads charges and field values from them. */
/** A line that may be one cell of an HTML table the mail client flattened: short, one cell, no "label: value". */
function isLoneCell(line: Line): boolean {
  return (
    !line.blank &&
    line.cells.filter((c) => c.text !== '').length === 1 &&
    line.trimmed.length <= 40 &&
    !/^[^:]{2,40}:\s*\S/.test(line.trimmed) &&
    !/:$/.test(line.trimmed)
  );
}

/**
 * An HTML table that the mail client turned into one cell per line, blank lines between (generalisation-4
 * t03: "Taxa" / "Base" / "20'DC" / "40'HC" / "Frete marítimo" / "Por contêiner" / "EUR 1.150,00" …): when the
 * first k lone cells of a run read as a table header, the cells after it are regrouped k by k into rows.
 * The rows are virtual lines numbered by their first cell; `parts` maps them to every line they joined.
 */
function regroupCellPerLine(lines: Line[]): { lines: Line[]; parts: Map<number, number[]> } {
  const parts = new Map<number, number[]>();
  const result: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    const run: Line[] = [];
    let j = i;
    while (j < lines.length) {
      const line = lines[j];
      if (line === undefined) break;
      if (line.blank) {
        if (run.length === 0 || lines[j + 1]?.blank !== false) break;
        j++;
        continue;
      }
      if (!isLoneCell(line)) break;
      run.push(line);
      j++;
    }
    const grouped = run.length >= 6 ? groupRun(run) : null;
    if (grouped === null) {
      result.push(lines[i] as Line);
      i++;
      continue;
    }
    for (const row of grouped) {
      const first = row[0] as Line;
      result.push(makeLine(first.no, row.map((cell) => cell.trimmed).join('\t')));
      parts.set(
        first.no,
        row.map((cell) => cell.no),
      );
    }
    const used = grouped.flat().length;
    const last = run[used - 1] as Line;
    while (i < lines.length && (lines[i]?.no ?? 0) <= last.no) i++;
  }
  return { lines: result, parts };
}

/** The header width k whose rows (each a label first, then at least one amount) cover most of the run. */
function groupRun(run: Line[]): Line[][] | null {
  const isAmount = (line: Line | undefined) =>
    findAmounts(line?.trimmed ?? '').length > 0 || parseBareAmount(line?.trimmed ?? '') !== null;
  let best: Line[][] | null = null;
  for (let k = 3; k <= Math.min(8, Math.floor(run.length / 2)); k++) {
    const headerCells = run.slice(0, k);
    const header = readHeader(makeLine(0, headerCells.map((c) => c.trimmed).join('\t')));
    if (header === null || header.columns.length !== k) continue;
    const rows: Line[][] = [headerCells];
    for (let start = k; start + k <= run.length; start += k) {
      const row = run.slice(start, start + k);
      if (isAmount(row[0]) || !row.slice(1).some((cell) => isAmount(cell))) break;
      rows.push(row);
    }
    if (rows.length >= 2 && (best === null || rows.flat().length > best.flat().length)) best = rows;
  }
  return best;
}

export function readTables(input: Line[], origin: string): TableRead {
  const out: TableRead = { charges: [], chargeRows: [], fieldLines: [], consumed: new Set(), tables: [] };
  const { lines, parts } = regroupCellPerLine(input);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === undefined || line.blank) continue;
    const header = readHeader(line);
    if (header === null) continue;
    const rows = collectRows(lines, i + 1, header.kind);
    if (rows.length === 0) continue;
    if (header.kind === 'typed') readTypedRows(rows, header.columns, origin, out);
    else if (header.kind === 'weightBreak') readWeightBreakRows(rows, header.columns, origin, out);
    else if (header.kind === 'breakColumns') readBreakColumnRows(rows, header.columns, origin, out);
    else if (header.kind === 'description') readDescriptionRows(rows, header.columns, out);
    else readFieldRows(line, rows, header.columns, out);
    out.consumed.add(line.no);
    for (const row of rows) out.consumed.add(row.no);
    out.tables.push({
      start: line.no,
      end: rows[rows.length - 1]?.no ?? line.no,
      title: line.trimmed,
      perDestination: header.columns.some((c) => c.role === 'place'),
    });
    i += rows.length;
  }
  for (const no of [...out.consumed]) for (const part of parts.get(no) ?? []) out.consumed.add(part);
  return out;
}
