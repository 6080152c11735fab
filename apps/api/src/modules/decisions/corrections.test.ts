import type { ResponseEntry } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, typicalAnswer } from '../../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { auditLog, respostaCorrecoes, respostas } from '../../db/schema/index.js';
import { QUEUES } from '../../jobs/queue.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const put = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
const entries = async (quoteId: string, token: string): Promise<ResponseEntry[]> =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${quoteId}/respostas`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().data;
const correctionsOf = (respostaId: string) =>
  db().select().from(respostaCorrecoes).where(eq(respostaCorrecoes.respostaId, respostaId));

describe('PUT /api/quotes/{id}/respostas/{respostaId}/correcoes', () => {
  it('corrects the currency of a freight line: the comparison counts it in the new currency', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950 }) });
    const comparison = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${s.quote.id}/comparison`,
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).json() as {
        linhas: {
          valorUSD: number;
          valorBRL: number;
          fretes: {
            campo: string;
            moeda: string;
            valor: number;
            corrigido: boolean;
            quantidade?: number;
          }[];
        }[];
      };
    const before = (await comparison()).linhas[0]!;
    const frete = before.fretes.find((line) => line.moeda === 'USD' && line.valor === 2950)!;
    const response = await put(`/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`, s.token, {
      campo: frete.campo.replace(/\.valor$/, '.moeda'),
      valor: 'BRL',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await comparison()).linhas[0]!;
    expect(after.fretes.find((line) => line.campo === frete.campo)).toMatchObject({
      moeda: 'BRL',
      valor: 2950,
      corrigido: true,
    });
    // The freight counts once per container asked.
    const counted = 2950 * (frete.quantidade ?? 1);
    expect(after.valorUSD).toBeCloseTo(before.valorUSD - counted, 2);
    expect(after.valorBRL).toBeCloseTo(before.valorBRL + counted, 2);
    const [row] = await correctionsOf(respostaId);
    expect(row).toMatchObject({ valor: 'BRL', valorOriginal: 'USD' });
  });

  it('a freight corrected and then set back to the value the reply stated is no longer marked corrected', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950 }) });
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });
    type Row = { custoTotalBRL: number; fretes: { campo: string; valor: number; corrigido: boolean }[] };
    const row = async () => ((await get(`/api/quotes/${s.quote.id}/comparison`)).json().linhas as Row[])[0]!;
    const before = await row();
    const frete = before.fretes.find((line) => line.valor === 2950)!;
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;
    expect((await put(url, s.token, { campo: frete.campo, valor: 2800 })).statusCode).toBe(200);
    const corrected = await row();
    expect(corrected.fretes.find((line) => line.campo === frete.campo)).toMatchObject({
      valor: 2800,
      corrigido: true,
    });
    expect(corrected.custoTotalBRL).toBeLessThan(before.custoTotalBRL);
    // Back to the reply's USD 2.950: the reply's own figure again (QA pass 39a read 'Corrigido').
    expect((await put(url, s.token, { campo: frete.campo, valor: 2950 })).statusCode).toBe(200);
    const reverted = await row();
    expect(reverted.fretes.find((line) => line.campo === frete.campo)).toMatchObject({
      valor: 2950,
      corrigido: false,
    });
    expect(reverted.custoTotalBRL).toBe(before.custoTotalBRL);
    // The history keeps both corrections.
    expect(await correctionsOf(respostaId)).toHaveLength(2);
  });

  it('corrects a value: who, when, the original value and where it was read; the read path applies it', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950 }) });
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;

    const response = await put(url, s.token, { campo: 'preco_por_container_40', valor: 2800 });
    expect(response.statusCode, response.body).toBe(200);
    const entry: ResponseEntry = response.json();
    expect(entry.transportadorId).toBe(s.carriers[0]!.id);
    expect(entry.dadosExtraidos!.final.preco_por_container_40).toBe(2800);
    expect(entry.atual!.correcoes).toEqual([
      {
        campo: 'preco_por_container_40',
        valor: 2800,
        valorOriginal: 2950,
        fonteOriginal: expect.objectContaining({ text: expect.stringContaining('40HC'), origin: 'body' }),
        por: expect.stringMatching(/^Analista /),
        em: expect.any(String),
      },
    ]);
    // GET respostas (and /responses) answers the same corrected value.
    const listed = (await entries(s.quote.id, s.token)).find((e) => e.transportadorId === s.carriers[0]!.id)!;
    expect(listed.dadosExtraidos!.final.preco_por_container_40).toBe(2800);
    expect(listed.atual!.correcoes).toHaveLength(1);

    const [row] = await correctionsOf(respostaId);
    expect(row).toMatchObject({ corrigidoPor: s.userId, valorOriginal: 2950, empresaId: s.empresaId });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resposta.correcao'), eq(auditLog.entityId, respostaId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: s.userId, empresaId: s.empresaId });
  });

  it('correcting a field twice keeps both (history); the latest wins and the original stays the extracted value', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 1);
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;
    expect((await put(url, s.token, { campo: 'transit_time_dias', valor: 40 })).statusCode).toBe(200);
    const second = await put(url, s.token, { campo: 'transit_time_dias', valor: 28 });
    expect(second.statusCode).toBe(200);
    const entry: ResponseEntry = second.json();
    expect(entry.dadosExtraidos!.final.transit_time_dias).toBe(28);
    expect(entry.prazo).toBe('28');
    expect(entry.atual!.correcoes.map((c) => [c.valor, c.valorOriginal])).toEqual([
      [40, 32],
      [28, 32],
    ]);
    expect(await correctionsOf(respostaId)).toHaveLength(2);
  });

  it('re-running the extraction job rewrites dados_extraidos but never overwrites a correction', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 2, { text: typicalAnswer({ frete40: 2950 }) });
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;
    expect((await put(url, s.token, { campo: 'preco_por_container_40', valor: 2800 })).statusCode).toBe(200);
    expect((await put(url, s.token, { campo: 'free_time_destino_dias', valor: 21 })).statusCode).toBe(200);

    // The extraction runs again (as after an engine upgrade): stored figures are wiped first, so the
    // rewrite is visible, and the real job is enqueued.
    const [stored] = await db().select().from(respostas).where(eq(respostas.id, respostaId));
    const wiped = structuredClone(stored!.dadosExtraidos)!;
    wiped.final.preco_por_container_40 = 1;
    await db()
      .update(respostas)
      .set({ extracao: 'pendente', dadosExtraidos: wiped })
      .where(eq(respostas.id, respostaId));
    await ctx.app.services.jobs.send(QUEUES.inboundExtract, { responseId: respostaId });
    const rewritten = await waitFor(async () => {
      const [row] = await db().select().from(respostas).where(eq(respostas.id, respostaId));
      return row?.extracao === 'concluida' ? row : undefined;
    }, 20_000);
    const final = rewritten.dadosExtraidos!.final;
    expect(final.preco_por_container_40).toBe(2950);
    expect(final.free_time_destino_dias).toBe(14);

    const entry = (await entries(s.quote.id, s.token)).find((e) => e.transportadorId === s.carriers[2]!.id)!;
    expect(entry.dadosExtraidos!.final.preco_por_container_40).toBe(2800);
    expect(entry.dadosExtraidos!.final.free_time_destino_dias).toBe(21);
    expect(entry.atual!.correcoes.map((c) => c.campo)).toEqual([
      'preco_por_container_40',
      'free_time_destino_dias',
    ]);
  });

  it('refuses bad input with a pt-BR field message and saves nothing', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 0);
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;
    const cases: [unknown, number, RegExp][] = [
      [{ campo: 'preco_por_container_40', valor: 'dois mil' }, 400, /Informe um número válido/],
      [{ campo: 'preco_por_container_40', valor: -10 }, 400, /Informe um número válido/],
      [{ campo: 'fretes.0.moeda', valor: 'GBP' }, 400, /Moeda inválida/],
      [{ campo: 'validadeProposta', valor: '31/12/2026' }, 400, /data válida/],
      [{ campo: 'transit_time_dias', valor: 400 }, 400, /dias \(0 a 365\)/],
      [{ campo: 'transportador', valor: 'Outro' }, 400, /Este valor não pode ser corrigido/],
      [{ campo: 'fretes.40.valor', valor: 10 }, 400, /O valor "fretes\.40\.valor" não existe nesta resposta/],
      [{ campo: 'preco_por_container_40', valor: 1, extra: true }, 400, /./],
      [[{ campo: 'preco_por_container_40', valor: 1 }], 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const response = await put(url, s.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const problem: { message: string; errors?: { message: string }[] } = response.json();
      const texts = [problem.message, ...(problem.errors ?? []).map((error) => error.message)];
      expect(texts.join(' | '), JSON.stringify(body)).toMatch(message);
    }
    expect(await correctionsOf(respostaId)).toHaveLength(0);
  });

  it('only the current version is corrected; another quote, company or a missing quote answer 404', async () => {
    const s = await quoteScenario(ctx);
    const first = await answer(ctx, s, 0);
    await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2700 }) });
    const old = await put(`/api/quotes/${s.quote.id}/respostas/${first.respostaId}/correcoes`, s.token, {
      campo: 'preco_por_container_40',
      valor: 1000,
    });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({
      code: 'CORRECTION_NOT_CURRENT',
      message: 'Só a versão atual da resposta pode ser corrigida.',
    });

    const other = await quoteScenario(ctx);
    const foreign = await answer(ctx, other, 1);
    const body = { campo: 'preco_por_container_40', valor: 1000 };
    // Another company's response under my quote, and another company's quote.
    const crossed = await put(
      `/api/quotes/${s.quote.id}/respostas/${foreign.respostaId}/correcoes`,
      s.token,
      body,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('RESPONSE_NOT_FOUND');
    const foreignQuote = await put(
      `/api/quotes/${other.quote.id}/respostas/${foreign.respostaId}/correcoes`,
      s.token,
      body,
    );
    expect(foreignQuote.statusCode).toBe(404);
    expect(foreignQuote.json().code).toBe('QUOTE_NOT_FOUND');
    const missing = await put(
      `/api/quotes/00000000-0000-4000-8000-000000000000/respostas/${first.respostaId}/correcoes`,
      s.token,
      body,
    );
    expect(missing.statusCode).toBe(404);
    expect(await correctionsOf(foreign.respostaId)).toHaveLength(0);
    expect(await correctionsOf(first.respostaId)).toHaveLength(0);
  });
});
