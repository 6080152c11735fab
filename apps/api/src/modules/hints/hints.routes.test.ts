import type { CarrierHint, QuoteDetail, ResponseEntry } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { auditLog, cotacaoDestinatarios, respostas, transportadorDicas } from '../../db/schema/index.js';
import { replyAddress } from '../../mail/reply-address.js';

/*
 * Learning from corrections over the real routes and the real inbound pipeline (ADR 0101): an analyst
 * corrects a carrier's first reply, the carrier's next reply (another quote) comes out right, only in
 * that company; the hints are listed and removed from the carrier.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

/** The carrier's habits: an 'O/F' column that is the 40HC price, local charges per BL, an insurance estimate. */
const reply = (pol: string, pod: string, frete: string, locais: string, seguro: string) =>
  [
    'Boa tarde,',
    '',
    'Segue nossa tarifa:',
    '',
    'POL\tPOD\tO/F\tT/T',
    `${pol}\t${pod}\tUSD ${frete}\t34 dias`,
    '',
    `Taxas locais: R$ ${locais}`,
    `Valor estimado do seguro: USD ${seguro}`,
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Carla Menezes',
    'Oceanic Bridge Logística Ltda.',
  ].join('\n');
const firstReply = reply('Ningbo', 'Santos', '2.350,00', '1.850,00', '95,00');
const secondReply = reply('Qingdao', 'Itajaí', '2.610,00', '1.920,00', '110,00');
const carrier = { nome: 'Oceanic Bridge', email: 'carla@oceanicbridge.com.br' };
/**
 * Quotes of two container types: the quote alone does not say which one a price without a type is for
 * (with one type asked, the engine reads it from the quote: ADR 0024 addendum), so the carrier's habit is
 * learnt from the analyst's correction.
 */
const twoTypes = {
  itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '1 x 20DC + 2 x 40HC', dimensoes: null }],
};

type Final = {
  fretes: Array<{
    unidade: string;
    valor: number;
    dicas?: Array<{ id: string; campo: string; antes: string }>;
  }>;
  taxas: { itens: Array<{ rotulo: string; unidade: string; valor: number; dicas?: unknown[] }> };
  ignoradosPorDica?: Array<{ id: string; rotulo: string; valor: number }>;
  preco_por_container_40: number | null;
};

async function extractedFinal(respostaId: string): Promise<Final> {
  const [row] = await db()
    .select({ dados: respostas.dadosExtraidos })
    .from(respostas)
    .where(eq(respostas.id, respostaId));
  return (row!.dados as { final: Final }).final;
}

/** Another quote of the scenario's company sent to its first carrier; the carrier's reply arrives by e-mail. */
async function nextQuoteAnswered(
  s: Scenario,
  text: string,
): Promise<{ quoteId: string; respostaId: string }> {
  const created = await call('POST', '/api/quotes', s.token, {
    nomeSolicitante: 'Analista',
    referenciaProcesso: `IMP-${Date.now().toString(36)}`,
    tipoFrete: 'FCL',
    prazoResposta: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    metodoEnvio: 'EMAIL',
    modoEnvio: 'individual',
    idiomaEmail: 'pt',
    origem: 'Qingdao, CN',
    destino: 'Itajaí, BR',
    destinatarios: { transportadores: [s.carriers[0]!.id], grupos: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const quote = created.json() as QuoteDetail;
  const [recipient] = await db()
    .select({ replyToken: cotacaoDestinatarios.replyToken, messageId: cotacaoDestinatarios.messageId })
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, quote.id));
  const raw = await carrierReply({
    from: s.carriers[0]!.email,
    to: replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient!.replyToken),
    subject: `RE: ${quote.tituloEmail}`,
    text,
    inReplyTo: recipient!.messageId,
  });
  const result = await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
  expect(result.outcome).toBe('resposta');
  const respostaId = result.responseId!;
  await waitFor(async () => {
    const [row] = await db()
      .select({ extracao: respostas.extracao })
      .from(respostas)
      .where(eq(respostas.id, respostaId));
    return row?.extracao === 'concluida' || undefined;
  }, 20_000);
  return { quoteId: quote.id, respostaId };
}

async function correct(s: Scenario, respostaId: string, campo: string, valor: number | string | null) {
  const response = await call('PUT', `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`, s.token, {
    campo,
    valor,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ResponseEntry;
}

const hintsOf = async (s: Scenario, transportadorId = s.carriers[0]!.id) => {
  const response = await call('GET', `/api/transporters/${transportadorId}/hints`, s.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CarrierHint[];
};

describe('learning from corrections, end to end', () => {
  it("corrections of a carrier's first reply make its next reply right, in that company only", async () => {
    const a = await quoteScenario(ctx, { carriers: [carrier], quote: twoTypes });
    const b = await quoteScenario(ctx, { carriers: [carrier], quote: twoTypes });

    // Reply 1: read as the rules read it; the analyst corrects it on the comparison screen's route.
    const { respostaId: first } = await answer(ctx, a, 0, { text: firstReply });
    const read = await extractedFinal(first);
    expect(read.fretes.map((f) => [f.unidade, f.valor])).toEqual([['BL', 2350]]);
    expect(read.taxas.itens.map((t) => [t.rotulo, t.unidade])).toEqual([
      ['Taxas locais', 'PROCESSO'],
      ['Valor estimado do seguro', 'PROCESSO'],
    ]);
    const corrected = await correct(a, first, 'fretes.0.unidade', '40HC');
    expect(corrected.dadosExtraidos!.final.preco_por_container_40).toBe(2350);
    await correct(a, first, 'taxas.itens.0.unidade', 'BL');
    await correct(a, first, 'taxas.itens.1.valor', null);
    // A figure teaches nothing about the carrier.
    await correct(a, first, 'transit_time_dias', 36);

    const learnt = await hintsOf(a);
    expect(learnt.map((h) => [h.tipo, h.alvo, h.rotulo, h.valor, h.descricao])).toEqual([
      ['unidade', 'frete', 'O/F', '40HC', '"O/F" é o preço por contêiner 40HC'],
      ['unidade', 'taxa', 'Taxas locais', 'BL', '"Taxas locais" é cobrada por BL'],
      [
        'ignorar',
        'taxa',
        'Valor estimado do seguro',
        null,
        '"Valor estimado do seguro" não é uma cobrança e é deixada de fora',
      ],
    ]);
    expect(learnt[0]).toMatchObject({
      criadoPor: expect.stringMatching(/^Analista /),
      vezesAplicada: 0,
      ultimaAplicacao: null,
      origem: { cotacaoId: a.quote.id, codigo: a.quote.codigo, campo: 'fretes.0.unidade' },
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resposta.correcao'), eq(auditLog.entityId, first)));
    expect(audit.filter((row) => (row.details as { dicaId?: string }).dicaId)).toHaveLength(3);

    // Reply 2, another quote of company A: the pipeline's extraction applies the hints and says so.
    const { respostaId: second } = await nextQuoteAnswered(a, secondReply);
    const next = await extractedFinal(second);
    expect(next.fretes.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2610]]);
    expect(next.preco_por_container_40).toBe(2610);
    expect(next.fretes[0]!.dicas).toEqual([{ id: learnt[0]!.id, campo: 'unidade', antes: 'BL' }]);
    expect(next.taxas.itens.map((t) => [t.rotulo, t.unidade, t.valor])).toEqual([
      ['Taxas locais', 'BL', 1920],
    ]);
    expect(next.ignoradosPorDica?.map((i) => [i.id, i.rotulo, i.valor])).toEqual([
      [learnt[2]!.id, 'Valor estimado do seguro', 110],
    ]);
    expect((await hintsOf(a)).map((h) => h.vezesAplicada)).toEqual([1, 1, 1]);

    // Company B has the same carrier (same address): none of A's hints, and its reply is read as is.
    expect(await hintsOf(b)).toEqual([]);
    const { respostaId: other } = await answer(ctx, b, 0, { text: secondReply });
    const plain = await extractedFinal(other);
    expect(plain.fretes.map((f) => f.unidade)).toEqual(['BL']);
    expect(plain.taxas.itens).toHaveLength(2);
    expect(JSON.stringify(plain)).not.toMatch(/dicas|ignoradosPorDica/);

    // B can neither see nor remove A's hints; they stay.
    const foreignList = await call('GET', `/api/transporters/${a.carriers[0]!.id}/hints`, b.token);
    expect(foreignList.statusCode).toBe(404);
    const underOwn = await call(
      'DELETE',
      `/api/transporters/${b.carriers[0]!.id}/hints/${learnt[0]!.id}`,
      b.token,
    );
    expect(underOwn.statusCode).toBe(404);
    expect(underOwn.json().message).toBe('Aprendizado não encontrado.');
    const foreign = await call(
      'DELETE',
      `/api/transporters/${a.carriers[0]!.id}/hints/${learnt[0]!.id}`,
      b.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await hintsOf(a)).toHaveLength(3);
  });

  it('a hint removed from the carrier no longer applies; the removal is audited', async () => {
    const s = await quoteScenario(ctx, { carriers: [carrier], quote: twoTypes });
    const { respostaId } = await answer(ctx, s, 0, { text: firstReply });
    await correct(s, respostaId, 'fretes.0.unidade', '40HC');
    const [hint] = await hintsOf(s);

    const removed = await call('DELETE', `/api/transporters/${s.carriers[0]!.id}/hints/${hint!.id}`, s.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Aprendizado removido.' });
    expect(await hintsOf(s)).toEqual([]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'transportador.aprendizado_removido'), eq(auditLog.empresaId, s.empresaId)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: s.userId, entityId: s.carriers[0]!.id });
    expect(audit[0]!.details).toMatchObject({ dicaId: hint!.id, rotulo: 'O/F', valor: '40HC' });

    const again = await call('DELETE', `/api/transporters/${s.carriers[0]!.id}/hints/${hint!.id}`, s.token);
    expect(again.statusCode).toBe(404);
    const { respostaId: next } = await nextQuoteAnswered(s, secondReply);
    expect((await extractedFinal(next)).fretes.map((f) => f.unidade)).toEqual(['BL']);
  });

  it('correcting the same value again replaces the hint; giving back the extracted value removes it', async () => {
    const s = await quoteScenario(ctx, { carriers: [carrier], quote: twoTypes });
    const { respostaId } = await answer(ctx, s, 0, { text: firstReply });
    await correct(s, respostaId, 'fretes.0.unidade', '20DC');
    await correct(s, respostaId, 'fretes.0.unidade', '40HC');
    expect((await hintsOf(s)).map((h) => h.valor)).toEqual(['40HC']);
    await correct(s, respostaId, 'fretes.0.unidade', 'BL');
    expect(await hintsOf(s)).toEqual([]);
    const rows = await db()
      .select()
      .from(transportadorDicas)
      .where(eq(transportadorDicas.empresaId, s.empresaId));
    expect(rows).toEqual([]);
  });

  it('answers bad input with a pt-BR 4xx', async () => {
    const s = await quoteScenario(ctx, { carriers: [carrier], quote: twoTypes });
    const { respostaId } = await answer(ctx, s, 0, { text: firstReply });
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`;
    const badUnit = await call('PUT', url, s.token, { campo: 'fretes.0.unidade', valor: 'CNTR' });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().errors).toEqual([expect.objectContaining({ message: 'Unidade inválida.' })]);
    const badId = await call('DELETE', `/api/transporters/${s.carriers[0]!.id}/hints/nao-e-id`, s.token);
    expect(badId.statusCode).toBe(400);
    const unknownCarrier = await call(
      'GET',
      '/api/transporters/00000000-0000-4000-8000-000000000000/hints',
      s.token,
    );
    expect(unknownCarrier.statusCode).toBe(404);
    expect(unknownCarrier.json().message).toBe('Agente de carga não encontrado.');
  });
});
