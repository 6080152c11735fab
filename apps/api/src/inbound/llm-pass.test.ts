import { type Comparison, formatMessage, inboundTexts, type ResponseEntry } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, type Scenario } from '../../test/factories/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fakes/openai-server.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';

/*
 * The AI pass through the real pipeline (issue 32 item 3, ADR 0100 addendum): a reply whose freight the
 * rules cannot read, answered by carriers of companies that turned the pass on or not, against a local
 * OpenAI-compatible server. Only values found in the text reach the responses and the comparison; any
 * failure leaves the rules' result and says so; nothing is sent unless both the company and the server
 * opted in.
 */

/** The freight is on the line under 'Ocean freight', in a form no rule reads: the rules leave it empty. */
const REPLY = [
  'Prezados,',
  'Segue nossa melhor oferta para o embarque de Shanghai.',
  'Ocean freight: favor considerar',
  '40HC - 2.750,00 (moeda: USD)',
  'Armador: MSC',
  '',
  'Att,',
  'Ana',
].join('\n');

const EMPTY_ANSWER = {
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

let fake: FakeOpenAiServer;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  ctx = await createTestApp({
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
    EXTRACTION_LLM_URL: fake.url,
    EXTRACTION_LLM_MODEL: 'qwen2.5:7b-instruct',
    EXTRACTION_LLM_API_KEY: 'chave-de-teste',
    EXTRACTION_LLM_TIMEOUT_MS: '1000',
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const call = (c: TestContext, token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  c.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

async function scenarioWithLlm(c: TestContext, on: boolean): Promise<Scenario> {
  const s = await quoteScenario(c);
  if (on) {
    const saved = await call(c, s.token, 'PUT', '/api/empresas/my-company/extraction', { llmEnabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return s;
}

async function answered(
  c: TestContext,
  s: Scenario,
): Promise<{ entry: ResponseEntry; comparison: Comparison }> {
  const { respostaId } = await answer(c, s, 0, { text: REPLY });
  const list = await call(c, s.token, 'GET', `/api/quotes/${s.quote.id}/respostas`);
  expect(list.statusCode, list.body).toBe(200);
  const entry = (list.json().data as ResponseEntry[]).find((e) => e.atual?.id === respostaId)!;
  const comparison = await call(c, s.token, 'GET', `/api/quotes/${s.quote.id}/comparison`);
  expect(comparison.statusCode, comparison.body).toBe(200);
  return { entry, comparison: comparison.json() as Comparison };
}

const rowOf = (s: Scenario, comparison: Comparison) =>
  comparison.linhas.find((row) => row.transportadorId === s.carriers[0]!.id)!;

describe('the AI pass in the extraction job', () => {
  it('is off by default: the company did not turn it on, the provider gets no request', async () => {
    const s = await scenarioWithLlm(ctx, false);
    fake.mode = 'answer';
    fake.content = { ...EMPTY_ANSWER, fretes: [freight(2750)] };
    const before = fake.requests.length;
    const { entry } = await answered(ctx, s);
    expect(entry.atual?.extracao).toBe('concluida');
    expect(entry.dadosExtraidos?.final.fretes).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('fills the freight the rules left empty with the value in the text: IA, amber, its line', async () => {
    const s = await scenarioWithLlm(ctx, true);
    fake.mode = 'answer';
    fake.content = { ...EMPTY_ANSWER, fretes: [freight(2750)], armador: 'Maersk' };
    const before = fake.requests.length;
    const { entry, comparison } = await answered(ctx, s);
    expect(fake.requests.length).toBe(before + 1);
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer chave-de-teste');
    expect(request.body.model).toBe('qwen2.5:7b-instruct');
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { strict: true },
    });
    expect(request.body.messages?.at(-1)?.content).toContain('2.750,00');

    expect(entry.atual?.extracao).toBe('concluida');
    expect(entry.atual?.extracaoErro).toBeNull();
    const fretes = entry.dadosExtraidos!.final.fretes as Array<Record<string, unknown>>;
    expect(fretes).toEqual([
      expect.objectContaining({
        valor: 2750,
        moeda: 'USD',
        unidade: '40HC',
        confidence: expect.any(Number),
        source: expect.objectContaining({ origin: 'ia', text: '40HC - 2.750,00 (moeda: USD)' }),
      }),
    ]);
    const confidence = fretes[0]!.confidence as number;
    expect(confidence).toBeGreaterThanOrEqual(0.5);
    expect(confidence).toBeLessThan(0.8);
    // The rules read 'MSC' with confidence: never asked, never replaced.
    expect(entry.dadosExtraidos!.final.armador).toBe('MSC');

    const row = rowOf(s, comparison);
    expect(row.fretes.map((f) => f.valor)).toContain(2750);
    expect(row.fretes.find((f) => f.valor === 2750)).toMatchObject({
      confianca: confidence,
      fonte: expect.objectContaining({ origin: 'ia' }),
    });
  });

  it('drops an invented freight: it reaches neither the responses nor the comparison', async () => {
    const s = await scenarioWithLlm(ctx, true);
    fake.mode = 'answer';
    fake.content = { ...EMPTY_ANSWER, fretes: [freight(2350)], portoOrigem: 'Ningbo' };
    const before = fake.requests.length;
    const { entry, comparison } = await answered(ctx, s);
    expect(fake.requests.length).toBe(before + 1);
    expect(entry.dadosExtraidos!.final.fretes).toEqual([]);
    expect(entry.dadosExtraidos!.final.portoOrigem).not.toBe('Ningbo');
    expect(JSON.stringify(entry)).not.toContain('2350');
    expect(JSON.stringify(comparison)).not.toContain('2350');
    expect(JSON.stringify(comparison)).not.toContain('Ningbo');
    expect(rowOf(s, comparison).fretes).toEqual([]);
  });

  it.each([
    ['rateLimited', inboundTexts.extraction.llmReasons.rateLimited],
    ['badJson', inboundTexts.extraction.llmReasons.json],
    ['hang', inboundTexts.extraction.llmReasons.timeout],
  ] as const)('on %s leaves the rules’ result and shows why', async (mode, motivo) => {
    const s = await scenarioWithLlm(ctx, true);
    fake.mode = mode;
    const before = fake.requests.length;
    const { entry, comparison } = await answered(ctx, s);
    fake.mode = 'answer';
    expect(fake.requests.length).toBe(before + 1);
    expect(entry.atual?.extracao).toBe('concluida');
    expect(entry.atual?.extracaoErro).toBe(formatMessage(inboundTexts.extraction.llmUnavailable, { motivo }));
    expect(entry.dadosExtraidos!.final.fretes).toEqual([]);
    expect(entry.dadosExtraidos!.final.armador).toBe('MSC');
    expect(rowOf(s, comparison).fretes).toEqual([]);
  });

  it('a schema mismatch is a failure too, and nothing of it is kept', async () => {
    const s = await scenarioWithLlm(ctx, true);
    fake.mode = 'answer';
    fake.content = { ...EMPTY_ANSWER, fretes: [{ valor: 2750 }] };
    const { entry } = await answered(ctx, s);
    expect(entry.atual?.extracaoErro).toBe(
      formatMessage(inboundTexts.extraction.llmUnavailable, {
        motivo: inboundTexts.extraction.llmReasons.schema,
      }),
    );
    expect(entry.dadosExtraidos!.final.fretes).toEqual([]);
  });
});

describe('a server without EXTRACTION_LLM_*', () => {
  it('sends nothing even for a company that turned the pass on, and says it is not configured', async () => {
    const bare = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
    try {
      const s = await scenarioWithLlm(bare, true);
      const settings = await call(bare, s.token, 'GET', '/api/empresas/my-company/extraction');
      expect(settings.json()).toEqual({ llmEnabled: true, servidorConfigurado: false, modelo: null });
      fake.mode = 'answer';
      fake.content = { ...EMPTY_ANSWER, fretes: [freight(2750)] };
      const before = fake.requests.length;
      const { entry } = await answered(bare, s);
      expect(entry.atual?.extracao).toBe('concluida');
      expect(entry.dadosExtraidos!.final.fretes).toEqual([]);
      expect(fake.requests.length).toBe(before);
    } finally {
      await bare.close();
    }
  });
});
