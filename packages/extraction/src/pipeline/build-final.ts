import type { Line } from '../blocks/lines.js';
import type { FieldResults } from '../fields/field-types.js';
import { lookupPlace } from '../fields/places.js';
import type { DetectResult, Evidence, FeeItem, FinalData, FreightItem, Modal, PlaceRef } from '../types.js';
import { calibrateConfidence } from './calibrate.js';

interface FinalInput {
  fields: FieldResults;
  fretes: FreightItem[];
  taxas: FeeItem[];
  modal: { modal: Modal | null; confidence: number };
  destinations: string[];
  detect: Pick<DetectResult, 'reasons'> & { confidence?: DetectResult['confidence'] };
  lines: Line[];
}

const CONTAINERS = new Set(['20DC', '40DC', '40HC', '45HC', '20RF', '40RF', '20OT', '40OT', '40FR']);

function placeRef(name: string, fields: FieldResults): PlaceRef {
  const found = fields.destinations.find((d) => d.value.name === name)?.value ?? lookupPlace(name);
  return { nome: name, codigo: found?.code ?? null, pais: found?.country ?? null };
}

function containerCount(lines: Line[]): number | null {
  for (const line of lines) {
    const matches = [...line.text.matchAll(/(?<![\d.,])(\d{1,2})\s*x\s*(?:20|40|45)/gi)];
    if (matches.length > 0) return matches.reduce((sum, m) => sum + Number(m[1]), 0);
  }
  return null;
}

function cargoVolume(lines: Line[]): string | null {
  for (const line of lines) {
    const volume = /\d+(?:[.,]\d+)?\s*(?:cbm|m3|m³)(?![\p{L}])/iu.exec(line.text)?.[0];
    const weight = /\d{1,3}(?:[.,]\d{3})*(?:[.,]\d+)?\s*kgs?\b/i.exec(line.text)?.[0];
    if (volume !== undefined || weight !== undefined)
      return [volume, weight].filter((v) => v !== undefined).join(' / ');
  }
  return null;
}

function first<T>(items: T[], predicate: (item: T) => boolean): T | undefined {
  return items.find(predicate);
}

function overallConfidence(input: FinalInput, evidence: Record<string, Evidence>): number {
  const freight =
    input.fretes.length === 0 ? 0 : input.fretes.reduce((s, f) => s + f.confidence, 0) / input.fretes.length;
  const parts: Array<[number, number]> = [
    [freight, 4],
    [evidence.transportador?.confidence ?? 0, 1],
    [evidence.portoOrigem?.confidence ?? 0, 1],
    [evidence.porto_destino?.confidence ?? 0, 1],
    [evidence.transit_time_dias?.confidence ?? 0, 0.5],
    [evidence.validadeProposta?.confidence ?? 0, 0.5],
    [input.modal.confidence, 1],
  ];
  const weight = parts.reduce((s, [, w]) => s + w, 0);
  return Math.round((parts.reduce((s, [v, w]) => s + v * w, 0) / weight) * 100) / 100;
}

/** Headline prices, route and per-destination summary, recomputed from the item lists. */
export function deriveSummary(final: FinalData): void {
  const { fretes } = final;
  const headline = fretes[0];
  const destinations = final.porto_destino.map((p) => p.nome);
  const containers = [...new Set(fretes.map((f) => f.unidade).filter((u) => CONTAINERS.has(u)))];
  const forty = first(fretes, (f) => f.unidade === '40HC') ?? first(fretes, (f) => f.unidade === '40DC');
  const perVolume = first(fretes, (f) => f.unidade === 'M3') ?? first(fretes, (f) => f.unidade === 'WM');
  final.moeda = headline?.moeda ?? null;
  final.frete =
    headline === undefined ? null : { tipo: headline.unidade, valor: headline.valor, moeda: headline.moeda };
  final.preco_por_container_20 = first(fretes, (f) => f.unidade === '20DC')?.valor ?? null;
  final.preco_por_container_40 = forty?.valor ?? null;
  final.preco_por_kg = first(fretes, (f) => f.unidade === 'KG')?.valor ?? null;
  final.preco_por_m3 = perVolume?.valor ?? null;
  final.preco_minimo = first(fretes, (f) => f.minimo !== null)?.minimo ?? null;
  final.tipoContainer = containers.length === 0 ? null : containers.join('/');
  final.destinos = destinations.map((nome) => {
    const price = (currency: string) =>
      first(fretes, (f) => f.moeda === currency && (f.destino === nome || f.destino === null))?.valor ?? null;
    return { nome, valorFreteUSD: price('USD'), valorFreteBRL: price('BRL'), valorFreteEUR: price('EUR') };
  });
  final.rota =
    final.portoOrigem === null && destinations.length === 0
      ? null
      : [
          final.portoOrigem ?? '?',
          ...(final.portoTransbordo === null ? [] : [final.portoTransbordo]),
          destinations.join(' / ') || '?',
        ].join(' → ');
}

/** Values with confidence below 0.5 are marked `needsReview`; returns their names for the reason. */
export const REVIEW_THRESHOLD = 0.5;
function flagForReview(final: FinalData): string[] {
  const names: string[] = [];
  for (const [field, evidence] of Object.entries(final.evidence)) {
    if (evidence.confidence < REVIEW_THRESHOLD) {
      evidence.needsReview = true;
      names.push(field);
    }
  }
  for (const item of final.fretes) {
    if (item.confidence < REVIEW_THRESHOLD) {
      item.needsReview = true;
      names.push(`frete ${item.unidade}${item.destino === null ? '' : ` ${item.destino}`}`);
    }
  }
  for (const item of final.taxas.itens) {
    if (item.confidence < REVIEW_THRESHOLD) {
      item.needsReview = true;
      names.push(`taxa ${item.nome}`);
    }
  }
  return names;
}

/** The spec's "final" object: headline prices, the item lists and the provenance of every scalar field. */
export function buildFinal(input: FinalInput): FinalData {
  const { fields, fretes, taxas, modal } = input;
  const isRoad = modal.modal === 'RODOVIARIO';
  const evidence: Record<string, Evidence> = {};
  const note = (key: string, found: { evidence: Evidence } | null | undefined) => {
    if (found !== null && found !== undefined) evidence[key] = found.evidence;
  };
  note('transportador', fields.company);
  if (!isRoad) note('armador', fields.carrier);
  note('incoterm', fields.incoterm);
  note('portoOrigem', fields.origin);
  note('porto_destino', fields.destinations[0]);
  if (!isRoad) note('portoTransbordo', fields.transshipment);
  note('transit_time_dias', fields.transit);
  note('free_time_destino_dias', fields.freeTime);
  note('peso_taxavel_kg', fields.chargeableWeight);
  note('validadeProposta', fields.validity);
  note('condicoesPagamento', fields.payment);
  if (modal.modal !== null) evidence.modal = { confidence: modal.confidence, source: null, method: 'detect' };
  const headline = fretes[0];
  if (headline !== undefined)
    evidence.frete = { confidence: headline.confidence, source: headline.source, method: 'charges' };

  const origin = fields.origin?.value.name ?? null;
  const transshipment = isRoad ? null : (fields.transshipment?.value?.name ?? null);
  const via =
    transshipment !== null && (transshipment === origin || input.destinations.includes(transshipment))
      ? null
      : transshipment;
  const final: FinalData = {
    transportador: fields.company?.value ?? null,
    armador: isRoad ? null : (fields.carrier?.value ?? null),
    modal: modal.modal,
    moeda: null,
    incoterm: fields.incoterm?.value ?? null,
    origem: origin,
    portoOrigem: origin,
    porto_destino: input.destinations.map((name) => placeRef(name, fields)),
    destinos: [],
    portoTransbordo: via,
    rota: null,
    transit_time_dias: fields.transit?.value.max ?? null,
    transit_time_min_dias: fields.transit?.value.min ?? null,
    transit_time_max_dias: fields.transit?.value.max ?? null,
    free_time_destino_dias: fields.freeTime?.value ?? null,
    ...(fields.freeTime?.combined === true ? { free_time_tipo: 'combinado' as const } : {}),
    peso_taxavel_kg: fields.chargeableWeight?.value ?? null,
    validadeProposta: fields.validity?.value ?? null,
    frete: null,
    fretes,
    preco_por_container_20: null,
    preco_por_container_40: null,
    preco_por_kg: null,
    preco_por_m3: null,
    preco_minimo: null,
    tipoContainer: null,
    quantidadeContainer: containerCount(input.lines),
    volumeCarga: cargoVolume(input.lines),
    condicoesPagamento: fields.payment?.value ?? null,
    taxas: { itens: taxas },
    confidence_overall: 0,
    evidence,
    reason: null,
  };
  deriveSummary(final);
  calibrateConfidence(final, { unknownLanguage: (input.detect.confidence?.language ?? 1) <= 0.2 });
  final.confidence_overall = overallConfidence(input, evidence);
  const reasons = [...input.detect.reasons];
  const review = flagForReview(final);
  if (review.length > 0)
    reasons.push(
      `confiança abaixo de 0,5, revisar: ${review.slice(0, 8).join(', ')}${review.length > 8 ? ' …' : ''}`,
    );
  if (final.confidence_overall < 0.5 && reasons.length === 0)
    reasons.push('poucos dados de cotação reconhecidos');
  final.reason = reasons.length === 0 ? null : reasons.join('; ');
  return final;
}
