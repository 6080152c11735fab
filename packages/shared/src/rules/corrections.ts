/*
 * Corrections of extracted values (issue #14, ADR 0018): an analyst corrects one value of a response's
 * extraction (`dadosExtraidos.final`) by its path (CORRECTION_FIELD_PATTERN). Corrections are stored apart
 * from the extraction and applied when it is read, so re-running the extraction never overwrites one.
 * Pure functions: the API, the comparison and the comparative documents apply them the same way.
 */

export type CorrectionValue = number | string | null;

/** What applying needs of a stored correction; the list is oldest first, so the latest of a field wins. */
export type CorrectionInput = { campo: string; valor: CorrectionValue; por?: string | null; em?: string };

/**
 * The fields a version's corrections leave corrected (oldest first, the latest of a field wins), and
 * `checked`: every field an analyst corrected at all. A field whose latest correction put back the value
 * the reply stated is the reply's own again: it no longer reads 'Corrigido' (QA pass 39a), but it was
 * checked, so it is not marked low confidence either (retyping a doubtful figure confirms it). Every added
 * fee line stays a correction.
 */
export class CorrectedFields extends Set<string> {
  readonly checked = new Set<string>();
}

export function correctedFields(
  corrections: readonly (CorrectionInput & { valorOriginal?: CorrectionValue })[],
): CorrectedFields {
  const fields = new CorrectedFields();
  for (const correction of corrections) {
    fields.checked.add(correction.campo);
    const reverted =
      correction.campo !== ADDED_FEE_FIELD &&
      correction.valorOriginal !== undefined &&
      correction.valor === correction.valorOriginal;
    if (reverted) fields.delete(correction.campo);
    else fields.add(correction.campo);
  }
  return fields;
}

/** Every field an analyst corrected, set back or not (see `CorrectedFields`). */
export const checkedFields = (fields: ReadonlySet<string>): ReadonlySet<string> =>
  fields instanceof CorrectedFields ? fields.checked : fields;

/**
 * The field of a correction that adds a fee line the reply lacks (issue 30, ADR 0024): its value is the
 * line as JSON (`AddedFee`); each one adds a line, after the reply's own, with who added it and when.
 */
export const ADDED_FEE_FIELD = 'taxas.adicionada';

export type AddedFee = {
  nome: string;
  moeda: string;
  valor: number;
  unidade: string;
  destino: string | null;
  /** 'versao_anterior': kept from the previous version ('manter da versão anterior'); 'manual': typed. */
  origem: 'versao_anterior' | 'manual';
  /** The version it was kept from (origem 'versao_anterior'). */
  versao?: number | null;
  /** As the carrier wrote it, when kept from a version (absent: `nome`, older corrections too). */
  rotulo?: string | null;
  /** The least the fee costs (a fee per kg, m³, t or W/M), counted as the engine's minimum columns are. */
  minimo?: number | null;
};

/** The added line of a correction, or null when the correction is not one (or its value is unreadable). */
export function addedFeeOf(correction: CorrectionInput): AddedFee | null {
  if (correction.campo !== ADDED_FEE_FIELD || typeof correction.valor !== 'string') return null;
  try {
    const fee = JSON.parse(correction.valor) as AddedFee;
    return typeof fee?.nome === 'string' && typeof fee.valor === 'number' ? fee : null;
  } catch {
    return null;
  }
}

function appendFee(final: Bag, correction: CorrectionInput, fee: AddedFee): void {
  const taxas = isBag(final.taxas) ? final.taxas : null;
  if (!taxas || !Array.isArray(taxas.itens)) return;
  taxas.itens.push({
    nome: fee.nome,
    rotulo: fee.rotulo || fee.nome,
    destino: fee.destino,
    unidade: fee.unidade,
    valor: fee.valor,
    moeda: fee.moeda,
    ...(typeof fee.minimo === 'number' ? { minimo: fee.minimo } : {}),
    confidence: 1,
    source: { line: 0, text: '', origin: fee.origem },
    origem: fee.origem,
    adicionadaPor: correction.por ?? null,
    ...(correction.em ? { adicionadaEm: correction.em } : {}),
  });
}

/** Where a value was read (the extraction's `source`): line, text, cell and which part of the message. */
export type CorrectionSource = { line: number; text: string; cell?: string; origin: string } & Record<
  string,
  unknown
>;

type Bag = Record<string, unknown>;

const isBag = (value: unknown): value is Bag =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object holding the last segment of `campo` and that segment, when every step exists. */
function locate(final: unknown, campo: string): { holder: Bag; key: string } | null {
  const segments = campo.split('.');
  let current: unknown = final;
  for (const segment of segments.slice(0, -1)) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return null;
      current = current[Number(segment)];
    } else if (isBag(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else return null;
  }
  const key = segments[segments.length - 1]!;
  if (!isBag(current) || !Object.hasOwn(current, key)) return null;
  return { holder: current, key };
}

/**
 * The value at a correction path of an extraction. `exists` is false when this extraction has no such
 * value (an index past the end of a list, a field the engine did not write): there is nothing to correct.
 * A scalar field the engine wrote as null exists (correcting it fills a value the carrier gave).
 */
export function readCorrectionPath(final: unknown, campo: string): { exists: boolean; value: unknown } {
  const found = locate(final, campo);
  return found ? { exists: true, value: found.holder[found.key] } : { exists: false, value: undefined };
}

type Freight = { unidade?: unknown; valor?: unknown; moeda?: unknown; destino?: unknown; source?: unknown };

function freights(final: Bag): Freight[] {
  return Array.isArray(final.fretes) ? (final.fretes.filter(isBag) as Freight[]) : [];
}

function sourceOf(value: unknown): CorrectionSource | null {
  return isBag(value) && typeof value.line === 'number' && typeof value.origin === 'string'
    ? (value as CorrectionSource)
    : null;
}

const firstOfUnit = (items: Freight[], ...units: string[]) =>
  units.map((unit) => items.find((item) => item.unidade === unit)).find((item) => item !== undefined);

const freightFor = (items: Freight[], nome: unknown, moeda: string) =>
  items.find((item) => item.moeda === moeda && (item.destino === nome || item.destino === null));

/**
 * Where the value at `campo` was read in the message or attachment: the provenance a correction keeps
 * (`fonteOriginal`). Item values carry their own source; headline prices come from the freight line they
 * summarise; scalar fields from the extraction's evidence. Null when the extraction recorded none.
 */
export function correctionSource(final: unknown, campo: string): CorrectionSource | null {
  if (!isBag(final)) return null;
  const segments = campo.split('.');
  const evidence = isBag(final.evidence) ? final.evidence : {};
  const evidenceSource = (key: string) => sourceOf(isBag(evidence[key]) ? evidence[key].source : null);
  const items = freights(final);
  if (segments[0] === 'fretes' || (segments[0] === 'taxas' && segments[1] === 'itens')) {
    const path = segments.slice(0, segments[0] === 'fretes' ? 2 : 3).join('.');
    const item = locate(final, `${path}.source`);
    return item ? sourceOf(item.holder.source) : null;
  }
  if (segments[0] === 'destinos') {
    const destino = Array.isArray(final.destinos) ? final.destinos[Number(segments[1])] : undefined;
    // A port's own days keep the line each was read from (issue 30, QA pass 4).
    if (segments[2] === 'transit_time_dias' || segments[2] === 'free_time_dias' || segments[2] === 'validade')
      return sourceOf(
        isBag(destino)
          ? destino[
              segments[2] === 'transit_time_dias'
                ? 'transit_source'
                : segments[2] === 'free_time_dias'
                  ? 'free_source'
                  : 'validade_source'
            ]
          : null,
      );
    const moeda = segments[2] === 'valorFreteBRL' ? 'BRL' : 'USD';
    return sourceOf(isBag(destino) ? freightFor(items, destino.nome, moeda)?.source : null);
  }
  if (campo === 'preco_por_container_20')
    return sourceOf(firstOfUnit(items, '20DC')?.source) ?? evidenceSource('frete');
  if (campo === 'preco_por_container_40')
    return sourceOf(firstOfUnit(items, '40HC', '40DC')?.source) ?? evidenceSource('frete');
  if (campo === 'transit_time_min_dias' || campo === 'transit_time_max_dias')
    return evidenceSource('transit_time_dias');
  return evidenceSource(campo);
}

/** Headline values the engine derives from the freight lines, re-derived after a line was corrected. */
function rederive(final: Bag, corrected: Set<string>): void {
  const items = freights(final);
  const setIfFree = (campo: string, value: unknown) => {
    if (!corrected.has(campo) && Object.hasOwn(final, campo)) final[campo] = value;
  };
  const number = (item: Freight | undefined) => (typeof item?.valor === 'number' ? item.valor : null);
  setIfFree('preco_por_container_20', number(firstOfUnit(items, '20DC')));
  setIfFree('preco_por_container_40', number(firstOfUnit(items, '40HC', '40DC')));
  const headline = items[0];
  setIfFree('moeda', headline?.moeda ?? null);
  if ([...corrected].some((campo) => /^fretes\.\d+\.unidade$/.test(campo))) {
    const containers = [...new Set(items.map((item) => item.unidade))].filter(
      (unidade): unidade is string => typeof unidade === 'string' && /^\d\d[A-Z]{2}$/.test(unidade),
    );
    setIfFree('tipoContainer', containers.length === 0 ? null : containers.join('/'));
  }
  if (Object.hasOwn(final, 'frete'))
    final.frete = headline ? { tipo: headline.unidade, valor: headline.valor, moeda: headline.moeda } : null;
  if (Array.isArray(final.destinos))
    final.destinos.forEach((destino, index) => {
      if (!isBag(destino)) return;
      for (const moeda of ['USD', 'BRL', 'EUR']) {
        const key = `valorFrete${moeda}`;
        if (!Object.hasOwn(destino, key) || corrected.has(`destinos.${index}.${key}`)) continue;
        destino[key] = number(freightFor(items, destino.nome, moeda));
      }
    });
}

/**
 * The extraction as the analyst corrected it: each correction (oldest first, so the latest of a field
 * wins) replaces the value at its path; a path this extraction does not have is skipped. When a freight
 * line was corrected, the headline prices derived from the lines (20'/40' price, per-destination freight)
 * follow it, unless the analyst corrected those too (a corrected unit also moves the container type);
 * the longest transit follows a corrected maximum.
 * The input is left untouched.
 */
export function applyCorrections<T>(final: T, corrections: readonly CorrectionInput[]): T {
  if (corrections.length === 0 || !isBag(final)) return final;
  const copy: Bag = structuredClone(final);
  const corrected = new Set<string>();
  for (const correction of corrections) {
    const added = addedFeeOf(correction);
    if (added) {
      appendFee(copy, correction, added);
      continue;
    }
    const found = locate(copy, correction.campo);
    if (!found) continue;
    found.holder[found.key] = correction.valor;
    corrected.add(correction.campo);
  }
  if ([...corrected].some((campo) => campo.startsWith('fretes.'))) rederive(copy, corrected);
  if (
    corrected.has('transit_time_max_dias') &&
    !corrected.has('transit_time_dias') &&
    Object.hasOwn(copy, 'transit_time_dias')
  )
    copy.transit_time_dias = copy.transit_time_max_dias;
  return copy as T;
}
