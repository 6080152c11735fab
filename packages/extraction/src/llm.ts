import { FEE_UNITS } from './hints/vocabulary.js';
import { deriveSummary } from './pipeline/build-final.js';
import type {
  Currency,
  Evidence,
  ExtractionResult,
  FinalData,
  FreightUnit,
  LlmOptions,
  Modal,
} from './types.js';

const CURRENCIES: readonly Currency[] = ['USD', 'EUR', 'BRL', 'GBP', 'CNY'];
const MODALS: readonly Modal[] = ['FCL', 'LCL', 'AEREO', 'RODOVIARIO'];
const FREIGHT_UNITS: readonly FreightUnit[] = ['20DC', '40DC', '40HC', 'KG', 'M3', 'WM', 'VIAGEM', 'BL'];
export const MAX_PROMPT_CHARS = 12_000;

export type ScalarField =
  | 'transportador'
  | 'armador'
  | 'incoterm'
  | 'portoOrigem'
  | 'portoTransbordo'
  | 'validadeProposta'
  | 'condicoesPagamento';
export const STRING_FIELDS: readonly ScalarField[] = [
  'transportador',
  'armador',
  'incoterm',
  'portoOrigem',
  'portoTransbordo',
  'validadeProposta',
  'condicoesPagamento',
];
const NUMBER_FIELDS = ['transit_time_min_dias', 'transit_time_max_dias', 'free_time_destino_dias'] as const;

const nullable = (type: string) => ({ type: [type, 'null'] });
const item = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

/** Strict JSON schema the model must answer with (OpenAI-compatible `response_format`). */
export const LLM_SCHEMA = item({
  ...Object.fromEntries(STRING_FIELDS.map((f) => [f, nullable('string')])),
  ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, nullable('number')])),
  modal: { type: ['string', 'null'], enum: [...MODALS, null] },
  porto_destino: { type: 'array', items: { type: 'string' } },
  fretes: {
    type: 'array',
    items: item({
      destino: nullable('string'),
      unidade: { type: 'string', enum: FREIGHT_UNITS },
      valor: { type: 'number' },
      moeda: { type: 'string', enum: CURRENCIES },
      minimo: nullable('number'),
    }),
  },
  taxas: {
    type: 'array',
    items: item({
      nome: { type: 'string' },
      destino: nullable('string'),
      unidade: { type: 'string', enum: FEE_UNITS },
      valor: { type: 'number' },
      moeda: { type: 'string', enum: CURRENCIES },
    }),
  },
});

/** What the model is told: the schema's fields, null when absent, never an invented value. */
export const INSTRUCTIONS = [
  'Você extrai dados de cotações de frete internacional enviadas a importadores brasileiros.',
  'Responda somente com JSON no esquema dado. Use null quando o dado não estiver no texto; não invente valores.',
  'Datas em YYYY-MM-DD. Números como números JSON (USD 1.850,00 -> 1850). Ignore totais, valores da mercadoria',
  'e mensagens citadas antigas. fretes: só frete básico; taxas: cada cobrança com valor numérico.',
].join(' ');

function weakFields(final: FinalData, minimum: number): string[] {
  const weak: string[] = [];
  const confidence = (key: string) => final.evidence[key]?.confidence ?? 0;
  for (const field of STRING_FIELDS)
    if (final[field] === null || confidence(field) < minimum) weak.push(field);
  if (final.transit_time_min_dias === null || confidence('transit_time_dias') < minimum)
    weak.push('transit_time_dias');
  if (final.free_time_destino_dias === null) weak.push('free_time_destino_dias');
  if (final.modal === null || confidence('modal') < minimum) weak.push('modal');
  if (final.porto_destino.length === 0) weak.push('porto_destino');
  if (final.fretes.length === 0) weak.push('fretes');
  if (final.taxas.itens.length === 0) weak.push('taxas');
  return weak;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const isNumber = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 10_000_000;
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && values.includes(v as T);

function mergeAnswer(
  result: ExtractionResult,
  answer: Record<string, unknown>,
  weak: Set<string>,
  model: string,
): ExtractionResult {
  const source = { line: 0, text: `modelo ${model}`, origin: 'llm' };
  const evidence: Evidence = { confidence: 0.5, source, method: 'llm' };
  const final: FinalData = { ...result.final, evidence: { ...result.final.evidence } };
  for (const field of STRING_FIELDS) {
    const value = answer[field];
    if (
      weak.has(field) &&
      isString(value) &&
      (field !== 'validadeProposta' || /^\d{4}-\d{2}-\d{2}$/.test(value))
    ) {
      final[field] = value;
      final.evidence[field] = evidence;
    }
  }
  if (final.portoOrigem !== result.final.portoOrigem) final.origem = final.portoOrigem;
  const min = answer.transit_time_min_dias;
  const max = answer.transit_time_max_dias;
  if (weak.has('transit_time_dias') && isNumber(min) && isNumber(max) && min <= max) {
    Object.assign(final, { transit_time_min_dias: min, transit_time_max_dias: max, transit_time_dias: max });
    final.evidence.transit_time_dias = evidence;
  }
  if (weak.has('free_time_destino_dias') && isNumber(answer.free_time_destino_dias)) {
    final.free_time_destino_dias = answer.free_time_destino_dias;
    final.evidence.free_time_destino_dias = evidence;
  }
  if (weak.has('modal') && oneOf(MODALS, answer.modal)) {
    final.modal = answer.modal;
    final.evidence.modal = evidence;
  }
  if (weak.has('porto_destino') && Array.isArray(answer.porto_destino)) {
    final.porto_destino = answer.porto_destino
      .filter(isString)
      .map((nome) => ({ nome, codigo: null, pais: null }));
  }
  if (weak.has('fretes') && Array.isArray(answer.fretes)) {
    final.fretes = answer.fretes.flatMap((f: Record<string, unknown>) =>
      oneOf(FREIGHT_UNITS, f.unidade) && isNumber(f.valor) && oneOf(CURRENCIES, f.moeda)
        ? [
            {
              destino: isString(f.destino) ? f.destino : null,
              unidade: f.unidade,
              valor: f.valor,
              moeda: f.moeda,
              minimo: isNumber(f.minimo) ? f.minimo : null,
              confidence: 0.5,
              source,
            },
          ]
        : [],
    );
  }
  if (weak.has('taxas') && Array.isArray(answer.taxas)) {
    const itens = answer.taxas.flatMap((t: Record<string, unknown>) =>
      isString(t.nome) && oneOf(FEE_UNITS, t.unidade) && isNumber(t.valor) && oneOf(CURRENCIES, t.moeda)
        ? [
            {
              nome: t.nome.toUpperCase(),
              rotulo: t.nome,
              destino: isString(t.destino) ? t.destino : null,
              unidade: t.unidade,
              valor: t.valor,
              moeda: t.moeda,
              confidence: 0.5,
              source,
            },
          ]
        : [],
    );
    final.taxas = { itens };
  }
  deriveSummary(final);
  const filled = Object.values(final.evidence).filter((e) => e.method === 'llm').length;
  if (filled > 0)
    final.confidence_overall = Math.max(
      final.confidence_overall,
      Math.min(0.6, final.confidence_overall + 0.05 * filled),
    );
  return {
    ...result,
    final,
    detect: { ...result.detect, reasons: [...result.detect.reasons, `llm completou ${filled} campo(s)`] },
  };
}

function withReason(result: ExtractionResult, reason: string): ExtractionResult {
  return { ...result, detect: { ...result.detect, reasons: [...result.detect.reasons, reason] } };
}

/**
 * Completes missing or low-confidence fields with an OpenAI-compatible chat model. Rule results that
 * are confident are never replaced. Any failure (network, timeout, malformed answer) keeps the rule
 * result and adds a reason; this function does not throw.
 */
export async function completeWithLlm(
  result: ExtractionResult,
  text: string,
  options: LlmOptions,
): Promise<ExtractionResult> {
  const weak = weakFields(result.final, options.minConfidence ?? 0.6);
  if (weak.length === 0) return result;
  let url: URL;
  try {
    url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return withReason(result, 'llm: URL base inválida');
  } catch {
    return withReason(result, 'llm: URL base inválida');
  }
  const model = options.model ?? 'llama3.1';
  try {
    const response = await fetch(url, {
      method: 'POST',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
      },
      body: JSON.stringify({
        model,
        temperature: 0,
        messages: [
          { role: 'system', content: `${INSTRUCTIONS} Campos a completar: ${weak.join(', ')}.` },
          { role: 'user', content: text.slice(0, MAX_PROMPT_CHARS) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'cotacao_frete', strict: true, schema: LLM_SCHEMA },
        },
      }),
    });
    if (!response.ok) return withReason(result, `llm: resposta HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return withReason(result, 'llm: resposta sem conteúdo');
    const answer: unknown = JSON.parse(content);
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
      return withReason(result, 'llm: JSON fora do esquema');
    return mergeAnswer(result, answer as Record<string, unknown>, new Set(weak), model);
  } catch (error) {
    const message =
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? 'tempo esgotado'
          : error.message
        : String(error);
    return withReason(result, `llm: ${message.slice(0, 120)}`);
  }
}
