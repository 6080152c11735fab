import type { ContainerUnit, FeeUnit, FreightUnit } from '../types.js';
import { foldKeepingOffsets } from './text.js';

const EQUIPMENT_TYPE = String.raw`dc|dv|gp|std|st|sd|dry|hc|hq|hcube|high\s*cube|nor|rf|rh|reefer|ot|open\s*top|fr|flat\s*rack`;
const FOOT = `(?:'|’|´|"|ft|pes|pés|feet|foot)`;

/** 20'DC, 40HC, 40' HQ, 20GP, 1x20, 20 pés ... (run on folded text). */
const EQUIPMENT = new RegExp(
  String.raw`(?<![\p{L}\d.,/])(?:\d{1,2}\s*x\s*)?(?<size>20|40|45)(?:\s*${FOOT}\s*(?<type1>${EQUIPMENT_TYPE})?|\s*(?<type2>${EQUIPMENT_TYPE})|(?<=x\s*\d\d))(?![\p{L}\d])`,
  'gu',
);

export interface EquipmentMatch {
  units: ContainerUnit[];
  start: number;
  end: number;
}

function unitsFor(size: string, type: string | undefined): ContainerUnit[] {
  const t = (type ?? '').replace(/\s+/g, '');
  if (['hc', 'hq', 'hcube', 'highcube'].includes(t)) return size === '45' ? ['45HC'] : ['40HC'];
  if (['rf', 'rh', 'reefer', 'nor'].includes(t)) return size === '20' ? ['20RF'] : ['40RF'];
  if (['ot', 'opentop'].includes(t)) return size === '20' ? ['20OT'] : ['40OT'];
  if (['fr', 'flatrack'].includes(t)) return ['40FR'];
  if (size === '20') return ['20DC'];
  if (size === '45') return ['45HC'];
  // A 40' price that names no type covers both dry and high cube.
  return t === '' ? ['40DC', '40HC'] : ['40DC'];
}

export function findEquipment(text: string): EquipmentMatch[] {
  const folded = foldKeepingOffsets(text);
  const found: EquipmentMatch[] = [];
  for (const match of folded.matchAll(EQUIPMENT)) {
    const groups = match.groups ?? {};
    const start = match.index ?? 0;
    found.push({
      units: unitsFor(groups.size ?? '', groups.type1 ?? groups.type2),
      start,
      end: start + match[0].length,
    });
  }
  return found;
}

/** "per", also German "pro" and "je" ("€ 95,- pro Container", "je Container"), as words of their own. */
const PER = String.raw`(?:por|per|p\/|\/|each|cada|a cada|(?<![\p{L}])(?:pro|je)(?=\s))\s*`;

interface UnitPattern {
  unit: FeeUnit | 'DAY';
  pattern: RegExp;
}

/** Basis expressions, most specific first. `DAY` marks per-diem charges (demurrage, storage), which are conditional. */
const UNIT_PATTERNS: UnitPattern[] = [
  { unit: 'DAY', pattern: new RegExp(String.raw`${PER}(?:dia|day|diaria|jour)s?\b|\bper diem\b`, 'u') },
  {
    unit: 'WM',
    pattern: new RegExp(
      String.raw`(?:${PER})?(?:\bw\s*\/\s*m\b|\bw\.m\.?|\bwm\b|\brt\b|\brevenue ton|\b(?:t|tons?|toneladas?)(?:\s+(?:ou|or|o)\s+|\s*\/\s*)(?:m3|m³|cbm)|\b(?:t|tons?|toneladas?)\s*\(?\s*w\s*\/\s*m\b|(?:\bm3|m³|\bcbm)(?:\s+(?:ou|or|o)\s+|\s*\/\s*)(?:t|tons?|tonnes?|toneladas?|mt)(?![\p{L}\d]))`,
      'u',
    ),
  },
  {
    // "/ton", "per ton", "por tonelada", "/t", "per MT"; "ton ou m3", "t/m3", "ton (W/M)", "m³ ou tonelada",
    // "m³/ton" are W/M (above wins a
    // tie), and the slash of "T/T" (transit time) is no basis. "por"/"per" start a word: "export" is not
    // "por t" (generalisation-4 t21, t23: "export declaration EUR 60.00" was per ton).
    unit: 'TON',
    pattern:
      /(?:(?<![\p{L}])(?:por|per|p\/|each|cada)\s*|(?<!\p{L})\/\s*)(?:(?:metric\s+)?(?:tons?|tonnes?|toneladas?|tns?)|mt|t)(?![\p{L}\d])(?!\s*(?:\/|\b(?:ou|or|o)\b)\s*(?:m3|m³|cbm)|\s*\(?\s*w\s*\/?\s*m\b)/u,
  },
  { unit: 'KG', pattern: new RegExp(String.raw`${PER}(?:kgs?|kilos?|quilos?|kilogram\w*)\b`, 'u') },
  {
    unit: 'M3',
    pattern: new RegExp(String.raw`${PER}(?:m3|m³|cbm|cubic met\w*|metros? cubicos?)(?![\p{L}\d])`, 'u'),
  },
  {
    unit: 'BL',
    pattern: new RegExp(
      String.raw`${PER}(?:(?:house|master|hija|madre)\s+)?(?:b\s*\/\s*l|h\s*\/?\s*bl|m\s*\/?\s*bl|bl|hawb|mawb|awb|conhecimento|conocimiento|guia|guia aerea|bill of lading)s?(?![\p{L}\d])`,
      'u',
    ),
  },
  {
    unit: 'CNTR',
    pattern: new RegExp(
      String.raw`${PER}(?:containers?|conteineres|conteiner|contenedor(?:es)?|cntrs?|ctnrs?|ctrs?|contrs?|cont|caixas?|cajas?|box|boxes|unit|unidade|einheit|equipamentos?|equipment|equipo|teu|feu)(?![\p{L}\d])`,
      'u',
    ),
  },
  {
    unit: 'VIAGEM',
    pattern: new RegExp(
      String.raw`${PER}(?:viagem|viaje|trip|truck|caminhao|camion|carreta|veiculo|vehiculo|load)s?\b`,
      'u',
    ),
  },
  {
    unit: 'PROCESSO',
    pattern: new RegExp(
      String.raw`${PER}(?:processos?|process|shipments?|embarques?|expedicao|expedicion|envio|declaracao|declaration|declaracion|set|operacao|operation|operacion|importacao|file|job|entry|despacho)\b|\bflat\b|\blump ?sum\b`,
      'u',
    ),
  },
];

const CONTAINER_AFTER_PER = /^(?:(?:por|per|p\/)\s*|\/\s*)(?=(?:\d{1,2}\s*x\s*)?(?:20|40|45))/u;
/**
 * What may follow "USD 1.900,00 / 20DV" for the spaced slash to be a basis: the end of the price (a bar,
 * also as the TAB a bar becomes between cells, ";", ",", ")", "and").
 */
const PRICE_END_AFTER_EQUIPMENT = /^ *\t|^\s*(?:[|;,)]|(?:e|y|and)\s)/u;

export interface UnitMatch {
  unit: FeeUnit | 'DAY';
  start: number;
  end: number;
  equipment?: ContainerUnit[];
}

/**
 * First basis expression in the text (folded internally). `followedByAmount`: the text is cut right before
 * another amount, so its end is not the end of the price ("USD 1,980 / 40HQ" + "USD 2,950").
 */
export function findUnit(text: string, followedByAmount = false): UnitMatch | null {
  const folded = foldKeepingOffsets(text);
  let best: UnitMatch | null = null;
  for (const { unit, pattern } of UNIT_PATTERNS) {
    const match = pattern.exec(folded);
    if (match === null) continue;
    if (best === null || match.index < best.start) {
      best = { unit, start: match.index, end: match.index + match[0].length };
    }
  }
  const perContainer = findEquipmentAfterPer(folded, followedByAmount);
  if (perContainer !== null && (best === null || perContainer.start <= best.start)) return perContainer;
  return best;
}

function findEquipmentAfterPer(folded: string, followedByAmount: boolean): UnitMatch | null {
  // "USD 3,050/40HQ" is per container; "USD 1,980 / 40HQ USD 2,950" separates two prices; but
  // "USD 1.900,00 / 20DV | USD 3.150,00 / 40HC" (QA pass 17) is per container too: a spaced slash is a
  // basis when the equipment ends the price (end, "|", ";", ",", "and"), not when another amount follows it.
  const slashOrPer = /(?:por|per|p\/)\s*|\/\s*/gu;
  for (const match of folded.matchAll(slashOrPer)) {
    const rest = folded.slice(match.index);
    const perMatch = CONTAINER_AFTER_PER.exec(rest);
    if (perMatch === null) continue;
    const equipment = findEquipment(rest.slice(perMatch[0].length));
    const first = equipment[0];
    if (first !== undefined && first.start === 0) {
      const spaced = /^\/\s/.test(perMatch[0]);
      const after = rest.slice(perMatch[0].length + first.end);
      const priceEnds = PRICE_END_AFTER_EQUIPMENT.test(after) || (!followedByAmount && after.trim() === '');
      if (spaced && !priceEnds) continue;
      const end = match.index + perMatch[0].length + first.end;
      return { unit: 'CNTR', start: match.index, end, equipment: first.units };
    }
  }
  return null;
}

/** A basis expression right at the start of the text (after spaces), as written after an amount. */
export function findLeadingUnit(text: string, followedByAmount = false): UnitMatch | null {
  const match = findUnit(text, followedByAmount);
  if (match === null) return null;
  const gap = text.slice(0, match.start);
  // "USD 12/- per RT": the "/-" of Indian amounts closes the number (generalisation-4 t20), as ".-" / ",-"
  // close Argentine and German ones ("U$S 30.- por contenedor", "€ 45,- pro B/L"; generalisation-5 t10).
  return /^(?:[/.,]-)?[\s,;:|–-]*$/.test(gap) ? match : null;
}

/** A basis cell or column header without "per": "BL", "W/M", "Processo", "cntr". */
export function unitFromBasisWord(text: string): FeeUnit | null {
  const withPer = findUnit(`por ${text.trim()}`);
  if (withPer !== null && withPer.unit !== 'DAY' && withPer.start === 0) return withPer.unit;
  const found = findUnit(text);
  return found === null || found.unit === 'DAY' ? null : found.unit;
}

/** Freight unit a fee-style basis stands for, when the line is a freight line. */
export function freightUnitFromBasis(unit: FeeUnit): FreightUnit | null {
  switch (unit) {
    case 'KG':
    case 'M3':
    case 'WM':
    case 'VIAGEM':
    case 'BL':
      return unit;
    case 'PROCESSO':
      return 'BL';
    default:
      return null;
  }
}
