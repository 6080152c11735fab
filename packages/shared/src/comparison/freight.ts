import type { ExtractionFinal } from '../schemas/responses.js';
import { type ContainerAsk, type ContainerSize, containerType } from './containers.js';
import { type FeeCurrency, feeCurrency, noAmounts, summedCurrency } from './currency.js';
import { add, type Decimal, max, multiply, round, toDecimal, toNumber, ZERO } from './decimal.js';
import { isNoDestination, normalizeName, samePlace } from './names.js';
import { type ChargeQuantity, chargeAmount, chargeQuantity, type ShipmentMeasures } from './quantities.js';

/*
 * What "freight value" means for a comparison row (ADR 0017):
 * 1. The row's freight lines are the answer's `fretes` items of its destination plus those without one
 *    ('—' ones only when the answer has a single destination). A correction of a summary field
 *    (`preco_por_container_20/40`, `destinos.N.valorFreteUSD/BRL`) replaces the line it summarises.
 *    An answer without lines is read from `destinos[]`, else `preco_por_container_20/40`, else `frete`.
 * 2. When the quote asked for container types, each asked type counts the price of the line of that type
 *    (same size and kind, else the first line of the same size) × the quantity asked; a size without a
 *    price is missing ('frete20', 'frete40').
 * 3. When the quote asked no container type, the headline counts: the first line in each currency (what
 *    the engine's `destinos[].valorFreteUSD/BRL` report), × the container quantity for a container price.
 * Only USD and BRL are summed (the rate covers USD→BRL); other currencies are shown, not counted.
 */

export type SourceRef = { line: number; text: string; cell?: string; origin: string };

export type FreightLine = {
  tipo: string;
  valor: number | null;
  moeda: string | null;
  /** Correction path relative to `final`, or null when the value cannot be corrected. */
  campo: string | null;
  fonte: SourceRef | null;
  confianca: number | null;
  /** Units of this line counted in the totals: containers, kg, m³, W/M (0: shown, not counted). */
  quantidade: number;
  /** A minimum amount ("min USD 50") the line's total is raised to. */
  minimo?: number | null;
  /** What `quantidade` counts (absent: containers, or once). */
  base?: ChargeQuantity['base'];
  /** Its amount in the totals: price × quantity, raised to the minimum (absent: not counted). */
  total?: Decimal;
  /** The minimum raised `total` above price × quantity. */
  minimoAplicado?: boolean;
  /** The quantity its unit needs is not known (the measure missing): not counted, said on the row. */
  falta?: ChargeQuantity['falta'];
  /** What hints of earlier corrections set in this line (ADR 0101). */
  dicas?: HintAdjustment[];
  /** Not stated by this version: the price of this version of the same carrier (ADR 0024 addendum). */
  versaoAnterior?: number;
  /** Kept from a version where an analyst corrected it: that version (QA pass 32). */
  corrigidoNaVersao?: number;
  /** The lower bound in kg of the air weight band of this rate ('+45' → 45, '-45' → 0; the engine's `faixaKg`). */
  faixaKg?: number;
  /** The band as the screen and the documents name it: '+500 kg', '-45 kg'. */
  faixa?: string;
  /**
   * LCL prices per m³ and per ton "whichever is greater" share this key (the engine's `oQueForMaior`): only
   * the greater amount counts, never both (QA pass 33).
   */
  oQueForMaior?: string;
  /** Counted at a higher band than the chargeable weight's (cheaper): that weight, in kg. */
  pesoTaxadoKg?: number;
  /**
   * The origin port its route line names ('POL Ningbo / POD Santos: 40HC …'), kept only when the lines of
   * the row name more than one: 'Ningbo' beside a price the row does not count (QA pass 8).
   */
  origem?: string;
};

export type HintAdjustment = { campo: 'unidade' | 'moeda'; antes: string | null };

/** The engine's record of what hints changed in an item, as the comparison shows it (ADR 0101). */
export function hintAdjustments(item: unknown): HintAdjustment[] | undefined {
  const dicas = (item as { dicas?: unknown } | null)?.dicas;
  if (!Array.isArray(dicas)) return undefined;
  const adjustments = dicas.flatMap((dica: { campo?: unknown; antes?: unknown }): HintAdjustment[] =>
    dica?.campo === 'unidade' || dica?.campo === 'moeda'
      ? [{ campo: dica.campo, antes: typeof dica.antes === 'string' ? dica.antes : null }]
      : [],
  );
  return adjustments.length > 0 ? adjustments : undefined;
}

export type FreightScope = {
  destino: string | null;
  destinos: readonly string[];
  /** Correction paths applied to the answer (decides which summary corrections replace a line). */
  corrigidos: ReadonlySet<string>;
  /**
   * The origin the quote names ('Ningbo, CN', 'Shanghai / Ningbo'): of prices from several origins to one
   * port, those of the origin it names first count (QA pass 8); absent, the reply's first line's.
   */
  origem?: string | null;
};

/**
 * Puts first the lines of the origin the quote names first (stable otherwise), so that the counting, which
 * takes the first line of each type, counts that origin's prices.
 */
function preferAskedOrigin(lines: FreightLine[], asked: string): void {
  const text = normalizeName(asked);
  const rank = (line: FreightLine) => {
    const at = line.origem ? text.indexOf(normalizeName(line.origem)) : -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const ranked = lines.map((line, index) => ({ line, index, rank: rank(line) }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  ranked.forEach((entry, index) => {
    lines[index] = entry.line;
  });
}

const sizeOf = (tipo: string): ContainerSize | null => containerType(tipo)?.size ?? null;

function appliesTo(destino: string | null | undefined, scope: FreightScope): boolean {
  if (destino == null || destino.trim() === '') return true;
  if (isNoDestination(destino)) return scope.destinos.length <= 1;
  return scope.destino === null || samePlace(destino, scope.destino);
}

/** The freight lines of one row of an answer, with the value each one holds after corrections. */
export function freightLinesOf(final: ExtractionFinal, scope: FreightScope): FreightLine[] {
  const headlineSource = final.evidence?.frete?.source ?? null;
  const lines: FreightLine[] = [];
  final.fretes.forEach((item, index) => {
    if (!appliesTo(item.destino, scope)) return;
    const dicas = hintAdjustments(item);
    lines.push({
      tipo: item.unidade,
      valor: Number.isFinite(item.valor) ? item.valor : null,
      moeda: item.moeda,
      campo: `fretes.${index}.valor`,
      fonte: item.source ?? null,
      confianca: item.confidence ?? null,
      quantidade: 0,
      minimo: typeof item.minimo === 'number' ? item.minimo : null,
      ...(dicas ? { dicas } : {}),
      ...(item.origem ? { origem: item.origem } : {}),
      ...(weightBandOf(item) !== null ? { faixaKg: weightBandOf(item)! } : {}),
      ...(typeof item.oQueForMaior === 'string' ? { oQueForMaior: item.oQueForMaior } : {}),
    });
  });
  // An origin is said only where it tells two prices apart (two origins quoted to this port).
  if (new Set(lines.map((line) => line.origem).filter(Boolean)).size < 2)
    for (const line of lines) delete line.origem;
  else if (scope.origem) preferAskedOrigin(lines, scope.origem);
  const destinationIndex =
    scope.destino === null ? -1 : final.destinos.findIndex((entry) => samePlace(entry.nome, scope.destino));
  const destination = destinationIndex >= 0 ? final.destinos[destinationIndex] : undefined;

  const replace = (campo: string, valor: number | null, matches: (line: FreightLine) => boolean) => {
    const line = lines.find(matches);
    if (line) Object.assign(line, { valor, campo, confianca: 1 });
    return line !== undefined;
  };
  const synthetic = (tipo: string, valor: number, moeda: string | null, campo: string | null) =>
    lines.push({
      tipo,
      valor,
      moeda,
      campo,
      fonte: headlineSource,
      confianca: final.evidence?.frete?.confidence ?? final.confidence_overall ?? null,
      quantidade: 0,
    });

  for (const size of ['20', '40'] as const) {
    const campo = `preco_por_container_${size}`;
    const valor = final[campo as 'preco_por_container_20'];
    if (scope.corrigidos.has(campo) && !replace(campo, valor, (line) => sizeOf(line.tipo) === size))
      if (valor !== null) synthetic(`${size}'`, valor, final.moeda, campo);
  }
  if (destination) {
    for (const moeda of ['USD', 'BRL'] as const) {
      const campo = `destinos.${destinationIndex}.valorFrete${moeda}`;
      const valor = destination[`valorFrete${moeda}`];
      if (scope.corrigidos.has(campo) && !replace(campo, valor, (line) => feeCurrency(line.moeda) === moeda))
        if (valor !== null)
          synthetic(final.frete?.tipo ?? final.tipoContainer ?? 'frete', valor, moeda, campo);
    }
  }
  if (lines.length > 0) return lines;

  // No freight lines for this row: the summaries the answer carries.
  if (destination) {
    for (const moeda of ['USD', 'BRL'] as const) {
      const valor = destination[`valorFrete${moeda}`];
      if (valor !== null)
        synthetic(
          final.frete?.tipo ?? final.tipoContainer ?? 'frete',
          valor,
          moeda,
          `destinos.${destinationIndex}.valorFrete${moeda}`,
        );
    }
    if (lines.length > 0) return lines;
  }
  for (const size of ['20', '40'] as const) {
    const valor = final[`preco_por_container_${size}`];
    if (valor !== null) synthetic(`${size}'`, valor, final.moeda, `preco_por_container_${size}`);
  }
  if (lines.length === 0 && final.frete)
    synthetic(final.frete.tipo, final.frete.valor, final.frete.moeda, null);
  return lines;
}

export type FreightCount = {
  lines: FreightLine[];
  porMoeda: Record<FeeCurrency, Decimal>;
  /** Sizes asked by the quote that the row has no price for. */
  tamanhosFaltando: ContainerSize[];
};

/**
 * Decides how many containers of each line count (rule 2 or 3 above) and sums them per currency.
 * `quantidade`: the container quantity of the shipment, used for the headline when no type was asked.
 * `somaEuro`: a price in EUR counts (the comparison has a euro rate); otherwise it is not a price.
 */
export function countFreight(
  lines: readonly FreightLine[],
  asked: readonly ContainerAsk[],
  quantidade: number,
  medidas?: ShipmentMeasures,
  somaEuro = false,
): FreightCount {
  const counted = lines.map((line) => ({ ...line, quantidade: 0 }));
  const priced = counted.filter(
    (line) => line.valor !== null && summedCurrency(line.moeda, somaEuro) !== null,
  );
  const tamanhosFaltando: ContainerSize[] = [];
  if (asked.length > 0) {
    for (const ask of asked) {
      const type = containerType(ask.tipo);
      if (!type) continue;
      const sameSize = priced.filter((line) => sizeOf(line.tipo) === type.size);
      const chosen =
        sameSize.find((line) => type.kind !== null && containerType(line.tipo)?.kind === type.kind) ??
        sameSize[0];
      if (chosen) chosen.quantidade += ask.quantidade;
      else if (!tamanhosFaltando.includes(type.size)) tamanhosFaltando.push(type.size);
    }
  } else {
    nameWeightBands(counted);
    let usd = false;
    for (const moeda of ['USD', 'BRL', 'EUR'] as const) {
      const inCurrency = priced.filter((line) => feeCurrency(line.moeda) === moeda);
      const headline = inCurrency[0];
      // A price in EUR beside one in USD is the same freight in another currency: the USD one counts.
      if (!headline || (moeda === 'EUR' && usd)) continue;
      if (moeda === 'USD') usd = true;
      const banded = inCurrency.filter((line) => line.faixaKg !== undefined);
      if (banded.length > 0 && medidas) {
        countWeightBand(banded, medidas);
        continue;
      }
      const greater =
        headline.oQueForMaior === undefined
          ? []
          : inCurrency.filter((line) => line.oQueForMaior === headline.oQueForMaior);
      if (greater.length > 1 && medidas) {
        countGreater(greater, medidas);
        continue;
      }
      if (sizeOf(headline.tipo) !== null) headline.quantidade = quantidade;
      else if (!medidas) headline.quantidade = 1;
      else {
        // Per kg, m³ or W/M: the shipment's measure; per BL or trip: once.
        const measured = chargeQuantity(headline.tipo, medidas);
        headline.base = measured.base;
        if (measured.quantidade === null) headline.falta = measured.falta;
        else headline.quantidade = toNumber(measured.quantidade);
      }
    }
  }
  const porMoeda = noAmounts<Decimal>(ZERO);
  for (const line of counted) {
    if (line.quantidade === 0) continue;
    const moeda = feeCurrency(line.moeda)!;
    const amount = round(multiply(toDecimal(line.valor!), toDecimal(line.quantidade)), 2);
    line.total =
      typeof line.minimo === 'number' && Number.isFinite(line.minimo)
        ? max(amount, toDecimal(line.minimo))
        : amount;
    if (line.total > amount) line.minimoAplicado = true;
    porMoeda[moeda] = add(porMoeda[moeda], line.total);
  }
  return { lines: counted, porMoeda, tamanhosFaltando };
}

/**
 * "USD 38 per cbm / USD 55 per ton, whichever is greater, min 2 cbm": each price on its own measure (m³,
 * tonnes), raised to its minimum; the greatest amount counts, the others are shown uncounted. A measure
 * unknown: the first line says what is missing, as a single rate does.
 */
function countGreater(lines: FreightLine[], medidas: ShipmentMeasures): void {
  let best: { line: FreightLine; amount: Decimal; quantidade: Decimal } | null = null;
  for (const line of lines) {
    const measured = chargeQuantity(line.tipo, medidas);
    line.base = measured.base;
    if (measured.quantidade === null) {
      lines[0]!.falta = measured.falta;
      return;
    }
    const amount = chargeAmount(line.valor!, measured.quantidade, line.minimo);
    if (best === null || amount > best.amount) best = { line, amount, quantidade: measured.quantidade };
  }
  if (best) best.line.quantidade = toNumber(best.quantidade);
}

/** The engine's weight band of an air rate (`faixaKg`, a lower bound in kg), or null. */
function weightBandOf(item: unknown): number | null {
  const value = (item as { faixaKg?: unknown }).faixaKg;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** '+500 kg' for a band from 500 kg; '-45 kg' for the band under the next one (45 kg). */
function nameWeightBands(lines: FreightLine[]): void {
  const bounds = [
    ...new Set(lines.flatMap((line) => (line.faixaKg === undefined ? [] : [line.faixaKg]))),
  ].sort((a, b) => a - b);
  for (const line of lines) {
    if (line.faixaKg === undefined) continue;
    if (line.faixaKg > 0) line.faixa = `+${line.faixaKg} kg`;
    else {
      const next = bounds.find((bound) => bound > 0);
      if (next !== undefined) line.faixa = `-${next} kg`;
    }
  }
}

/**
 * Air weight bands ('M 95 / -45 7,10 / +45 5,60 / +100 4,35 …'): the rate of the band the chargeable weight
 * falls in counts, unless a higher band charged at its lower bound costs less (the airlines' rule: 90 kg at
 * '+100' is 100 kg × the +100 rate when that is cheaper than 90 kg × the +45 rate). The band's minimum still
 * applies. Unknown weight: the lowest band says what is missing, as a single rate does.
 */
function countWeightBand(banded: FreightLine[], medidas: ShipmentMeasures): void {
  const sorted = [...banded].sort((a, b) => a.faixaKg! - b.faixaKg!);
  const measured = chargeQuantity(sorted[0]!.tipo, medidas);
  if (measured.quantidade === null) {
    sorted[0]!.base = measured.base;
    sorted[0]!.falta = measured.falta;
    return;
  }
  const weight = toNumber(measured.quantidade);
  const applicable = sorted.filter((line) => line.faixaKg! <= weight).at(-1) ?? sorted[0]!;
  const candidates = [applicable, ...sorted.filter((line) => line.faixaKg! > weight)];
  let best: { line: FreightLine; kg: number; cost: number } | null = null;
  for (const line of candidates) {
    const kg = Math.max(weight, line.faixaKg!);
    const cost = kg * line.valor!;
    if (best === null || cost < best.cost) best = { line, kg, cost };
  }
  best!.line.base = measured.base;
  best!.line.quantidade = best!.kg;
  if (best!.kg > weight) best!.line.pesoTaxadoKg = weight;
}
