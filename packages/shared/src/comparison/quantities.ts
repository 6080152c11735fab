import { type ContainerAsk, parseContainers, totalContainers } from './containers.js';
import { type FeeCurrency, feeCurrency } from './currency.js';
import { add, type Decimal, divide, max, multiply, round, toDecimal, toNumber } from './decimal.js';
import { normalizeName } from './names.js';

/*
 * How many of a charge's unit a shipment has (issue 30, ADR 0024): the unit decides the quantity.
 * - per container (CNTR): the containers of the shipment (the reply's own count wins over the quote's);
 * - per BL, shipment, process, trip: once;
 * - per kg: the gross weight (air: the chargeable weight the reply states, else the greater of gross kg
 *   and m³ × 1.000.000 ÷ 6.000, rounded up to the next 0,5 kg as IATA bills it);
 * - per tonne (TON): the gross weight in tonnes;
 * - per m³: the volume;
 * - per W/M: LCL (and sea in general) the greater of tonnes and m³; air the chargeable weight in kg;
 * - percentage (PERCENT): the value is a percent of the goods' value (`valorMercadoria`);
 * - a minimum ("min USD 50") raises the amount to it.
 * A quantity the shipment does not give is unknown: the line says so and is not counted, never guessed.
 */

/** Air freight: the IATA volumetric ratio, 6.000 cm³ per kg (1 m³ = 166,67 kg; 1,2 m³ = 200 kg). */
export const AIR_CM3_PER_KG = 6000;

/** IATA: a chargeable weight is rounded up to the next half kilogram (466,67 kg → 467,0 kg). */
const HALF_KG = toDecimal(0.5);
const upToHalfKg = (kg: Decimal): Decimal => ((kg + HALF_KG - 1n) / HALF_KG) * HALF_KG;

export type QuantityBasis =
  | 'conteiner'
  | 'documento'
  | 'kg'
  | 'pesoTaxado'
  | 'm3'
  | 'wm'
  | 'tonelada'
  | 'percentual'
  | 'desconhecida';

/** What a shipment measures, from the quote (and, where it says nothing, the reply). */
export type ShipmentMeasures = {
  /** FCL, LCL, AEREO, RODOVIARIO (null: unknown). */
  modal: string | null;
  /** Containers of the shipment (null: unknown). */
  conteineres: number | null;
  /** The quote's containers by type ('3 × 40HC + 1 × 20DV'), for a charge quoted for one type. */
  conteineresPorTipo?: readonly ContainerAsk[];
  pesoKg: Decimal | null;
  volumeM3: Decimal | null;
  /** Air: the chargeable weight the reply states ("chargeable weight 200 kgs"); it is what it bills. */
  pesoTaxavelKg?: Decimal | null;
  valorMercadoria: { valor: Decimal; moeda: FeeCurrency | null } | null;
};

export type ChargeQuantity = {
  base: QuantityBasis;
  /** Units the charge is multiplied by (null: the shipment does not say). */
  quantidade: Decimal | null;
  /** Which measure is missing when the quantity is unknown. */
  falta: 'conteineres' | 'peso' | 'volume' | 'pesoOuVolume' | 'valorMercadoria' | null;
};

const isAir = (modal: string | null) => modal !== null && normalizeName(modal) === 'AEREO';

/**
 * Chargeable weight of an air shipment: the greater of gross kg and m³ at 1:6000 (the volumetric weight at 2
 * decimals), rounded up to the next 0,5 kg (IATA): 450 kg and 2,8 m³ → 466,67 → 467,0 kg.
 */
export function chargeableWeightKg(pesoKg: Decimal | null, volumeM3: Decimal | null): Decimal | null {
  if (pesoKg === null && volumeM3 === null) return null;
  const volumetric =
    volumeM3 === null
      ? null
      : round(divide(multiply(volumeM3, toDecimal(1_000_000)), toDecimal(AIR_CM3_PER_KG)), 2);
  const greater = pesoKg === null ? volumetric! : volumetric === null ? pesoKg : max(pesoKg, volumetric);
  return upToHalfKg(greater);
}

/** Revenue tonnes of a sea LCL shipment (W/M): the greater of tonnes and m³. */
export function revenueTonnes(pesoKg: Decimal | null, volumeM3: Decimal | null): Decimal | null {
  if (pesoKg === null || volumeM3 === null) return null;
  return max(divide(pesoKg, toDecimal(1000)), volumeM3);
}

const known = (base: QuantityBasis, quantidade: Decimal | null, falta: ChargeQuantity['falta']) =>
  quantidade === null ? { base, quantidade: null, falta } : { base, quantidade, falta: null };

/** The quantity a unit (`FeeUnit` or freight unit: CNTR, 40HC, BL, KG, M3, WM, PERCENT…) takes. */
export function chargeQuantity(
  unidade: string | null | undefined,
  measures: ShipmentMeasures,
): ChargeQuantity {
  const unit = normalizeName(unidade ?? '').replace(/[^A-Z0-9]/g, '');
  const air = isAir(measures.modal);
  if (unit === 'CNTR' || /^(20|40|45)/.test(unit))
    return known(
      'conteiner',
      measures.conteineres === null ? null : toDecimal(measures.conteineres),
      'conteineres',
    );
  const chargeable = () => measures.pesoTaxavelKg ?? chargeableWeightKg(measures.pesoKg, measures.volumeM3);
  if (unit === 'KG')
    return air ? known('pesoTaxado', chargeable(), 'peso') : known('kg', measures.pesoKg, 'peso');
  if (unit === 'M3') return known('m3', measures.volumeM3, 'volume');
  if (unit === 'TON' || unit === 'T')
    return known(
      'tonelada',
      measures.pesoKg === null ? null : divide(measures.pesoKg, toDecimal(1000)),
      'peso',
    );
  if (unit === 'WM')
    return air
      ? known('pesoTaxado', chargeable(), 'peso')
      : known('wm', revenueTonnes(measures.pesoKg, measures.volumeM3), 'pesoOuVolume');
  if (unit === 'PERCENT')
    return known(
      'percentual',
      measures.valorMercadoria === null ? null : divide(measures.valorMercadoria.valor, toDecimal(100)),
      'valorMercadoria',
    );
  // BL, PROCESSO, VIAGEM, an unknown word: once per shipment.
  return { base: 'documento', quantidade: toDecimal(1), falta: null };
}

/** unit value × quantity, raised to the minimum, 2 decimals. */
export function chargeAmount(valor: number, quantidade: Decimal, minimo?: number | null): Decimal {
  const amount = round(multiply(toDecimal(valor), quantidade), 2);
  return typeof minimo === 'number' && Number.isFinite(minimo)
    ? max(amount, round(toDecimal(minimo), 2))
    : amount;
}

/** A number in a quote field: digits with '.' or ',', or groups of three apart by spaces ("1 250,5"). */
const NUMBER = '(?<![\\d.,])\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+(?:[.,]\\d+)?(?![\\d])|\\d[\\d.,]*';

/**
 * A number as people write it in a quote field: '18.500' and '18,5' (pt-BR), '1,234.56' (en), '12.500,00'.
 * A single '.' or ',' followed by exactly three digits is a thousands separator.
 */
export function parseMeasureNumber(text: string): Decimal | null {
  const match = new RegExp(NUMBER).exec(text);
  if (!match) return null;
  // "1 250 kg", "15 000 kg": a space (also a non-breaking or thin one) between groups of three digits is a
  // thousands separator (QA pass 40c: "1 250 kg" was read as 250 kg).
  let digits = match[0].replace(/[\s\u00a0\u202f]/g, '').replace(/[.,]$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const thousands = decimalMark === '.' ? ',' : '.';
    digits = digits.split(thousands).join('').replace(decimalMark, '.');
  } else {
    const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (mark !== null) {
      const parts = digits.split(mark);
      const groupsOfThree = parts.length > 2 || parts[parts.length - 1]!.length === 3;
      digits = groupsOfThree ? parts.join('') : parts.join('.');
    }
  }
  const value = Number(digits);
  return Number.isFinite(value) ? toDecimal(value) : null;
}

const WEIGHT = new RegExp(`(${NUMBER})\\s*(kgs?|quilos?|kilos?|toneladas?|tons?|t)(?![\\p{L}\\d])`, 'iu');
const VOLUME = new RegExp(`(${NUMBER})\\s*(m3|m³|cbm|metros?\\s+c[uú]bicos?)(?![\\p{L}\\d])`, 'iu');

/** Kilograms written in a text ('18.500 kg', '12,5 t'); null when none. */
export function parseWeightKg(text: string | null | undefined): Decimal | null {
  const match = text ? WEIGHT.exec(text) : null;
  if (!match) return null;
  const value = parseMeasureNumber(match[1]!);
  if (value === null) return null;
  return /^t/i.test(match[2]!) ? multiply(value, toDecimal(1000)) : value;
}

/** Cubic metres written in a text ('12,5 m³', '18 cbm'); null when none. */
export function parseVolumeM3(text: string | null | undefined): Decimal | null {
  const match = text ? VOLUME.exec(text) : null;
  return match ? parseMeasureNumber(match[1]!) : null;
}

/** The goods' value with its currency ('USD 85.000,00', 'R$ 120.000'); null when no number. */
export function parseGoodsValue(
  text: string | null | undefined,
): { valor: Decimal; moeda: FeeCurrency | null } | null {
  if (!text) return null;
  const valor = parseMeasureNumber(text);
  if (valor === null) return null;
  const currency = /(US\$|U\$|USD|R\$|BRL|\$)/i.exec(text);
  return { valor, moeda: currency ? feeCurrency(currency[1]) : null };
}

/** The texts of a quote its measures are read from. */
export type QuoteForMeasures = {
  tipoFrete?: string | null;
  pesoBrutoTotal?: string | null;
  valorMercadoria?: string | null;
  itens?:
    | readonly {
        quantidadeVolumes?: string | null;
        dimensoes?: string | null;
        mercadoria?: string | null;
      }[]
    | null;
  descricaoGeral?: string | null;
  descricaoAdicional?: string | null;
  observacoes?: string | null;
  /** The text of a PDF/Excel request file, read after the quote was created (QA pass 8). */
  textoArquivo?: string | null;
};

const DIMENSIONS =
  /(?:(\d+)\s*(?:x|×|\*)\s*)?(\d+(?:[.,]\d+)?)\s*(?:x|×|\*)\s*(\d+(?:[.,]\d+)?)\s*(?:x|×|\*)\s*(\d+(?:[.,]\d+)?)\s*(cm|mm|m)?(?![\p{L}\d])/iu;
const COUNT = /^\s*(\d+)(?![.,]\d)/;

/**
 * The cubic metres of an item from its dimensions: "80x60x50 cm" × the volumes ("5 caixas", or "5 x
 * 80x60x50 cm"); centimetres unless "m" or "mm" is written. Null when the item has no L×W×H.
 */
export function itemVolumeM3(item: {
  quantidadeVolumes?: string | null;
  dimensoes?: string | null;
}): Decimal | null {
  const match = item.dimensoes ? DIMENSIONS.exec(item.dimensoes) : null;
  if (!match) return null;
  const sides = [match[2]!, match[3]!, match[4]!].map((side) => parseMeasureNumber(side));
  if (sides.some((side) => side === null)) return null;
  const unit = (match[5] ?? 'cm').toLowerCase();
  const perCubicMetre = unit === 'm' ? 1 : unit === 'mm' ? 1_000_000_000 : 1_000_000;
  const count = Number(match[1] ?? COUNT.exec(item.quantidadeVolumes ?? '')?.[1] ?? 1);
  const product = sides.reduce((a, b) => multiply(a!, b!), toDecimal(1))!;
  return round(divide(multiply(product, toDecimal(count)), toDecimal(perCubicMetre)), 4);
}

/**
 * The weight, volume and goods' value a quote states (containers come from `quoteAskedFrom`). The volume
 * is the m³ written in the weight field ("450 kg / 2,8 m³"), else in the cargo texts, else the sum of the
 * items' dimensions when every item has them.
 */
export function quoteMeasuresFrom(quote: QuoteForMeasures): Omit<ShipmentMeasures, 'conteineres'> {
  const items = quote.itens ?? [];
  const texts = [
    ...items.flatMap((item) => [item.quantidadeVolumes, item.dimensoes, item.mercadoria]),
    quote.descricaoGeral,
    quote.descricaoAdicional,
    quote.observacoes,
  ];
  const first = <T>(read: (text: string | null | undefined) => T | null) =>
    texts.map(read).find((value) => value !== null) ?? null;
  const volumes = items.map(itemVolumeM3);
  const fromDimensions =
    volumes.length > 0 && volumes.every((volume) => volume !== null)
      ? volumes.reduce((sum, volume) => add(sum!, volume!), toDecimal(0))
      : null;
  return {
    modal: quote.tipoFrete ?? null,
    pesoKg: parseWeightKg(quote.pesoBrutoTotal) ?? first(parseWeightKg),
    // The wizard's weight field often carries the volume too ("450 kg / 2,8 m³", QA pass on air and LCL).
    volumeM3: parseVolumeM3(quote.pesoBrutoTotal) ?? first(parseVolumeM3) ?? fromDimensions,
    valorMercadoria: parseGoodsValue(quote.valorMercadoria),
  };
}

/** The one value of those stated, when every statement agrees; null when none is stated or they differ. */
function agreed(values: readonly (Decimal | null)[]): Decimal | null {
  const stated = [...new Set(values.filter((value): value is Decimal => value !== null))];
  return stated.length === 1 ? stated[0]! : null;
}

/**
 * The weight and volume every row of a quote counts (QA pass on air and LCL): the quote's; one the quote
 * does not state is the one its replies' volume fields state, when all that state one agree. One reply's
 * "2,80 m³" had given its row an air chargeable weight of 466,67 kg and the others 450 kg: the rows of a
 * quote are compared on one basis. Replies that disagree leave the measure to each row (its own reply's).
 */
export function quoteWideMeasures(
  medidas: Omit<ShipmentMeasures, 'conteineres'> | undefined,
  replyVolumeTexts: readonly (string | null | undefined)[],
): Omit<ShipmentMeasures, 'conteineres'> | undefined {
  if (medidas?.pesoKg != null && medidas.volumeM3 != null) return medidas;
  const pesoKg = medidas?.pesoKg ?? agreed(replyVolumeTexts.map(parseWeightKg));
  const volumeM3 = medidas?.volumeM3 ?? agreed(replyVolumeTexts.map(parseVolumeM3));
  if (!medidas && pesoKg === null && volumeM3 === null) return medidas;
  return { modal: null, valorMercadoria: null, ...medidas, pesoKg, volumeM3 };
}

/** The containers a reply states for itself ('2x40HC' in its volume field), null when none. */
export function answerContainerCount(
  quantidadeContainer: number | null | undefined,
  volumeCarga: string | null | undefined,
): number | null {
  if (
    typeof quantidadeContainer === 'number' &&
    Number.isInteger(quantidadeContainer) &&
    quantidadeContainer > 0
  )
    return quantidadeContainer;
  return totalContainers(parseContainers(volumeCarga)) || null;
}

/** Containers of the shipment: the reply's own count, else the quote's; null when neither says. */
export function shipmentContainers(asked: readonly ContainerAsk[], answer: number | null): number | null {
  return answer ?? (totalContainers(asked) || null);
}

/**
 * An air quote's chargeable weight as the comparison counts it (IATA 1:6000, up to the next half kilogram),
 * with the gross weight and volume it came from; null for another modal or without a weight.
 */
export function quoteChargeableWeight(
  quote: QuoteForMeasures,
): { kg: number; pesoKg: number; volumeM3: number | null } | null {
  const medidas = quoteMeasuresFrom(quote);
  if (!isAir(quote.tipoFrete ?? null) || medidas.pesoKg === null) return null;
  const charged = chargeQuantity('KG', { ...medidas, modal: 'AEREO', conteineres: null }).quantidade;
  if (charged === null) return null;
  return {
    kg: toNumber(charged),
    pesoKg: toNumber(medidas.pesoKg),
    volumeM3: medidas.volumeM3 === null ? null : toNumber(medidas.volumeM3),
  };
}

/**
 * Sea LCL: the volume, weight and W/M every per-m³, per-ton and W/M price is counted on (QA pass 33: the
 * quote's page showed the gross weight only, while the comparison priced 3,96 W/M from per-pallet
 * dimensions). Null for another freight type or without weight and volume.
 */
export function quoteLclMeasures(
  quote: QuoteForMeasures,
): { volumeM3: number | null; pesoKg: number | null; wm: number | null } | null {
  if (quote.tipoFrete === null || quote.tipoFrete === undefined || normalizeName(quote.tipoFrete) !== 'LCL')
    return null;
  const medidas = quoteMeasuresFrom(quote);
  if (medidas.pesoKg === null && medidas.volumeM3 === null) return null;
  const wm = revenueTonnes(medidas.pesoKg, medidas.volumeM3);
  return {
    volumeM3: medidas.volumeM3 === null ? null : toNumber(medidas.volumeM3),
    pesoKg: medidas.pesoKg === null ? null : toNumber(medidas.pesoKg),
    wm: wm === null ? null : toNumber(wm),
  };
}
