import fs from 'node:fs';
import path from 'node:path';
import {
  type Comparison,
  errorMessages,
  fieldMessages,
  formatMessage,
  formatQuoteDateTime,
} from '@cotacoes/shared';
import { sampleQuoteRequest } from '@cotacoes/shared/samples';
import type { ResponseTimesResponse } from '@cotacoes/shared/schemas/dashboard';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  createCarriers,
  outboxSettled,
  quickCompany,
  quoteScenario,
  typicalAnswer,
} from '../../../test/factories/index.js';
import { createTestApp, MINIMAL_PDF, type TestContext, waitFor } from '../../../test/helpers.js';
import { lastCarrierMessageId } from '../../conversation/conversation.repository.js';
import {
  auditLog,
  cotacaoDestinatarios,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
  users,
} from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

async function nameOf(userId: string): Promise<string> {
  const [user] = await ctx.app.services.database.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user!.name;
}

type FilePart = { name: string; filename: string; content: Buffer };

function multipart(token: string, fields: Record<string, string>, files?: FilePart | FilePart[]) {
  const boundary = `----r${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of [files ?? []].flat())
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  };
}

describe('GET /api/quotes/{id}/respostas', () => {
  it('lists one entry per recipient: pendente until a reply, then the current version with its extraction', async () => {
    const s = await quoteScenario(ctx);
    const before = await get(`/api/quotes/${s.quote.id}/respostas`, s.token);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.map((e: { status: string }) => e.status)).toEqual([
      'pendente',
      'pendente',
      'pendente',
    ]);

    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 2750 }),
      }),
      { source: 'imap' },
    );
    const entry = await waitFor(async () => {
      const list = (await get(`/api/quotes/${s.quote.id}/responses`, s.token)).json().data;
      const found = list.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
      return found?.atual?.extracao === 'concluida' ? found : undefined;
    }, 20_000);
    expect(entry.status).toBe('respondido');
    expect(entry.versao).toBe(1);
    expect(entry.dadosExtraidos.final.preco_por_container_40).toBe(2750);
    // The engine's blocks are stored, not listed, but for a reply's options (none here): an empty array.
    expect(entry.dadosExtraidos.blocks).toEqual([]);
    // Sent once: `atual` has the version's other fields, `versoes` only earlier versions.
    expect(entry.atual).not.toHaveProperty('dadosExtraidos');
    expect(entry.versoes).toEqual([]);
    const [stored] = await ctx.app.services.database.db
      .select({ dados: respostas.dadosExtraidos })
      .from(respostas)
      .where(eq(respostas.id, entry.atual.id));
    expect((stored!.dados as { blocks: unknown[] }).blocks.length).toBeGreaterThan(0);
    expect(entry.respondeuEm).not.toBeNull();
    // 'Respondeu em' in whole minutes: 7 min 40 s after sending is 8 minutes (0.1 h would be 6).
    const setAnswered = (at: Date) =>
      ctx.app.services.database.db
        .update(cotacaoDestinatarios)
        .set({ respondeuEm: at })
        .where(
          and(
            eq(cotacaoDestinatarios.cotacaoId, s.quote.id),
            eq(cotacaoDestinatarios.transportadorId, s.carriers[0]!.id),
          ),
        );
    const answeredAt = new Date(new Date(entry.enviadoEm).getTime() + 460_000);
    await setAnswered(answeredAt);
    const timed = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(timed.tempoRespostaMinutos).toBe(8);
    // 40 s after sending is under a minute, 0 ("menos de 1 min", as Indicadores; QA pass 42c read "1 min").
    await setAnswered(new Date(new Date(entry.enviadoEm).getTime() + 40_000));
    const quick = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(quick.tempoRespostaMinutos).toBe(0);
    await setAnswered(answeredAt);
    expect(entry.atual.origem).toBe('imap');
    expect(entry.atual.mensagemId).toEqual(expect.any(String));
    expect(entry.atual.registradoPor).toBeNull();
  });

  it('answers 404 for a quote of another company', async () => {
    const mine = await quoteScenario(ctx);
    const theirs = await quoteScenario(ctx);
    expect((await get(`/api/quotes/${theirs.quote.id}/respostas`, mine.token)).statusCode).toBe(404);
  });
});

describe('registering an answer by hand', () => {
  it('pasted text becomes a response marked as registered by the user, extracted like mail', async () => {
    const s = await quoteScenario(ctx);
    const form = multipart(s.token, {
      transportadorId: s.carriers[1]!.id,
      modo: 'texto',
      texto: typicalAnswer({ frete20: 1500 }),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...form,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe('respondido');
    // The registering user's display name, not their id.
    const name = await nameOf(s.userId);
    expect(name).toMatch(/^Analista /);
    expect(response.json().data.atual.registradoPor).toBe(name);
    const listed = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token)).json().data;
    const mine = listed.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[1]!.id);
    expect(mine.atual.registradoPor).toBe(name);
    const [row] = await waitFor(async () => {
      const rows = await ctx.app.services.database.db
        .select()
        .from(respostas)
        .where(eq(respostas.cotacaoId, s.quote.id));
      return rows[0]?.extracao === 'concluida' ? rows : undefined;
    }, 20_000);
    expect(
      (row!.dadosExtraidos as { final: { preco_por_container_20: number } }).final.preco_por_container_20,
    ).toBe(1500);
  });

  it("a phone answer registered the next day counts from its 'Recebida em': card, indicators; a wrong date changes nothing", async () => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const db = ctx.app.services.database.db;
    // The request went out yesterday at this hour.
    const sentAt = new Date(Date.now() - 26 * 3_600_000);
    sentAt.setUTCSeconds(0, 0);
    const outboxIds = (
      await db
        .select({ id: cotacaoDestinatarios.outboxId })
        .from(cotacaoDestinatarios)
        .where(eq(cotacaoDestinatarios.cotacaoId, s.quote.id))
    ).map((row) => row.id!);
    await db.update(mailOutbox).set({ sentAt }).where(inArray(mailOutbox.id, outboxIds));
    await db.update(cotacoes).set({ createdAt: sentAt }).where(eq(cotacoes.id, s.quote.id));
    await db
      .update(cotacaoDestinatarios)
      .set({ createdAt: sentAt })
      .where(eq(cotacaoDestinatarios.cotacaoId, s.quote.id));
    const url = `/api/quotes/${s.quote.id}/respostas/registrar`;
    const register = (fields: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url, ...multipart(s.token, fields) });
    const base = {
      transportadorId: s.carriers[1]!.id,
      modo: 'texto',
      texto: typicalAnswer({ frete20: 1500 }),
    };

    // Refused, nothing registered: in the future, before the request, malformed, with a saved message.
    const hour = 3_600_000;
    const refusals: [Record<string, string>, string][] = [
      [{ ...base, recebidaEm: new Date(Date.now() + hour).toISOString() }, fieldMessages.responseDateFuture],
      [
        { ...base, recebidaEm: new Date(sentAt.getTime() - 2 * hour).toISOString() },
        formatMessage(fieldMessages.responseDateBeforeRequest, { data: formatQuoteDateTime(sentAt, 'pt') }),
      ],
      [{ ...base, recebidaEm: 'ontem 10h' }, fieldMessages.responseDateInvalid],
    ];
    for (const [fields, message] of refusals) {
      const refused = await register(fields);
      expect(refused.statusCode, fields.recebidaEm).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'recebidaEm', message }]);
    }
    const withFile = await ctx.app.inject({
      method: 'POST',
      url,
      ...multipart(
        s.token,
        { transportadorId: s.carriers[1]!.id, modo: 'arquivo', recebidaEm: sentAt.toISOString() },
        {
          name: 'arquivo',
          filename: 'resposta.eml',
          content: Buffer.from('From: a@b.c\r\nSubject: x\r\n\r\nx'),
        },
      ),
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().errors).toEqual([
      { path: 'recebidaEm', message: fieldMessages.responseDateWithFile },
    ]);
    expect(await db.select().from(respostas).where(eq(respostas.cotacaoId, s.quote.id))).toEqual([]);

    // Answered by phone 3 h 15 min after the request; registered now, 22 h 45 min later.
    const recebidaEm = new Date(sentAt.getTime() + 3.25 * hour);
    const created = await register({ ...base, recebidaEm: recebidaEm.toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token)).json().data;
    const mine = listed.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[1]!.id);
    expect(mine).toMatchObject({ respondeuEm: recebidaEm.toISOString(), tempoRespostaMinutos: 195 });
    const table = await get('/api/indicators/response-times?page=1&limit=100', s.token);
    expect(table.statusCode, table.body).toBe(200);
    const record = (table.json() as ResponseTimesResponse).data.find(
      (row) => row.transportadorId === s.carriers[1]!.id,
    );
    expect(record).toMatchObject({ totalRespostas: 1, tempoMedioRespostaHoras: 3.25 });
  });

  it('keeps every file sent under the repeated `anexos` field as an attachment of the answer', async () => {
    const s = await quoteScenario(ctx);
    const anexos = [
      { name: 'anexos', filename: 'proposta.pdf', content: Buffer.from(MINIMAL_PDF) },
      { name: 'anexos', filename: 'taxas.txt', content: Buffer.from('THC BRL 1.450,00 por contêiner') },
    ];
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...multipart(
        s.token,
        { transportadorId: s.carriers[0]!.id, modo: 'texto', texto: typicalAnswer() },
        anexos,
      ),
    });
    expect(response.statusCode).toBe(201);
    const db = ctx.app.services.database.db;
    const [answer] = await db
      .select({ inboundMessageId: respostas.inboundMessageId })
      .from(respostas)
      .where(eq(respostas.id, response.json().data.atual.id));
    const stored = await db
      .select({ filename: inboundAttachments.filename, tamanho: inboundAttachments.tamanho })
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundMessageId, answer!.inboundMessageId!));
    expect(stored.map((file) => file.filename).sort()).toEqual(['proposta.pdf', 'taxas.txt']);
    expect(stored.find((file) => file.filename === 'proposta.pdf')!.tamanho).toBe(MINIMAL_PDF.length);

    // A message file carries its own attachments: more files beside it are refused, not dropped.
    const withFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...multipart(s.token, { transportadorId: s.carriers[1]!.id, modo: 'arquivo' }, [
        {
          name: 'arquivo',
          filename: 'resposta.eml',
          content: await carrierReply({ from: s.carriers[1]!.email, to: s.replyTo(1) }),
        },
        anexos[0]!,
      ]),
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().code).toBe('RESPONSE_ATTACHMENTS_WITH_FILE');
  });

  it('a quote that came as a file alone (WhatsApp): no text, the attachment is read (QA pass 18)', async () => {
    const s = await quoteScenario(ctx);
    const url = `/api/quotes/${s.quote.id}/respostas/registrar`;
    const empty = await ctx.app.inject({
      method: 'POST',
      url,
      ...multipart(s.token, { transportadorId: s.carriers[0]!.id, modo: 'texto', texto: '  ' }),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('RESPONSE_CONTENT_REQUIRED');

    const sheet = ['Cotação marítima', 'Frete 40HC: USD 2.900,00', 'THC: BRL 1.450,00 por contêiner'].join(
      '\n',
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      ...multipart(s.token, { transportadorId: s.carriers[0]!.id, modo: 'texto', texto: '' }, [
        { name: 'anexos', filename: 'cotacao-whatsapp.txt', content: Buffer.from(sheet) },
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitFor(async () => {
      const body = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${s.quote.id}/comparison`,
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).json() as Comparison;
      const found = body.linhas.find((item) => item.transportadorId === s.carriers[0]!.id);
      return found?.extracao === 'concluida' ? { found, rate: body.taxa.taxa } : undefined;
    }, 30_000);
    // 2 × 40HC at USD 2.900 = 5.800; THC 2 × BRL 1.450 = 2.900; read from the file, not from a body.
    expect([row.found.valorUSD, row.found.valorBRL]).toEqual([5800, 2900]);
    expect(row.found.fretes[0]!.fonte?.origin).toBe('attachment:cotacao-whatsapp.txt');
    expect(row.found.custoTotalBRL).toBe(
      Math.round((5800 * row.rate + 2900 + row.found.custoRodoviario) * 100) / 100,
    );
  });

  it('typed values are the figures (confidence 1), validated field by field', async () => {
    const s = await quoteScenario(ctx);
    const bad = multipart(s.token, {
      transportadorId: s.carriers[0]!.id,
      modo: 'valores',
      valores: JSON.stringify({ moeda: 'USD', frete40: 'caro' }),
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('valores.frete40');

    const good = multipart(s.token, {
      transportadorId: s.carriers[0]!.id,
      modo: 'valores',
      valores: JSON.stringify({
        moeda: 'USD',
        frete40: 2800,
        taxas: [
          { nome: 'THC', valor: 1400, moeda: 'BRL' },
          { nome: 'BL fee', valor: 50, moeda: 'USD' },
          { nome: 'Lacre', valor: 30, moeda: 'USD', unidade: 'embarque' },
        ],
        transitTimeDias: 30,
        freeTimeDias: 21,
        validade: '2026-12-31',
      }),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...good,
    });
    expect(response.statusCode).toBe(201);
    const final = response.json().data.dadosExtraidos.final;
    expect(final).toMatchObject({
      preco_por_container_40: 2800,
      transit_time_dias: 30,
      free_time_destino_dias: 21,
    });
    // The basis typed, else the usual one for the name (QA pass 5: every typed fee was once per BL).
    expect(
      final.taxas.itens.map((fee: { nome: string; unidade: string }) => [fee.nome, fee.unidade]),
    ).toEqual([
      ['THC', 'CNTR'],
      ['BL FEE', 'BL'],
      ['LACRE', 'PROCESSO'],
    ]);
    expect(final.taxas.itens[0]).toMatchObject({ nome: 'THC', valor: 1400, moeda: 'BRL', confidence: 1 });
    // The comparison counts them so: 2 × 40HC at the fallback rate of this test app.
    const comparison = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}/comparison`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    const row = comparison.json().linhas[0];
    // The PTAX service is unreachable here: the fallback 5,20 + 2,5 % = 5,33.
    expect(comparison.json().taxa.taxa).toBe(5.33);
    expect(row.taxas.map((fee: { nome: string; quantidade: number }) => [fee.nome, fee.quantidade])).toEqual([
      ['THC', 2],
      ['BL FEE', 1],
      ['LACRE', 1],
    ]);
    // (2 × 2.800 + 50 + 30) × 5,33 + 2 × 1.400 = 30.274,40 + 2.800 = R$ 33.074,40 (the THC once: R$ 31.674,40).
    expect(row.custoTotalBRL).toBe(33074.4);
    // Our next e-mail to the carrier (a revision, a reminder, a notice) does not answer the Message-ID we made
    // for the typed answer, which the carrier never received: it threads under the request (QA pass 22).
    expect(
      await lastCarrierMessageId(
        ctx.app.services.database.db,
        checkedTenant(s.empresaId),
        s.quote.id,
        s.carriers[0]!.id,
      ),
    ).toBeNull();
  });

  it('an .eml file is ingested once; a second upload of it is refused as a duplicate; other files are refused', async () => {
    const s = await quoteScenario(ctx);
    const eml = await carrierReply({
      from: 'outlook.user@cliente.com.br',
      to: 'analista@importadora.com.br',
      subject: 'Fwd: proposta',
    });
    const send = (content: Buffer, filename: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/quotes/${s.quote.id}/respostas/registrar`,
        ...multipart(
          s.token,
          { transportadorId: s.carriers[2]!.id, modo: 'arquivo' },
          { name: 'arquivo', filename, content },
        ),
      });
    expect((await send(eml, 'resposta.eml')).statusCode).toBe(201);
    const again = await send(eml, 'resposta.eml');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta mensagem já foi registrada.');
    const notMail = await send(Buffer.from('%PDF-1.4 nada'), 'resposta.eml');
    expect(notMail.statusCode).toBe(415);
  });

  it("an .eml already received for another company's quote can be registered by hand in this one (once)", async () => {
    // A carrier sent one e-mail to two importers' reply addresses; it reached the first company only.
    const other = await quoteScenario(ctx, { label: 'eml-outra' });
    const s = await quoteScenario(ctx, { label: 'eml-esta' });
    const eml = await carrierReply({ from: other.carriers[0]!.email, to: other.replyTo(0) });
    expect((await ctx.app.services.inbound.ingest(eml, { source: 'smtp' })).cotacaoId).toBe(other.quote.id);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/quotes/${s.quote.id}/respostas/registrar`,
        ...multipart(
          s.token,
          { transportadorId: s.carriers[0]!.id, modo: 'arquivo' },
          { name: 'arquivo', filename: 'resposta.eml', content: eml },
        ),
      });
    const registered = await send();
    expect(registered.statusCode, registered.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta mensagem já foi registrada.');
  });

  it('respostas-teste is for a desenvolvedor only', async () => {
    const s = await quoteScenario(ctx);
    const denied = await post(`/api/quotes/${s.quote.id}/respostas-teste`, s.token, {
      texto: typicalAnswer(),
    });
    expect(denied.statusCode).toBe(403);
    await ctx.app.services.database.db
      .update(users)
      .set({ role: 'desenvolvedor' })
      .where(eq(users.id, s.userId));
    const allowed = await post(`/api/quotes/${s.quote.id}/respostas-teste`, s.token, {
      texto: typicalAnswer(),
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.atual.origem).toBe('teste');
  });
});

describe("'Ler de novo': a version read again from its stored message", () => {
  it('a failed reading is read again (figures back, audited); refused while reading, for typed values and once final', async () => {
    const s = await quoteScenario(ctx);
    const db = ctx.app.services.database.db;
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 2950 }),
      }),
      { source: 'imap' },
    );
    const entryOf = async (index: number) =>
      (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
        .json()
        .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[index]!.id);
    const read = () =>
      waitFor(async () => {
        const entry = await entryOf(0);
        return entry?.atual?.extracao === 'concluida' ? entry : undefined;
      }, 20_000);
    const first = await read();
    const respostaId = first.atual.id as string;
    // As a reading past the sandbox's time on a busy machine leaves it.
    await db
      .update(respostas)
      .set({ extracao: 'falhou', extracaoErro: 'A leitura passou do tempo limite.', dadosExtraidos: null })
      .where(eq(respostas.id, respostaId));
    const url = `/api/quotes/${s.quote.id}/respostas/${respostaId}/ler-de-novo`;
    const again = await post(url, s.token, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Lendo a resposta de novo. Os valores aparecem aqui em instantes.');
    const reread = await read();
    expect(reread.atual.extracaoErro).toBeNull();
    expect(reread.dadosExtraidos.final.fretes.map((f: { valor: number }) => f.valor)).toContain(2950);
    const comparison = (await get(`/api/quotes/${s.quote.id}/comparison`, s.token)).json();
    expect(
      comparison.linhas.find((row: { respostaId: string }) => row.respostaId === respostaId).precificada,
    ).toBe(true);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resposta.ler_de_novo'), eq(auditLog.entityId, respostaId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ antes: 'falhou', transportadorId: s.carriers[0]!.id });

    // While it is being read: 409, nothing queued twice.
    await db.update(respostas).set({ extracao: 'pendente' }).where(eq(respostas.id, respostaId));
    const busy = await post(url, s.token, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(errorMessages.RESPONSE_EXTRACTING);
    await db.update(respostas).set({ extracao: 'concluida' }).where(eq(respostas.id, respostaId));

    // Values typed by hand: nothing to read.
    const typed = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      ...multipart(s.token, {
        transportadorId: s.carriers[1]!.id,
        modo: 'valores',
        valores: JSON.stringify({ moeda: 'USD', frete40: 2800, taxas: [] }),
      }),
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const typedId = typed.json().data.atual.id as string;
    const refused = await post(`/api/quotes/${s.quote.id}/respostas/${typedId}/ler-de-novo`, s.token, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(errorMessages.RESPONSE_TYPED);

    // A version of another quote through this quote's path: 404.
    const other = await quoteScenario(ctx);
    const stranger = await post(
      `/api/quotes/${other.quote.id}/respostas/${respostaId}/ler-de-novo`,
      other.token,
      {},
    );
    expect(stranger.statusCode).toBe(404);

    // Final: 409 with the status.
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'FECHADA' },
    });
    expect(closed.statusCode).toBe(200);
    const late = await post(url, s.token, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A cotação está Fechada: não recebe mais respostas.');
  });
});

describe('a reply in one quote’s thread that names another quote of the company', () => {
  it('is held in “Não identificadas” with both quotes suggested, not made the answer of the wrong quote', async () => {
    const s = await quoteScenario(ctx);
    // A second quote of the same company to the same carriers (Ningbo × Itapoá).
    const created = await post('/api/quotes', s.token, {
      ...sampleQuoteRequest(
        s.carriers.map((c) => c.id),
        { referenciaProcesso: 'IMP-QA-102', origem: 'Ningbo, CN', destino: 'Itapoá, BR' },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = created.json() as { id: string; codigo: string };
    // The carrier answers the second quote on the first quote's e-mail (its thread, its reply address).
    const text = [
      `Ref.: ${second.codigo} / IMP-QA-102 - Ningbo x Itapoá, 1x40HC`,
      '',
      'O/F 40HC: USD 1,650.00',
      'THC destination: BRL 1.050,00 per container',
      'T/T: 40 days',
    ].join('\n');
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({ from: s.carriers[1]!.email, to: s.replyTo(1), text }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('nao_identificada');
    // Nothing counted in either quote.
    expect(
      await ctx.app.services.database.db.select().from(respostas).where(eq(respostas.empresaId, s.empresaId)),
    ).toEqual([]);
    const unmatched = (await get('/api/inbound/unmatched', s.token)).json().data as {
      id: string;
      motivo: string;
      sugestoes: { codigo: string }[];
    }[];
    const held = unmatched.find((m) => m.id === result.inboundId)!;
    expect(held.motivo).toBe(
      `A mensagem cita a cotação ${second.codigo}, mas chegou pela conversa da cotação ${s.quote.codigo}: confira e atribua à cotação certa.`,
    );
    expect(held.sugestoes.map((q) => q.codigo).sort()).toEqual([s.quote.codigo, second.codigo].sort());

    // A reply that names its own quote (and another) is its quote's answer as before.
    const both = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[2]!.email,
        to: s.replyTo(2),
        text: `Cotação ${s.quote.codigo} (como na ${second.codigo}):\nFrete 40HC: USD 2.450,00`,
      }),
      { source: 'imap' },
    );
    expect(both.outcome).toBe('resposta');
  });
});

describe('a reply to the quote from an address of no carrier', () => {
  it('suggests the quote it was identified with, without a carrier', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'bcc' });
    const stranger = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: 'gerente@importadora-parceira.com.br',
        to: s.replyTo(0),
        text: 'Ok, pode seguir.',
      }),
      { source: 'imap' },
    );
    expect(stranger.outcome).toBe('nao_identificada');
    const listed = (await get('/api/inbound/unmatched', s.token)).json().data as {
      id: string;
      motivo: string;
      sugestoes: { cotacaoId: string; codigo: string; transportadorId: string | null }[];
    }[];
    const held = listed.find((m) => m.id === stranger.inboundId)!;
    expect(held.motivo).toBe('Cotação identificada, mas não o agente de carga que respondeu.');
    expect(held.sugestoes).toEqual([
      { cotacaoId: s.quote.id, codigo: s.quote.codigo, transportadorId: null },
    ]);

    // No answer at all: dismissed, it leaves the list (kept, audited), and counts for nobody.
    const url = `/api/inbound/messages/${stranger.inboundId}/dismiss`;
    const dismissed = await post(url, s.token, {});
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message).toBe(
      'Mensagem dispensada. Ela fica em "Dispensadas", de onde pode ser restaurada.',
    );
    const after = (await get('/api/inbound/unmatched', s.token)).json().data as { id: string }[];
    expect(after.some((m) => m.id === stranger.inboundId)).toBe(false);
    const db = ctx.app.services.database.db;
    const [stored] = await db
      .select({ raw: inboundMessages.raw, descartadaPor: inboundMessages.descartadaPor })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, stranger.inboundId));
    expect(stored!.raw).not.toBeNull();
    expect(stored!.descartadaPor).toBe(s.userId);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbound.dispensar'), eq(auditLog.entityId, stranger.inboundId)));
    expect(audit).toHaveLength(1);
    expect((await post(url, s.token, {})).statusCode).toBe(404);
    expect(await db.select().from(respostas).where(eq(respostas.cotacaoId, s.quote.id))).toEqual([]);
  });
});

type UnmatchedPage = {
  data: { id: string; subject: string | null; dispensadaEm?: string; dispensadaPor?: string | null }[];
  total: number;
};

describe("'Dispensadas': a dismissed message is listed and can be restored", () => {
  const listOf = async (token: string, query = '') => {
    const response = await get(`/api/inbound/unmatched?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UnmatchedPage;
  };
  const ids = (page: UnmatchedPage) => page.data.map((m) => m.id);

  // Companies without quotes (quickCompany): creating quotes is rate-limited, and this file creates many.
  const company = (name: string) => quickCompany(ctx, { label: `${name}${Date.now().toString(36)}` });

  it("lists who dismissed it and when, newest dismissal first; 'Restaurar' brings it back, once", async () => {
    const s = await company('rst');
    const other = await company('rsto');
    // Two of the company's carriers write without any quote's token or code: unmatched, of the company.
    await createCarriers(ctx, s.token, [
      { nome: 'Parceira Restaurar', email: 'gerente@parceira-restaurar.com.br' },
      { nome: 'Agente Restaurar', email: 'pricing@agente-restaurar.com.br' },
    ]);
    const ingest = async (from: string, text: string) => {
      const result = await ctx.app.services.inbound.ingest(
        await carrierReply({ from, to: 'compras@importadora.com.br', subject: 'Proposta', text }),
        { source: 'imap' },
      );
      expect(result.outcome).toBe('nao_identificada');
      return result.inboundId;
    };
    // The older one (received first) is dismissed last: 'Dispensadas' lists it first.
    const older = await ingest('gerente@parceira-restaurar.com.br', 'Ok, pode seguir.');
    const newer = await ingest('pricing@agente-restaurar.com.br', 'Frete 40HC USD 2.100,00, T/T 35 dias.');
    const before = Date.now();
    for (const id of [newer, older]) {
      const dismissed = await post(`/api/inbound/messages/${id}/dismiss`, s.token, {});
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      expect(dismissed.json().message).toBe(
        'Mensagem dispensada. Ela fica em "Dispensadas", de onde pode ser restaurada.',
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const listed = await listOf(s.token, 'dispensadas=true');
    expect(listed.total).toBe(2);
    expect(ids(listed)).toEqual([older, newer]);
    const name = await nameOf(s.userId);
    for (const message of listed.data) {
      expect(message.dispensadaPor).toBe(name);
      expect(Date.parse(message.dispensadaEm!)).toBeGreaterThanOrEqual(before - 1_000);
      expect(message.dispensadaEm).toBe(new Date(message.dispensadaEm!).toISOString());
    }
    // Searchable and paged like the list.
    const found = await listOf(s.token, 'dispensadas=true&search=agente-restaurar');
    expect(ids(found)).toEqual([newer]);
    expect(ids(await listOf(s.token, 'dispensadas=true&page=2&pageSize=1'))).toEqual([newer]);
    // Not in the list of those to identify; an undismissed message has no dismissal fields.
    const waiting = await listOf(s.token);
    expect(ids(waiting)).not.toContain(older);
    expect(ids(waiting)).not.toContain(newer);
    expect(await listOf(s.token, 'dispensadas=false')).toEqual(waiting);

    // Another company neither sees nor restores it.
    expect(ids(await listOf(other.token, 'dispensadas=true'))).not.toContain(older);
    const foreign = await post(`/api/inbound/messages/${older}/restore`, other.token, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('INBOUND_MESSAGE_NOT_FOUND');

    const url = `/api/inbound/messages/${older}/restore`;
    const restored = await post(url, s.token, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: 'Mensagem restaurada em Não identificadas.' });
    const back = await listOf(s.token);
    expect(ids(back)).toContain(older);
    expect(back.data.find((m) => m.id === older)).not.toHaveProperty('dispensadaEm');
    expect(ids(await listOf(s.token, 'dispensadas=true'))).toEqual([newer]);

    const db = ctx.app.services.database.db;
    const [motivo] = await db
      .select({ motivo: inboundMessages.motivo })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, older));
    const [stored] = await db
      .select({ em: inboundMessages.descartadaEm, por: inboundMessages.descartadaPor })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, older));
    expect(stored).toEqual({ em: null, por: null });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbound.restaurar'), eq(auditLog.entityId, older)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: s.userId,
      empresaId: s.empresaId,
      entity: 'inbound_message',
      details: { motivo: motivo!.motivo, de: 'gerente@parceira-restaurar.com.br' },
    });

    // Restoring twice, or a message that was never dismissed: 404, nothing audited.
    expect((await post(url, s.token, {})).statusCode).toBe(404);
    expect((await post(`/api/inbound/messages/${older}/restore`, other.token, {})).statusCode).toBe(404);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'inbound.restaurar'), eq(auditLog.entityId, older))),
    ).toHaveLength(1);
    // Back where it was: it can be dismissed again.
    expect((await post(`/api/inbound/messages/${older}/dismiss`, s.token, {})).statusCode).toBe(200);
    // Two restores at once (two analysts, a double click): restored and audited once, the other 404.
    const both = await Promise.all([post(url, s.token, {}), post(url, s.token, {})]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 404]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'inbound.restaurar'), eq(auditLog.entityId, older))),
    ).toHaveLength(2);

    const refused = await get('/api/inbound/unmatched?dispensadas=talvez', s.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'dispensadas', message: fieldMessages.flagInvalid }),
    ]);
  }, 30_000);

  it('a desenvolvedor lists and restores a dismissed message of no company; a company user does not', async () => {
    const s = await company('rsts');
    const dev = await company('rstd');
    await ctx.app.services.database.db
      .update(users)
      .set({ role: 'desenvolvedor' })
      .where(eq(users.id, dev.userId));
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: 'desconhecido@ninguem-restaurar.com.br',
        to: 'compras@importadora.com.br',
        subject: 'Oferta sem cotação',
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('nao_identificada');
    const [row] = await ctx.app.services.database.db
      .select({ empresaId: inboundMessages.empresaId })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, result.inboundId));
    expect(row!.empresaId).toBeNull();
    const dismissed = await post(`/api/inbound/messages/${result.inboundId}/dismiss`, dev.token, {});
    expect(dismissed.statusCode, dismissed.body).toBe(200);

    const listed = await listOf(dev.token, 'dispensadas=true&search=ninguem-restaurar');
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: result.inboundId,
        subject: 'Oferta sem cotação',
        dispensadaPor: await nameOf(dev.userId),
      }),
    ]);
    expect(ids(await listOf(s.token, 'dispensadas=true'))).not.toContain(result.inboundId);
    expect((await post(`/api/inbound/messages/${result.inboundId}/restore`, s.token, {})).statusCode).toBe(
      404,
    );
    const restored = await post(`/api/inbound/messages/${result.inboundId}/restore`, dev.token, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(ids(await listOf(dev.token, 'search=ninguem-restaurar'))).toEqual([result.inboundId]);
    expect((await listOf(dev.token, 'dispensadas=true&search=ninguem-restaurar')).total).toBe(0);
  }, 30_000);
});

describe("'Não identificadas'", () => {
  it('lists a company its unmatched messages and lets a user assign one to a quote and carrier', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Sem Token', email: 'vendas@semtoken-log.com.br' }],
    });
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: 'vendas@semtoken-log.com.br',
        to: 'compras@importadora.com.br',
        subject: 'Nossa proposta',
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('nao_identificada');
    const list = (await get('/api/inbound/unmatched', s.token)).json();
    const item = list.data.find((m: { id: string }) => m.id === result.inboundId);
    expect(item.preview).toContain('Frete marítimo');
    // With its reference and route, to tell it from the carrier's other quotes (QA pass 25).
    expect(item.sugestoes[0]).toMatchObject({
      cotacaoId: s.quote.id,
      transportadorId: s.carriers[0]!.id,
      descricao: `${s.quote.referenciaProcesso} · Shanghai, CN → Santos, BR`,
    });

    const other = await quoteScenario(ctx);
    const foreign = await post(`/api/inbound/messages/${result.inboundId}/assign`, other.token, {
      cotacaoId: other.quote.id,
      transportadorId: other.carriers[0]!.id,
    });
    expect(foreign.statusCode).toBe(404);

    const assigned = await post(`/api/inbound/messages/${result.inboundId}/assign`, s.token, {
      cotacaoId: s.quote.id,
      transportadorId: s.carriers[0]!.id,
    });
    expect(assigned.statusCode).toBe(200);
    const entries = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token)).json().data;
    expect(entries[0].status).toBe('respondido');
    expect(entries[0].atual.registradoPor).toBe(await nameOf(s.userId));
    const after = (await get('/api/inbound/unmatched', s.token)).json();
    expect(after.data.some((m: { id: string }) => m.id === result.inboundId)).toBe(false);

    // A quote that no longer takes answers is not suggested (assigning to it is refused; QA pass 26).
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'CANCELADA' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: 'compras@importadora.com.br',
        subject: 'Outra proposta',
        messageId: '<late-suggestion@example.com>',
      }),
      { source: 'imap' },
    );
    const listed = (await get('/api/inbound/unmatched', s.token)).json();
    const lateItem = listed.data.find((m: { id: string }) => m.id === late.inboundId);
    expect(lateItem.sugestoes.map((q: { cotacaoId: string }) => q.cotacaoId)).not.toContain(s.quote.id);
  });

  it('pages every message newest first with the true total, searches sender or subject, and validates', async () => {
    const sender = 'vendas@muitas-log.com.br';
    const s = await quoteScenario(ctx, { carriers: [{ nome: 'Muitas Mensagens', email: sender }] });
    const ids: string[] = [];
    for (let index = 0; index < 120; index++) {
      const result = await ctx.app.services.inbound.ingest(
        await carrierReply({
          from: sender,
          to: 'compras@importadora.com.br',
          subject: `Proposta ${String(index).padStart(3, '0')}`,
          messageId: `<muitas-${index}@muitas-log.com.br>`,
        }),
        { source: 'imap' },
      );
      expect(result.outcome).toBe('nao_identificada');
      ids.push(result.inboundId);
    }
    type Page = { data: { id: string; subject: string; receivedAt: string }[]; total: number };
    const list = async (query: string, token = s.token) => {
      const response = await get(`/api/inbound/unmatched?${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page & { page: number; pageSize: number };
    };

    const first = await list('pageSize=100');
    expect(first).toMatchObject({ total: 120, page: 1, pageSize: 100 });
    const second = await list('page=2&pageSize=100');
    expect(second.data).toHaveLength(20);
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((m) => m.id))).toEqual(new Set(ids));
    expect(all[0]!.subject).toBe('Proposta 119');
    const times = all.map((m) => Date.parse(m.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await list('')).toMatchObject({ total: 120, page: 1, pageSize: 50 });
    expect((await list('page=3')).data).toHaveLength(20);

    // Search: the subject (case and accents ignored), the sender; nothing else.
    const found = await list(`search=${encodeURIComponent('PROPOSTA 007')}`);
    expect(found.total).toBe(1);
    expect(found.data.map((m) => m.id)).toEqual([ids[7]]);
    expect((await list('search=muitas-log')).total).toBe(120);
    expect((await list('search=nada-assim')).total).toBe(0);
    // Another company sees none of them.
    const other = await quoteScenario(ctx);
    expect((await list('search=muitas-log', other.token)).total).toBe(0);

    for (const [query, text] of [
      ['pageSize=500', 'O limite máximo é 100 por página.'],
      ['page=0', 'Página inválida.'],
      [`search=${'x'.repeat(201)}`, 'Use no máximo 200 caracteres na busca.'],
    ]) {
      const refused = await get(`/api/inbound/unmatched?${query}`, s.token);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(text);
    }
  }, 60_000);
});

describe('local mailbox: reply as carrier', () => {
  it('builds a real reply to the request in the local mailbox and feeds it to the pipeline', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Caixa Um', email: 'um@caixa-local.com.br' },
        { nome: 'Caixa Dois', email: 'dois@caixa-local.com.br' },
      ],
    });
    await ctx.app.services.database.db
      .update(users)
      .set({ role: 'desenvolvedor' })
      .where(eq(users.id, s.userId));
    // The mailbox knows a message once the outbox has sent it (its file alone may still be written).
    await outboxSettled(ctx);
    const file = await waitFor(() =>
      fs.existsSync(ctx.config.mailSentDir)
        ? fs
            .readdirSync(ctx.config.mailSentDir)
            .find((name) =>
              fs.readFileSync(path.join(ctx.config.mailSentDir, name), 'utf8').includes(s.carriers[1]!.email),
            )
        : undefined,
    );
    const id = file.replace(/\.eml$/, '');
    const wrongFrom = multipart(s.token, { from: 'intruso@exemplo.com', texto: typicalAnswer() });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/dev/mailbox/${id}/reply`, ...wrongFrom }))
        .statusCode,
    ).toBe(400);
    const form = multipart(
      s.token,
      { from: s.carriers[1]!.email, texto: typicalAnswer({ frete40: 3333 }) },
      { name: 'arquivos', filename: 'proposta.txt', content: Buffer.from('Frete 40HC USD 3.333,00') },
    );
    const response = await ctx.app.inject({ method: 'POST', url: `/api/dev/mailbox/${id}/reply`, ...form });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ cotacaoId: s.quote.id, outcome: 'resposta' });
    const entries = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token)).json().data;
    const answered = entries.find(
      (e: { transportadorId: string }) => e.transportadorId === s.carriers[1]!.id,
    );
    expect(answered.status).toBe('respondido');
    expect(response.json().message).toBe('Resposta enviada como agente de carga: ela já está na cotação.');

    // An out-of-office from the local mailbox: the message says what became of it.
    const away = multipart(s.token, {
      from: s.carriers[0]!.email,
      texto: 'Recebemos sua solicitação. Chamado nº 5521 aberto; retornaremos em breve.',
    });
    const file2 = fs
      .readdirSync(ctx.config.mailSentDir)
      .find((name) =>
        fs.readFileSync(path.join(ctx.config.mailSentDir, name), 'utf8').includes(s.carriers[0]!.email),
      )!;
    const setAside = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/mailbox/${file2.replace(/\.eml$/, '')}/reply`,
      ...away,
    });
    expect(setAside.statusCode, setAside.body).toBe(201);
    expect(setAside.json()).toMatchObject({
      outcome: 'auto_resposta',
      message:
        'Resposta enviada como agente de carga: guardada como resposta automática, não conta como resposta.',
    });
  }, 150_000);
});

describe('a reply set aside (a receipt, an out-of-office) and "Contar como resposta"', () => {
  const receipt = [
    'Prezado cliente,',
    '',
    'Recebemos sua solicitação. Chamado nº 88231 aberto; nossa equipe retornará em breve.',
    '',
    'Central de Atendimento — Pacífico Logística',
  ].join('\n');

  it("a ticket system's receipt is kept, not counted, shown on the carrier's card, and counts once when the analyst says so", async () => {
    const s = await quoteScenario(ctx);
    // Written after the request was sent (an answer never counts from before it): a second after.
    await outboxSettled(ctx);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const writtenAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ingested = await ctx.app.services.inbound.ingest(
      await carrierReply({ from: s.carriers[0]!.email, to: s.replyTo(0), text: receipt, date: writtenAt }),
      { source: 'smtp' },
    );
    expect(ingested.outcome).toBe('auto_resposta');
    // Kept as a flag (the conversation's note reads it, not the wording of the stored reason).
    const [stored] = await ctx.app.services.database.db
      .select({ flags: inboundMessages.flags })
      .from(inboundMessages)
      .where(eq(inboundMessages.id, ingested.inboundId));
    expect(stored!.flags).toMatchObject({ separada: 'confirmacao' });

    const listed = await get(`/api/quotes/${s.quote.id}/respostas`, s.token);
    const entry = listed
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(entry.status).toBe('pendente');
    expect(entry.respondeuEm).toBeNull();
    expect(entry.respostaAutomatica).toMatchObject({
      tipo: 'confirmacao',
      recebidaEm: writtenAt.toISOString(),
    });
    const conversation = await get(`/api/emails/by-cotacao/${s.quote.id}`, s.token);
    const kept = conversation
      .json()
      .items.find((m: { id: string }) => m.id === entry.respostaAutomatica.mensagemId);
    expect(kept.marcacao).toBe('Confirmação de recebimento, sem cotação — não conta como resposta');

    const url = `/api/quotes/${s.quote.id}/mensagens/${entry.respostaAutomatica.mensagemId}/contar-como-resposta`;
    const counted = await post(url, s.token, {});
    expect(counted.statusCode).toBe(200);
    expect(counted.json().message).toBe('Mensagem contada como resposta. Os valores estão sendo lidos.');
    expect(counted.json().data).toMatchObject({
      status: 'respondido',
      respostaAutomatica: null,
      respondeuEm: writtenAt.toISOString(),
      atual: { versao: 1, mensagemId: entry.respostaAutomatica.mensagemId, origem: 'smtp' },
    });
    const [quote] = await ctx.app.services.database.db
      .select({ respostasRecebidas: cotacoes.respostasRecebidas })
      .from(cotacoes)
      .where(eq(cotacoes.id, s.quote.id));
    expect(quote!.respostasRecebidas).toBe(1);

    // A second click (or a colleague's) finds nothing left to count.
    const again = await post(url, s.token, {});
    expect(again.statusCode).toBe(404);
    expect(
      await ctx.app.services.database.db.select().from(respostas).where(eq(respostas.cotacaoId, s.quote.id)),
    ).toHaveLength(1);
  });

  it('an auto-reply dated before the request is shown at the request, never before it (QA pass 37)', async () => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const detail = (await get(`/api/quotes/${s.quote.id}`, s.token)).json();
    const sentAt = new Date(
      detail.destinatarios.find((d: { transportadorId: string }) => d.transportadorId === s.carriers[0]!.id)
        .enviadoEm,
    );
    const ingested = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: 'Ok, obrigado.\n\nAtt,\nMarcos',
        date: new Date(Math.floor((sentAt.getTime() - 14 * 60_000) / 1000) * 1000),
      }),
      { source: 'imap' },
    );
    expect(ingested.outcome).toBe('auto_resposta');
    const entry = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(new Date(entry.respostaAutomatica.recebidaEm).getTime()).toBeGreaterThanOrEqual(
      Math.floor(sentAt.getTime() / 1000) * 1000,
    );
  });

  it.each([
    ['a courtesy', 'Ok, obrigado.\n\nAtt,\nMarcos\nPacífico Logística | +55 11 3222-1000'],
    [
      'a carrier still quoting',
      'Bom dia,\n\nEstamos cotando com os armadores, em breve retornamos.\n\nAbs, Carla',
    ],
  ])('%s is kept, not counted: the carrier still waits (lifecycle QA pass)', async (_label, text) => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const ingested = await ctx.app.services.inbound.ingest(
      await carrierReply({ from: s.carriers[0]!.email, to: s.replyTo(0), text }),
      { source: 'smtp' },
    );
    expect(ingested.outcome).toBe('auto_resposta');
    const listed = await get(`/api/quotes/${s.quote.id}/respostas`, s.token);
    const entry = listed
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(entry).toMatchObject({ status: 'pendente', respondeuEm: null });
    expect(entry.respostaAutomatica).toMatchObject({ tipo: 'confirmacao' });
    expect(
      await ctx.app.services.database.db.select().from(respostas).where(eq(respostas.cotacaoId, s.quote.id)),
    ).toHaveLength(0);
  });

  it('"Segue cotação conforme solicitado" without the file is set aside and says so; the file when it comes is the answer (QA pass 18)', async () => {
    const s = await quoteScenario(ctx);
    const text = 'Prezados,\n\nSegue cotação conforme solicitado.\n\nAbs,\nCarla';
    const logo = {
      filename: 'image001.png',
      content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      contentType: 'image/png',
      cid: 'image001',
    };
    const ingested = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text,
        html: '<p>Segue cotação conforme solicitado.</p><p><img src="cid:image001"></p>',
        attachments: [logo],
      }),
      { source: 'imap' },
    );
    expect(ingested.outcome).toBe('auto_resposta');
    const entryOf = async () =>
      (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
        .json()
        .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    const waiting = await entryOf();
    expect(waiting).toMatchObject({
      status: 'pendente',
      atual: null,
      respostaAutomatica: { tipo: 'semAnexo' },
    });
    const conversation = await get(`/api/emails/by-cotacao/${s.quote.id}`, s.token);
    const kept = conversation
      .json()
      .items.find((m: { id: string }) => m.id === waiting.respostaAutomatica.mensagemId);
    expect(kept.marcacao).toBe('Anexo anunciado não veio — não conta como resposta');

    // The carrier sends the file: that message is the answer, read from the attachment.
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: 'Desculpe, segue o anexo.',
        attachments: [
          logo,
          {
            filename: 'cotacao.txt',
            content: Buffer.from('Frete 40HC: USD 2.600,00'),
            contentType: 'text/plain',
          },
        ],
      }),
      { source: 'imap' },
    );
    const answered = await waitFor(async () => {
      const entry = await entryOf();
      return entry.atual?.extracao === 'concluida' ? entry : undefined;
    }, 30_000);
    expect(answered).toMatchObject({ status: 'respondido', respostaAutomatica: null, atual: { versao: 1 } });
    expect(answered.dadosExtraidos.final.preco_por_container_40).toBe(2600);
  });

  it('an out-of-office that carries the quote is read when counted; a later answer clears what was set aside', async () => {
    const s = await quoteScenario(ctx);
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[1]!.email,
        to: s.replyTo(1),
        subject: 'Resposta automática: Ausência temporária',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: `Estou em férias até 10/12. Nossa tarifa vigente segue abaixo.\n\n${typicalAnswer({ frete40: 2710 })}`,
      }),
      { source: 'imap' },
    );
    const entryOf = async (index: number) =>
      (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
        .json()
        .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[index]!.id);
    const kept = await entryOf(1);
    expect(kept.respostaAutomatica.tipo).toBe('automatica');
    const counted = await post(
      `/api/quotes/${s.quote.id}/mensagens/${kept.respostaAutomatica.mensagemId}/contar-como-resposta`,
      s.token,
      {},
    );
    expect(counted.statusCode).toBe(200);
    const read = await waitFor(async () => {
      const entry = await entryOf(1);
      return entry.atual?.extracao === 'concluida' ? entry : undefined;
    }, 20_000);
    expect(read.dadosExtraidos.final.preco_por_container_40).toBe(2710);

    // Carrier 2: an out-of-office, then its real answer: the card no longer offers to count the first.
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[2]!.email,
        to: s.replyTo(2),
        subject: 'Out of office',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'I am out of the office.',
      }),
      { source: 'imap' },
    );
    expect((await entryOf(2)).respostaAutomatica.tipo).toBe('automatica');
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[2]!.email,
        to: s.replyTo(2),
        text: typicalAnswer({ frete40: 2800 }),
      }),
      { source: 'imap' },
    );
    expect((await entryOf(2)).respostaAutomatica).toBeNull();
  });

  it('a finalized quote takes no answer: 409 with the reason, nothing counted', async () => {
    const s = await quoteScenario(ctx);
    await ctx.app.services.inbound.ingest(
      await carrierReply({ from: s.carriers[0]!.email, to: s.replyTo(0), text: receipt }),
      { source: 'smtp' },
    );
    const [recipient] = await ctx.app.services.database.db
      .select({ respostaAutomatica: cotacaoDestinatarios.respostaAutomatica })
      .from(cotacaoDestinatarios)
      .where(
        and(
          eq(cotacaoDestinatarios.cotacaoId, s.quote.id),
          eq(cotacaoDestinatarios.transportadorId, s.carriers[0]!.id),
        ),
      );
    await ctx.app.services.database.db
      .update(cotacoes)
      .set({ status: 'CANCELADA' })
      .where(eq(cotacoes.id, s.quote.id));
    const refused = await post(
      `/api/quotes/${s.quote.id}/mensagens/${recipient!.respostaAutomatica!.mensagemId}/contar-como-resposta`,
      s.token,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail ?? refused.json().message).toMatch(/não recebe mais respostas/);
    expect(
      await ctx.app.services.database.db.select().from(respostas).where(eq(respostas.cotacaoId, s.quote.id)),
    ).toHaveLength(0);
  });
});
