import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { extractFromTextWithLlm } from './index.js';
import { completeWithLlm } from './llm.js';

type Handler = (body: Record<string, unknown>, request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler = () => undefined;
const received: Array<{ body: Record<string, unknown>; authorization: string | undefined }> = [];

function answer(response: ServerResponse, content: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }] }),
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ body, authorization: request.headers.authorization });
      handler(body, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const quote = [
  'Assunto: Cotação',
  'De: Ana <ana@marazulcargo.com.br>',
  'Data: 10/11/2026 10:00',
  '',
  'Frete 40HC Shanghai x Santos: USD 2.900,00',
  'Armador: MSC',
  '',
  'Att,',
  'Ana',
  'Mar Azul Cargo Ltda',
].join('\n');

const modelAnswer = {
  transportador: 'Outra Empresa',
  armador: 'Maersk',
  incoterm: 'FOB',
  portoOrigem: 'Ningbo',
  portoTransbordo: null,
  validadeProposta: '2026-11-30',
  condicoesPagamento: 'prepaid',
  transit_time_min_dias: 30,
  transit_time_max_dias: 35,
  free_time_destino_dias: 14,
  modal: 'FCL',
  porto_destino: ['Santos'],
  fretes: [{ destino: null, unidade: '20DC', valor: 1, moeda: 'USD', minimo: null }],
  taxas: [{ nome: 'THC', destino: null, unidade: 'CNTR', valor: 1500, moeda: 'BRL' }],
};

describe('optional language model', () => {
  it('is off by default: no request without options', async () => {
    received.length = 0;
    await extractFromTextWithLlm(quote);
    await extractFromFile(new TextEncoder().encode(quote), 'q.txt');
    expect(received).toHaveLength(0);
  });

  it('asks with the strict JSON schema, keeps confident rule results and only what the text shows', async () => {
    received.length = 0;
    handler = (_body, _request, response) => answer(response, modelAnswer);
    const result = await extractFromTextWithLlm(quote, {
      llm: { baseUrl, apiKey: 'segredo', model: 'teste' },
    });
    const request = received[0];
    expect(request?.authorization).toBe('Bearer segredo');
    expect(request?.body.model).toBe('teste');
    expect(request?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { strict: true },
    });

    // The rules' confident values stay, whatever the model says.
    expect(result.final.transportador).toBe('Mar Azul Cargo');
    expect(result.final.armador).toBe('MSC');
    expect(result.final.portoOrigem).toBe('Shanghai');
    expect(result.final.fretes.map((f) => f.valor)).toEqual([2900]);
    // The model's validity, incoterm, transit and THC are nowhere in the reply: none of them is kept.
    expect(result.final.validadeProposta).toBeNull();
    expect(result.final.incoterm).toBeNull();
    expect(result.final.transit_time_min_dias).toBeNull();
    expect(result.final.taxas.itens).toEqual([]);
  });

  it('drops values outside the schema', async () => {
    handler = (_body, _request, response) =>
      answer(response, {
        ...modelAnswer,
        validadeProposta: 'amanhã',
        taxas: [{ nome: 'X', valor: 'muito' }],
      });
    const result = await completeWithLlm(extractFromText(quote), quote, { baseUrl });
    expect(result.final.validadeProposta).toBeNull();
    expect(result.final.taxas.itens).toEqual([]);
  });

  it('fails soft on HTTP errors, malformed answers and timeouts', async () => {
    handler = (_body, _request, response) => {
      response.writeHead(500);
      response.end('erro');
    };
    const failed = await completeWithLlm(extractFromText(quote), quote, { baseUrl });
    expect(failed.detect.reasons).toContain('llm: resposta HTTP 500');
    expect(failed.final.fretes.map((f) => f.valor)).toEqual([2900]);

    handler = (_body, _request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"choices":[{"message":{"content":"não é json"}}]}');
    };
    const malformed = await completeWithLlm(extractFromText(quote), quote, { baseUrl });
    expect(malformed.detect.reasons.some((r) => r.startsWith('llm:'))).toBe(true);

    handler = () => undefined;
    const start = performance.now();
    const slow = await completeWithLlm(extractFromText(quote), quote, { baseUrl, timeoutMs: 200 });
    expect(slow.detect.reasons).toContain('llm: tempo esgotado');
    expect(performance.now() - start).toBeLessThan(2_000);

    const badUrl = await completeWithLlm(extractFromText(quote), quote, { baseUrl: 'file:///etc/passwd' });
    expect(badUrl.detect.reasons).toContain('llm: URL base inválida');
  });
});
