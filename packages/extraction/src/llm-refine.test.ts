import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import { LLM_SCHEMA } from './llm.js';
import { IA_CONFIDENCE, matchesSchema, refineWithLlm } from './llm-refine.js';
import { sourceLinesOf } from './llm-verify.js';

type Handler = (response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let handler: Handler = () => undefined;
let requests = 0;

function answer(response: ServerResponse, content: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }] }),
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      handler(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The rules read the armador, but no freight: its amount is written where no rule looks for it.
const reply = [
  'Prezados,',
  'Segue nossa melhor oferta para o embarque de Shanghai.',
  'Ocean freight: favor considerar',
  '40HC - 2.750,00 (moeda: USD)',
  'Armador: MSC',
  '',
  'Att,',
  'Ana',
].join('\n');

const empty = {
  transportador: null,
  armador: null,
  incoterm: null,
  portoOrigem: null,
  portoTransbordo: null,
  validadeProposta: null,
  condicoesPagamento: null,
  transit_time_min_dias: null,
  transit_time_max_dias: null,
  free_time_destino_dias: null,
  modal: null,
  porto_destino: [],
  fretes: [],
  taxas: [],
};
const freight = (valor: number) => ({ destino: null, unidade: '40HC', valor, moeda: 'USD', minimo: null });

describe('refineWithLlm: only figures found in the text', () => {
  it('fills an empty freight with a value printed in the reply, as IA and amber', async () => {
    const rules = extractFromText(reply);
    expect(rules.final.fretes).toEqual([]);
    handler = (response) => answer(response, { ...empty, fretes: [freight(2750)], armador: 'Maersk' });
    const refined = await refineWithLlm(rules, sourceLinesOf(rules), { baseUrl, model: 'teste' });
    expect(refined.failure).toBeNull();
    expect(refined.result.final.fretes).toEqual([
      expect.objectContaining({
        valor: 2750,
        moeda: 'USD',
        unidade: '40HC',
        confidence: IA_CONFIDENCE,
        source: expect.objectContaining({ origin: 'ia', line: 4, text: expect.stringContaining('2.750,00') }),
      }),
    ]);
    expect(IA_CONFIDENCE).toBeLessThan(0.8);
    expect(refined.result.final.preco_por_container_40).toBe(2750);
    // The rules read MSC with confidence: the model's Maersk is neither asked nor taken.
    expect(refined.asked).not.toContain('armador');
    expect(refined.result.final.armador).toBe('MSC');
    expect(refined.result.detect.reasons.at(-1)).toMatch(/^ia: 1 campo/);
  });

  it('drops invented numbers and names', async () => {
    const rules = extractFromText(reply);
    handler = (response) =>
      answer(response, {
        ...empty,
        fretes: [freight(2350)],
        portoOrigem: 'Ningbo',
        validadeProposta: '2026-12-31',
      });
    const refined = await refineWithLlm(rules, reply, { baseUrl, model: 'teste' });
    expect(refined.result.final.fretes).toEqual([]);
    expect(refined.result.final.portoOrigem).toBe(rules.final.portoOrigem);
    expect(refined.result.final.validadeProposta).toBeNull();
    expect(refined.dropped).toEqual(expect.arrayContaining(['fretes', 'portoOrigem', 'validadeProposta']));
    expect(refined.kept).toEqual([]);
  });

  it.each([
    [
      '429',
      (response: ServerResponse) => {
        response.writeHead(429, { 'retry-after': '1' });
        response.end('{"error":"rate"}');
      },
      { kind: 'http', status: 429 },
    ],
    [
      'bad JSON',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"choices":[{"message":{"content":"não é json"}}]}');
      },
      { kind: 'json' },
    ],
    [
      'schema mismatch',
      (response: ServerResponse) => answer(response, { ...empty, fretes: [{ valor: '2750' }] }),
      { kind: 'schema' },
    ],
    ['a hang', () => undefined, { kind: 'timeout' }],
  ])('leaves the rules’ result untouched on %s', async (_name, respond, failure) => {
    const rules = extractFromText(reply);
    handler = respond as Handler;
    const refined = await refineWithLlm(rules, reply, { baseUrl, model: 'teste', timeoutMs: 300 });
    expect(refined.failure).toEqual(failure);
    expect(refined.result.final).toEqual(rules.final);
    expect(refined.result.detect.reasons.at(-1)).toMatch(/^ia: indisponível/);
  });

  it('asks nothing, and sends nothing, when the rules left nothing open', async () => {
    const rules = extractFromText(reply);
    const sure = { confidence: 0.9, source: null, method: 'label' };
    const full = {
      ...rules,
      final: {
        ...rules.final,
        ...Object.fromEntries(
          [
            'transportador',
            'incoterm',
            'portoOrigem',
            'portoTransbordo',
            'validadeProposta',
            'condicoesPagamento',
          ].map((field) => [field, 'x']),
        ),
        transit_time_dias: 30,
        free_time_destino_dias: 7,
        modal: 'FCL' as const,
        porto_destino: [{ nome: 'Santos', codigo: null, pais: null }],
        fretes: [
          {
            ...freight(1),
            unidade: '40HC' as const,
            moeda: 'USD' as const,
            confidence: 0.8,
            source: { line: 1, text: '', origin: 'body' },
          },
        ],
        taxas: {
          itens: [
            {
              nome: 'THC',
              rotulo: 'THC',
              destino: null,
              unidade: 'CNTR' as const,
              valor: 1,
              moeda: 'BRL' as const,
              confidence: 0.8,
              source: { line: 1, text: '', origin: 'body' },
            },
          ],
        },
        evidence: Object.fromEntries(
          [
            'transportador',
            'armador',
            'incoterm',
            'portoOrigem',
            'portoTransbordo',
            'validadeProposta',
            'condicoesPagamento',
            'transit_time_dias',
            'free_time_destino_dias',
            'modal',
          ].map((field) => [field, sure]),
        ),
      },
    };
    const before = requests;
    const refined = await refineWithLlm(full, reply, { baseUrl, model: 'teste' });
    expect(refined.asked).toEqual([]);
    expect(refined.result).toBe(full);
    expect(requests).toBe(before);
  });
});

describe('matchesSchema', () => {
  it('accepts the schema’s shape and refuses extra keys, wrong types and missing keys', () => {
    expect(matchesSchema(empty, LLM_SCHEMA)).toBe(true);
    expect(matchesSchema({ ...empty, extra: 1 }, LLM_SCHEMA)).toBe(false);
    expect(matchesSchema({ ...empty, modal: 'NAVIO' }, LLM_SCHEMA)).toBe(false);
    const { fretes: _fretes, ...missing } = empty;
    expect(matchesSchema(missing, LLM_SCHEMA)).toBe(false);
    expect(matchesSchema({ ...empty, fretes: [freight(1)] }, LLM_SCHEMA)).toBe(true);
  });
});
