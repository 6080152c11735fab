import { INSTRUCTIONS, LLM_SCHEMA, MAX_PROMPT_CHARS, STRING_FIELDS } from './llm.js';
import {
  FIELD_LABELS,
  findDate,
  findModal,
  findNumber,
  findString,
  hasCurrency,
  hasUnit,
  linesOfText,
  phrase,
  type SourceLine,
} from './llm-verify.js';
import { deriveSummary } from './pipeline/build-final.js';
import type {
  Currency,
  Evidence,
  ExtractionResult,
  FeeItem,
  FeeUnit,
  FinalData,
  FreightItem,
  FreightUnit,
  LlmOptions,
  Modal,
  SourceRef,
} from './types.js';

/**
 * The optional AI pass of issue 32 item 3 (ADR 0100 addendum): the fields the rules left empty or below
 * `minConfidence` are asked of an OpenAI-compatible model with the strict schema, and every value it
 * answers is kept only when it is found in the reply's own text (llm-verify.ts). Kept values carry the
 * evidence method 'ia', the source origin 'ia' and the line they were found on, at an amber confidence;
 * a rules value at or above `minConfidence` is never replaced. Any failure leaves the rules' result as it
 * was and says why; this function does not throw.
 */

/** The confidence of a value the AI pass kept: the rules' amber band, never green (≥ 0.8). */
export const IA_CONFIDENCE = 0.6;
/** Fields below this confidence (or empty) are asked of the model. */
export const IA_MIN_CONFIDENCE = 0.5;
export const IA_DEFAULT_TIMEOUT_MS = 20_000;

export type LlmFailure = {
  kind: 'timeout' | 'http' | 'json' | 'schema' | 'network' | 'url';
  /** The HTTP status, for 'http'. */
  status?: number;
};

export interface LlmRefinement {
  result: ExtractionResult;
  /** The fields asked of the model (none: no request was made). */
  asked: string[];
  /** The fields filled with a value found in the text. */
  kept: string[];
  /** The values the model gave that are not in the text, by field (never stored). */
  dropped: string[];
  failure: LlmFailure | null;
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
};

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? 'number'
        : typeof value;

/** Whether `value` matches the JSON schema subset LLM_SCHEMA uses (types, enums, required, no extra keys). */
export function matchesSchema(value: unknown, shape: object): boolean {
  const schema = shape as Schema;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 0 && !types.includes(typeOf(value))) return false;
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (Array.isArray(value))
    return schema.items === undefined || value.every((v) => matchesSchema(v, schema.items!));
  if (value !== null && typeof value === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    if (schema.required?.some((key) => !(key in record))) return false;
    for (const key of Object.keys(record)) {
      const property = schema.properties[key];
      if (property === undefined) {
        if (schema.additionalProperties === false) return false;
      } else if (!matchesSchema(record[key], property)) return false;
    }
  }
  return true;
}

type Answer = {
  [key: string]: unknown;
  transit_time_min_dias: number | null;
  transit_time_max_dias: number | null;
  free_time_destino_dias: number | null;
  modal: Modal | null;
  porto_destino: string[];
  fretes: Array<{
    destino: string | null;
    unidade: FreightUnit;
    valor: number;
    moeda: Currency;
    minimo: number | null;
  }>;
  taxas: Array<{ nome: string; destino: string | null; unidade: FeeUnit; valor: number; moeda: Currency }>;
};

/** The fields the rules left empty or below `minimum` (a confident rules value is never asked). */
export function fieldsToAsk(final: FinalData, minimum: number): string[] {
  const weak = (key: string) => (final.evidence[key]?.confidence ?? 0) < minimum;
  const ask: string[] = STRING_FIELDS.filter((field) => final[field] === null || weak(field));
  if (final.transit_time_dias === null || weak('transit_time_dias')) ask.push('transit_time_dias');
  if (final.free_time_destino_dias === null || weak('free_time_destino_dias'))
    ask.push('free_time_destino_dias');
  if (final.modal === null || weak('modal')) ask.push('modal');
  if (final.porto_destino.length === 0) ask.push('porto_destino');
  if (final.fretes.length === 0) ask.push('fretes');
  if (final.taxas.itens.length === 0) ask.push('taxas');
  return ask;
}

const refOf = (line: SourceLine): SourceRef => ({ line: line.line, text: line.text, origin: 'ia' });
const evidenceOf = (line: SourceLine): Evidence => ({
  confidence: IA_CONFIDENCE,
  source: refOf(line),
  method: 'ia',
});

/** Keeps of the model's answer only what is found in `lines`; the rules' result is copied, never changed. */
export function mergeVerified(
  result: ExtractionResult,
  answer: Answer,
  lines: readonly SourceLine[],
  asked: ReadonlySet<string>,
): { result: ExtractionResult; kept: string[]; dropped: string[] } {
  const final: FinalData = { ...result.final, evidence: { ...result.final.evidence } };
  const kept: string[] = [];
  const dropped: string[] = [];
  const verdict = (field: string, line: SourceLine | null) => {
    (line ? kept : dropped).push(field);
    return line;
  };

  for (const field of STRING_FIELDS) {
    const value = answer[field];
    if (!asked.has(field) || typeof value !== 'string' || value.trim() === '') continue;
    const line =
      field === 'validadeProposta'
        ? findDate(lines, value, FIELD_LABELS.validade)
        : value.length <= 200
          ? findString(lines, value)
          : null;
    if (!verdict(field, line)) continue;
    final[field] = value.trim();
    final.evidence[field] = evidenceOf(line!);
    if (field === 'portoOrigem') final.origem = final.portoOrigem;
  }

  const min = answer.transit_time_min_dias ?? answer.transit_time_max_dias;
  const max = answer.transit_time_max_dias ?? answer.transit_time_min_dias;
  if (asked.has('transit_time_dias') && min !== null && max !== null) {
    const line = min <= max ? findNumber(lines, max, FIELD_LABELS.transit) : null;
    const minLine = line && findNumber(lines, min, FIELD_LABELS.transit);
    if (verdict('transit_time_dias', minLine ? line : null)) {
      Object.assign(final, {
        transit_time_min_dias: min,
        transit_time_max_dias: max,
        transit_time_dias: max,
      });
      final.evidence.transit_time_dias = evidenceOf(line!);
    }
  }

  const freeTime = answer.free_time_destino_dias;
  if (asked.has('free_time_destino_dias') && freeTime !== null) {
    const line = verdict('free_time_destino_dias', findNumber(lines, freeTime, FIELD_LABELS.freeTime));
    if (line) {
      final.free_time_destino_dias = freeTime;
      final.evidence.free_time_destino_dias = evidenceOf(line);
    }
  }

  if (asked.has('modal') && answer.modal !== null) {
    const line = verdict('modal', findModal(lines, answer.modal));
    if (line) {
      final.modal = answer.modal;
      final.evidence.modal = evidenceOf(line);
    }
  }

  if (asked.has('porto_destino')) {
    const ports = answer.porto_destino.filter((nome) => verdict('porto_destino', findString(lines, nome)));
    final.porto_destino = ports.map((nome) => ({ nome: nome.trim(), codigo: null, pais: null }));
  }

  if (asked.has('fretes')) {
    final.fretes = answer.fretes.flatMap((freight): FreightItem[] => {
      const line = findNumber(lines, freight.valor, FIELD_LABELS.frete);
      const found =
        line !== null && hasCurrency(lines, line, freight.moeda) && hasUnit(lines, line, freight.unidade);
      if (!verdict('fretes', found ? line : null)) return [];
      const minimo = freight.minimo === null ? null : findNumber(lines, freight.minimo, FIELD_LABELS.minimo);
      const destino = freight.destino === null ? null : findString(lines, freight.destino);
      return [
        {
          destino: destino ? freight.destino!.trim() : null,
          unidade: freight.unidade,
          valor: freight.valor,
          moeda: freight.moeda,
          minimo: minimo ? freight.minimo : null,
          confidence: IA_CONFIDENCE,
          source: refOf(line!),
        },
      ];
    });
  }

  if (asked.has('taxas')) {
    const itens = answer.taxas.flatMap((fee): FeeItem[] => {
      const nome = fee.nome.trim();
      // The fee's own name is its label: the amount must be printed beside it.
      const line = nome === '' || nome.length > 80 ? null : findNumber(lines, fee.valor, phrase(nome));
      const found = line !== null && hasCurrency(lines, line, fee.moeda) && hasUnit(lines, line, fee.unidade);
      if (!verdict('taxas', found ? line : null)) return [];
      const destino = fee.destino === null ? null : findString(lines, fee.destino);
      return [
        {
          nome: nome.toUpperCase(),
          rotulo: nome,
          destino: destino ? fee.destino!.trim() : null,
          unidade: fee.unidade,
          valor: fee.valor,
          moeda: fee.moeda,
          confidence: IA_CONFIDENCE,
          source: refOf(line!),
        },
      ];
    });
    final.taxas = { itens };
  }

  if (final.fretes !== result.final.fretes && final.fretes.length > 0) final.moeda = final.fretes[0]!.moeda;
  deriveSummary(final);
  return { result: { ...result, final }, kept: [...new Set(kept)], dropped };
}

function withReason(result: ExtractionResult, reason: string): ExtractionResult {
  return { ...result, detect: { ...result.detect, reasons: [...result.detect.reasons, reason] } };
}

function failed(result: ExtractionResult, asked: string[], failure: LlmFailure): LlmRefinement {
  const detail = failure.status === undefined ? failure.kind : `${failure.kind} ${failure.status}`;
  return {
    result: withReason(result, `ia: indisponível (${detail})`),
    asked,
    kept: [],
    dropped: [],
    failure,
  };
}

/**
 * Asks the model for what the rules left open and merges what is found in the text (see above).
 * `source` is the reply's text (its lines numbered from 1) or its lines as `sourceLinesOf(result)` gives.
 */
export async function refineWithLlm(
  result: ExtractionResult,
  source: string | readonly SourceLine[],
  options: LlmOptions,
): Promise<LlmRefinement> {
  const asked = fieldsToAsk(result.final, options.minConfidence ?? IA_MIN_CONFIDENCE);
  if (asked.length === 0) return { result, asked, kept: [], dropped: [], failure: null };
  const lines = typeof source === 'string' ? linesOfText(source) : source;
  let url: URL;
  try {
    url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed(result, asked, { kind: 'url' });
  } catch {
    return failed(result, asked, { kind: 'url' });
  }
  let content: unknown;
  try {
    const response = await fetch(url, {
      method: 'POST',
      signal: AbortSignal.timeout(options.timeoutMs ?? IA_DEFAULT_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: `${INSTRUCTIONS} Campos a completar: ${asked.join(', ')}.` },
          {
            role: 'user',
            content: lines
              .map((line) => line.text)
              .join('\n')
              .slice(0, MAX_PROMPT_CHARS),
          },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'cotacao_frete', strict: true, schema: LLM_SCHEMA },
        },
      }),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return failed(result, asked, { kind: 'http', status: response.status });
    }
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    content = body.choices?.[0]?.message?.content;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const json = error instanceof SyntaxError;
    return failed(result, asked, { kind: timedOut ? 'timeout' : json ? 'json' : 'network' });
  }
  let answer: unknown;
  try {
    answer = typeof content === 'string' ? JSON.parse(content) : undefined;
  } catch {
    return failed(result, asked, { kind: 'json' });
  }
  if (answer === undefined) return failed(result, asked, { kind: 'json' });
  if (!matchesSchema(answer, LLM_SCHEMA)) return failed(result, asked, { kind: 'schema' });
  const merged = mergeVerified(result, answer as Answer, lines, new Set(asked));
  const reason = `ia: ${merged.kept.length} campo(s) preenchido(s), ${merged.dropped.length} valor(es) descartado(s) por não estarem no texto`;
  return { ...merged, result: withReason(merged.result, reason), asked, failure: null };
}
