import type { ExtractionResult } from './types.js';

export interface CorpusFreight {
  destino: string | null;
  unidade: string;
  valor: number;
  moeda: string;
  minimo: number | null;
}

export interface CorpusFee {
  nome: string;
  destino: string | null;
  unidade: string;
  valor: number;
  moeda: string;
}

/** The ground-truth schema of the extraction corpus README. */
export interface CorpusRecord {
  source: string;
  language: string;
  modal: string | null;
  transportador: string | null;
  armador: string | null;
  incoterm: string | null;
  porto_origem: string | null;
  porto_destino: string[];
  porto_transbordo: string | null;
  transit_time_dias: { min: number; max: number } | null;
  free_time_dias: number | null;
  validade: string | null;
  moeda_frete: string | null;
  frete: CorpusFreight[];
  taxas: CorpusFee[];
  condicoes_pagamento: string | null;
  notes: string;
}

/**
 * The corpus schema's freight units. The engine also reads reefer, open-top, flat-rack and 45' freights for
 * the app; the schema cannot hold them, so they have no corpus entry (generalisation-5 README: a 40RF
 * freight is not a 40DC/40HC one).
 */
const CORPUS_FREIGHT_UNITS = new Set(['20DC', '40DC', '40HC', 'KG', 'M3', 'WM', 'VIAGEM', 'BL']);

export function toCorpusFormat(result: ExtractionResult): CorpusRecord {
  const { final, detect } = result;
  const transit =
    final.transit_time_min_dias === null || final.transit_time_max_dias === null
      ? null
      : { min: final.transit_time_min_dias, max: final.transit_time_max_dias };
  return {
    source: detect.source,
    language: detect.language,
    modal: final.modal,
    transportador: final.transportador,
    armador: final.armador,
    incoterm: final.incoterm,
    porto_origem: final.portoOrigem,
    porto_destino: final.porto_destino.map((p) => p.nome),
    porto_transbordo: final.portoTransbordo,
    transit_time_dias: transit,
    free_time_dias: final.free_time_destino_dias,
    validade: final.validadeProposta,
    moeda_frete: final.moeda,
    frete: final.fretes
      .filter((f) => CORPUS_FREIGHT_UNITS.has(f.unidade))
      .map((f) => ({
        destino: f.destino,
        unidade: f.unidade,
        valor: f.valor,
        moeda: f.moeda,
        minimo: f.minimo,
      })),
    taxas: final.taxas.itens.map((t) => ({
      nome: t.nome,
      destino: t.destino,
      unidade: t.unidade,
      valor: t.valor,
      moeda: t.moeda,
    })),
    condicoes_pagamento: final.condicoesPagamento,
    notes: final.reason ?? '',
  };
}
