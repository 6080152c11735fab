import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SourceRef {
  line: number;
  text: string;
  cell?: string;
  origin: string;
}

export interface ExtractedFee {
  nome: string;
  rotulo: string;
  destino: string | null;
  unidade: string;
  valor: number;
  moeda: string;
  confidence: number;
  source: SourceRef;
}

export interface ExtractedFreight {
  destino: string | null;
  unidade: string;
  valor: number;
  moeda: string;
  minimo: number | null;
  confidence: number;
  source: SourceRef;
}

/** The fields of `final` the screen shows; the rest is visible in the raw output. */
export interface ExtractedFinal {
  transportador: string | null;
  armador: string | null;
  modal: string | null;
  moeda: string | null;
  incoterm: string | null;
  origem: string | null;
  portoOrigem: string | null;
  portoTransbordo: string | null;
  destinos: { nome: string }[];
  transit_time_dias: number | null;
  transit_time_min_dias: number | null;
  transit_time_max_dias: number | null;
  free_time_destino_dias: number | null;
  validadeProposta: string | null;
  preco_por_container_20: number | null;
  preco_por_container_40: number | null;
  preco_por_kg: number | null;
  preco_por_m3: number | null;
  preco_minimo: number | null;
  condicoesPagamento: string | null;
  fretes: ExtractedFreight[];
  taxas: { itens: ExtractedFee[] };
  confidence_overall?: number;
  reason: string | null;
}

export interface ExtractionResult {
  final: ExtractedFinal;
  detect: unknown;
  blocks: unknown;
}

export function runExtraction(text: string): Promise<{ data: ExtractionResult }> {
  return api.post<{ data: ExtractionResult }>(
    '/quotes/extract',
    { text },
    { fallback: ui.extract.errorFallback },
  );
}

export function useRunExtraction() {
  return useMutation({ mutationFn: runExtraction });
}
