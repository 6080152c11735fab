import { FEES, PER_CONTAINER_IN_FCL } from '../dictionary/fees.js';
import type { ChargeCandidate } from '../fields/charge-types.js';
import { findKnownPlaces } from '../fields/places.js';
import { normaliseLabel } from '../normalise/text.js';
import { freightUnitFromBasis } from '../normalise/units.js';
import type {
  ContainerUnit,
  Currency,
  FeeItem,
  FeeUnit,
  FreightItem,
  FreightUnit,
  HintEffect,
  Modal,
} from '../types.js';

export interface ResolveContext {
  destinations: string[];
  modal: Modal | null;
  /** The one container type the message talks about, for freight lines that name none. */
  defaultEquipment: ContainerUnit[] | null;
  /** Every container type the quote asks (`ExtractTextOptions.containers`), for a freight "por contêiner". */
  askedEquipment?: ContainerUnit[] | null;
  mainCurrency: Currency | null;
  /** Currencies of the message, most frequent first. */
  currencies?: Currency[];
}

const DEFAULT_UNIT = new Map(FEES.map((f) => [f.name, f.defaultUnit]));

function sourceOf(candidate: ChargeCandidate) {
  const source = {
    line: candidate.line.no,
    text: candidate.line.trimmed.slice(0, 200),
    origin: candidate.origin,
  };
  return candidate.cell === undefined ? source : { ...source, cell: candidate.cell };
}

/** Destinations a value is specific to: those its label names, or none when it names all or none. */
function destinationsOf(candidate: ChargeCandidate, ctx: ResolveContext): Array<string | null> {
  if (ctx.destinations.length <= 1) return [null];
  const named = new Set<string>();
  for (const place of candidate.labelPlaces) named.add(place.name);
  if (named.size === 0) {
    const text = normaliseLabel(candidate.placeText);
    for (const mention of findKnownPlaces(candidate.placeText)) named.add(mention.place.name);
    for (const destination of ctx.destinations) {
      if (new RegExp(`(^| )${normaliseLabel(destination)}( |$)`).test(text)) named.add(destination);
    }
  }
  const matching = ctx.destinations.filter((d) => named.has(d));
  if (matching.length === 0 || matching.length === ctx.destinations.length) return [null];
  return matching;
}

/** A freight "por contêiner" that names no type, for which the quote asks several: each asked type. */
function forEveryAskedType(candidate: ChargeCandidate, ctx: ResolveContext): boolean {
  return (
    (candidate.equipment === null || candidate.equipment.length === 0) &&
    candidate.freightUnit === null &&
    candidate.unit === 'CNTR' &&
    ctx.defaultEquipment === null &&
    (ctx.askedEquipment?.length ?? 0) > 1
  );
}

function freightUnits(candidate: ChargeCandidate, ctx: ResolveContext): FreightUnit[] {
  if (candidate.equipment !== null && candidate.equipment.length > 0) return candidate.equipment;
  if (candidate.freightUnit !== null) return [candidate.freightUnit];
  const fromBasis = candidate.unit === null ? null : freightUnitFromBasis(candidate.unit);
  if (fromBasis !== null) return [fromBasis];
  switch (ctx.modal) {
    case 'AEREO':
      return ['KG'];
    case 'LCL':
      return ['WM'];
    case 'RODOVIARIO':
      return ['VIAGEM'];
    default:
      if (ctx.defaultEquipment) return ctx.defaultEquipment;
      // "USD 1.900 por contêiner" names no type: each type the quote asks, never a price per BL.
      if (candidate.unit === 'CNTR' && ctx.askedEquipment) return ctx.askedEquipment;
      return ['BL'];
  }
}

function collapseAllDestinations<T extends { destino: string | null }>(
  items: T[],
  keyOf: (item: T) => string,
  destinations: string[],
): T[] {
  if (destinations.length <= 1) return items;
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  const result: T[] = [];
  const emitted = new Set<string>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    const covered = new Set(group.map((g) => g.destino));
    const coversAll = destinations.every((d) => covered.has(d));
    if (!coversAll) {
      result.push(item);
      continue;
    }
    if (emitted.has(key)) continue;
    emitted.add(key);
    result.push({ ...item, destino: null });
  }
  return result;
}

/**
 * A bare 40' stands for both 40DC and 40HC, unless the same line or table row also prices a 40HC, or the
 * quote asks one kind of 40' only: then it is that kind ("20'/40': USD 1.200 / 2.100" answering 20DV + 40HC
 * gave a 40DC line and column nobody asked for, QA pass 33).
 */
function equipmentInContext(
  candidate: ChargeCandidate,
  all: ChargeCandidate[],
  ctx?: ResolveContext,
): ChargeCandidate {
  const bareForty = candidate.equipment?.length === 2 && candidate.equipment.includes('40HC');
  if (!bareForty) return candidate;
  const near = all.filter((c) => c.kind === 'freight' && c.line.no === candidate.line.no);
  const hasHighCube = near.some((c) => c.equipment?.length === 1 && c.equipment[0] === '40HC');
  if (hasHighCube) return { ...candidate, equipment: ['40DC'] };
  const askedForty = (ctx?.askedEquipment ?? []).filter((unit) => unit === '40DC' || unit === '40HC');
  return askedForty.length === 1 ? { ...candidate, equipment: askedForty } : candidate;
}

/** International freight with no currency written is rarely in reais: prefer the message's foreign currency. */
function freightCurrency(candidate: ChargeCandidate, ctx: ResolveContext): Currency | null {
  const foreign = (ctx.currencies ?? []).find((c) => c !== 'BRL');
  return candidate.currency ?? foreign ?? ctx.mainCurrency;
}

/** What each hint changed in a freight line, with what the rules alone would have given. */
function freightHintEffects(
  hinted: NonNullable<ChargeCandidate['hinted']>,
  all: ChargeCandidate[],
  ctx: ResolveContext,
): HintEffect[] {
  const before = equipmentInContext(hinted.original, all, ctx);
  return hinted.effects.map(({ id, campo }) => ({
    id,
    campo,
    antes: campo === 'moeda' ? freightCurrency(before, ctx) : freightUnits(before, ctx).join('/'),
  }));
}

export function resolveFreight(candidates: ChargeCandidate[], ctx: ResolveContext): FreightItem[] {
  const items: FreightItem[] = [];
  for (const original of candidates) {
    if (original.kind !== 'freight' || original.isPercent) continue;
    const candidate = equipmentInContext(original, candidates, ctx);
    const currency = freightCurrency(candidate, ctx);
    if (currency === null) continue;
    // A currency taken from the rest of the message lowers confidence; with the unit also guessed from
    // the modal, the value goes to review.
    const guessedUnit =
      (candidate.equipment === null || candidate.equipment.length === 0) &&
      candidate.freightUnit === null &&
      candidate.unit === null;
    const confidence =
      candidate.currency === null
        ? Math.min(candidate.confidence, guessedUnit ? 0.45 : 0.7)
        : guessedUnit
          ? Math.min(candidate.confidence, 0.75)
          : candidate.confidence;
    const dicas = candidate.hinted && freightHintEffects(candidate.hinted, candidates, ctx);
    const units = freightUnits(candidate, ctx);
    // One price "por contêiner" read for each of several types the quote asks: the reply did not say
    // which, so the value goes to review ("Verificar"), never silently raises the smaller box's price.
    const forEveryType = forEveryAskedType(candidate, ctx);
    for (const destino of destinationsOf(candidate, ctx)) {
      for (const unidade of units) {
        const item: FreightItem = {
          ...(candidate.label === '' ? {} : { rotulo: candidate.label }),
          destino,
          ...(candidate.routeOrigin === undefined ? {} : { origem: candidate.routeOrigin.name }),
          unidade,
          valor: candidate.value,
          moeda: currency,
          minimo: candidate.minimum,
          ...(candidate.faixaKg !== undefined && unidade === 'KG' ? { faixaKg: candidate.faixaKg } : {}),
          ...(candidate.greaterOf === undefined ? {} : { oQueForMaior: candidate.greaterOf }),
          confidence: forEveryType ? Math.min(confidence, 0.45) : confidence,
          source: sourceOf(candidate),
        };
        if (dicas) item.dicas = dicas;
        items.push(item);
      }
    }
  }
  // Lines of different origins ("POL Shanghai / POD Santos", "POL Ningbo / POD Santos") are separate prices,
  // and so are two weight bands at the same rate per kg.
  const collapsed = collapseAllDestinations(
    items,
    (i) => `${i.unidade}|${i.valor}|${i.moeda}|${i.origem ?? ''}|${i.faixaKg ?? ''}`,
    ctx.destinations,
  );
  const priceKey = (i: FreightItem) => `${i.unidade}|${i.valor}|${i.moeda}|${i.destino}|${i.origem ?? ''}`;
  const unique = dedupe(collapsed, (i) => `${priceKey(i)}|${i.faixaKg ?? ''}`);
  // A rate read again without its band (the same figure on another line) is the banded one said twice.
  const banded = new Set(unique.filter((i) => i.faixaKg !== undefined).map(priceKey));
  return unique.filter((i) => i.faixaKg !== undefined || !banded.has(priceKey(i)));
}

function feeCurrency(
  candidate: ChargeCandidate,
  ctx: ResolveContext,
  freightCurrency: Currency | null,
): Currency | null {
  return candidate.currency ?? freightCurrency ?? ctx.mainCurrency;
}

function feeUnit(candidate: ChargeCandidate, ctx: ResolveContext): FeeUnit {
  if (candidate.isPercent) return 'PERCENT';
  if (candidate.unit) return candidate.unit;
  const name = candidate.feeName ?? '';
  if (ctx.modal === 'FCL' && PER_CONTAINER_IN_FCL.has(name)) return 'CNTR';
  return DEFAULT_UNIT.get(name) ?? 'PROCESSO';
}

export function resolveFees(
  candidates: ChargeCandidate[],
  ctx: ResolveContext,
  freightCurrency: Currency | null,
): FeeItem[] {
  const items: FeeItem[] = [];
  // A per-document fee written beside each container type ("BL fee 20DV BRL 350 / 40HC BRL 350").
  const besideTypes = new Set<string>();
  const besideKey = (item: FeeItem) => `${item.source.line}|${item.nome}`;
  /** The type written beside each amount of such a fee, by line, name and amount. */
  const besideEquipment = new Map<string, NonNullable<FeeItem['equipamento']> | null>();
  for (const candidate of candidates) {
    if (candidate.kind !== 'fee' || candidate.feeName === null || candidate.feeName === '') continue;
    const currency = feeCurrency(candidate, ctx, freightCurrency);
    if (currency === null) continue;
    const unidade = feeUnit(candidate, ctx);
    const dicas = candidate.hinted?.effects.map(({ id, campo }) => {
      const before = candidate.hinted!.original;
      return {
        id,
        campo,
        antes: campo === 'moeda' ? feeCurrency(before, ctx, freightCurrency) : feeUnit(before, ctx),
      };
    });
    for (const destino of destinationsOf(candidate, ctx)) {
      const item: FeeItem = {
        nome: candidate.feeName,
        rotulo: candidate.label,
        destino,
        unidade,
        valor: candidate.value,
        moeda: currency,
        confidence: candidate.confidence,
        source: sourceOf(candidate),
      };
      if (candidate.minimum !== null) item.minimo = candidate.minimum;
      if (candidate.originSide) item.lado = 'origem';
      const equipment = equipmentLabel(candidate.equipment);
      if (unidade === 'CNTR' && equipment) item.equipamento = equipment;
      if (dicas) item.dicas = dicas;
      if (unidade !== 'CNTR' && candidate.equipment && candidate.equipment.length > 0) {
        besideTypes.add(besideKey(item));
        // The same amount beside two types names neither (it is then counted as a per-BL fee of any type).
        const key = `${besideKey(item)}|${amountKey(item)}`;
        const seen = besideEquipment.get(key);
        besideEquipment.set(key, equipment && (seen === undefined || seen === equipment) ? equipment : null);
      }
      items.push(item);
    }
  }
  const collapsed = collapseAllDestinations(
    items,
    (i) => `${i.nome}|${i.lado ?? ''}|${i.valor}|${i.moeda}|${i.unidade}`,
    ctx.destinations,
  );
  // The same fee and value on two lines is one charge said twice; on one line it is priced per equipment,
  // unless it is charged per document and only written under each type: then it is one charge too.
  const firstLine = new Map<string, number>();
  const kept = collapsed.filter((item) => {
    const key = `${item.nome}|${item.lado ?? ''}|${item.valor}|${item.moeda}|${item.unidade}|${item.destino}|${item.equipamento ?? ''}`;
    const line = firstLine.get(key);
    if (line === undefined) firstLine.set(key, item.source.line);
    return line === undefined || (line === item.source.line && !besideTypes.has(besideKey(item)));
  });
  // A per-document fee with a different amount beside each type ("BL fee USD 50 (20') / USD 60 (40')")
  // is one charge whose amount depends on the containers: each amount names its type, so the comparison
  // counts the one of the quote's containers (once per BL), not the highest.
  const amountsBeside = new Map<string, Set<string>>();
  for (const item of kept)
    if (besideEquipment.get(`${besideKey(item)}|${amountKey(item)}`) !== undefined)
      amountsBeside.set(
        besideKey(item),
        (amountsBeside.get(besideKey(item)) ?? new Set()).add(amountKey(item)),
      );
  for (const item of kept) {
    const equipment = besideEquipment.get(`${besideKey(item)}|${amountKey(item)}`);
    if (equipment && (amountsBeside.get(besideKey(item))?.size ?? 0) > 1) item.equipamento = equipment;
  }
  return kept;
}

/** One container type, or one size written alone ("40'": 40DC or 40HC); null for anything else. */
function equipmentLabel(equipment: ChargeCandidate['equipment']): FeeItem['equipamento'] | null {
  if (!equipment || equipment.length === 0) return null;
  if (equipment.length === 1) return equipment[0]!;
  // A column "40'" (40DC or 40HC): the charge of every 40' container, not of one kind (the QA pass).
  const sizes = new Set(equipment.map((unit) => unit.slice(0, 2)));
  const size = `${[...sizes][0]}'`;
  return sizes.size === 1 && (size === "20'" || size === "40'" || size === "45'") ? size : null;
}

const amountKey = (item: FeeItem) => `${item.valor}|${item.moeda}|${item.destino}`;

function dedupe<T>(items: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
