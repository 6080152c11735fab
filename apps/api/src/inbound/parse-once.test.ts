import type { Conversation } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { cotacaoMensagens, inboundMessages, respostas } from '../db/schema/index.js';

/*
 * Issue 29 item 7: what a view shows is computed once, when a message is processed — the preview of
 * 'Não identificadas', the safe HTML of the conversation — and a company's conversation never shows
 * another company's reply token.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
let sequence = 0;

/** A reply with a text and an HTML part (multipart/alternative), as raw bytes. */
function htmlReply(options: { from: string; to: string; cc?: string; text: string; html: string }): Buffer {
  return Buffer.from(
    [
      `From: ${options.from}`,
      `To: ${options.to}`,
      ...(options.cc ? [`Cc: ${options.cc}`] : []),
      `Message-ID: <html-${++sequence}-${Date.now()}@carrier.example>`,
      'Date: Wed, 02 Dec 2026 10:00:00 -0300',
      'Subject: RE: cotação',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      options.text,
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      options.html,
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

async function conversationOf(s: Scenario, query = '') {
  const response = await get(`/api/emails/by-cotacao/${s.quote.id}${query}`, s.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Conversation;
}

describe("'Não identificadas' lists what was stored when the message was processed", () => {
  it('shows the preview kept at processing, without reading the raw bytes again', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Sem Token', email: 'vendas@semtoken-once.com.br' }],
    });
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: 'vendas@semtoken-once.com.br',
        to: 'compras@importadora.com.br',
        subject: 'Nossa proposta',
        text: 'Bom dia,\n\n  Frete 40HC:\tUSD 2.950\n\nAtt.',
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('nao_identificada');
    const [stored] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, result.inboundId));
    expect(stored!.previa).toBe('Bom dia, Frete 40HC: USD 2.950 Att.');

    // Without its bytes the list still shows it whole: nothing is parsed per request.
    await db().update(inboundMessages).set({ raw: null }).where(eq(inboundMessages.id, result.inboundId));
    const list = (await get('/api/inbound/unmatched', s.token)).json();
    const item = list.data.find((entry: { id: string }) => entry.id === result.inboundId);
    expect(item).toMatchObject({
      from: 'vendas@semtoken-once.com.br',
      subject: 'Nossa proposta',
      preview: 'Bom dia, Frete 40HC: USD 2.950 Att.',
    });
  });
});

describe('the conversation shows HTML made safe once, when the message was recorded', () => {
  it('stores the safe HTML; a view neither re-sanitises it nor reads the original again', async () => {
    const s = await quoteScenario(ctx);
    const result = await ctx.app.services.inbound.ingest(
      htmlReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: 'Frete 40HC USD 2.950',
        html: '<p onclick="x()">Frete <b>USD 2.950</b></p><script>alert(1)</script><img alt="logo" data-imagem-remota="javascript:alert(2)" src="https://tracker.example/open.gif?id=7&amp;u=1">',
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('resposta');
    const [row] = await db()
      .select()
      .from(cotacaoMensagens)
      .where(eq(cotacaoMensagens.inboundMessageId, result.inboundId));
    expect(row!.htmlSeguro).toBe(
      '<p>Frete <b>USD 2.950</b></p><img alt="logo" data-imagem-remota="https://tracker.example/open.gif?id=7&amp;u=1" />',
    );
    expect(row!.imagensRemotas).toBe(1);

    // The original changes under it: the view still shows what was made safe when it was recorded.
    await db()
      .update(cotacaoMensagens)
      .set({ bodyHtml: '<p>outro</p>' })
      .where(eq(cotacaoMensagens.id, row!.id));
    const blocked = (await conversationOf(s)).items.find((item) => item.id === row!.id)!;
    expect(blocked.bodyHtml).toBe('<p>Frete <b>USD 2.950</b></p><img alt="logo" data-imagem-remota="1" />');
    expect(blocked.metadata).toMatchObject({ imagensRemotas: 1 });
    const shown = (await conversationOf(s, '?imagens=1')).items.find((item) => item.id === row!.id)!;
    expect(shown.bodyHtml).toBe(
      '<p>Frete <b>USD 2.950</b></p><img alt="logo" src="https://tracker.example/open.gif?id=7&amp;u=1" />',
    );
  });

  it('a message recorded before the safe copy existed is sanitised on its first view and keeps it', async () => {
    const s = await quoteScenario(ctx);
    const result = await ctx.app.services.inbound.ingest(
      htmlReply({ from: s.carriers[1]!.email, to: s.replyTo(1), text: 'texto', html: '<p>novo</p>' }),
      { source: 'imap' },
    );
    const where = eq(cotacaoMensagens.inboundMessageId, result.inboundId);
    await db()
      .update(cotacaoMensagens)
      .set({
        bodyHtml: '<p>legado</p><script>bad()</script><img src="https://t.example/x.gif">',
        htmlSeguro: null,
        imagensRemotas: 0,
      })
      .where(where);
    const [before] = await db().select().from(cotacaoMensagens).where(where);
    const item = (await conversationOf(s)).items.find((entry) => entry.id === before!.id)!;
    expect(item.bodyHtml).toBe('<p>legado</p><img data-imagem-remota="1" />');
    expect(item.metadata).toMatchObject({ imagensRemotas: 1 });
    const [after] = await db().select().from(cotacaoMensagens).where(where);
    expect(after!.htmlSeguro).toBe('<p>legado</p><img data-imagem-remota="https://t.example/x.gif" />');
    expect(after!.imagensRemotas).toBe(1);
  });
});

describe('one message to two companies’ reply tokens', () => {
  it('reaches the company of the first token only, and its conversation shows no other token', async () => {
    const a = await quoteScenario(ctx);
    const b = await quoteScenario(ctx);
    const tokenA = a.recipients[0]!.replyToken;
    const tokenB = b.recipients[0]!.replyToken;
    const result = await ctx.app.services.inbound.ingest(
      htmlReply({
        from: a.carriers[0]!.email,
        to: a.replyTo(0),
        cc: b.replyTo(0),
        text: `Proposta para as duas.\nCópia: ${b.replyTo(0)}`,
        html: `<p>Proposta</p><a href="mailto:${b.replyTo(0)}">cópia</a> cotacoes&#43;${tokenB}&#64;importadora.com.br`,
      }),
      { source: 'imap' },
    );
    expect(result).toMatchObject({ outcome: 'resposta', cotacaoId: a.quote.id });

    const [row] = await db()
      .select()
      .from(cotacaoMensagens)
      .where(eq(cotacaoMensagens.inboundMessageId, result.inboundId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(tokenB);
    expect(row!.toAddresses).toEqual([a.replyTo(0)]);
    expect(row!.ccAddresses).toEqual(['cotacoes@importadora.com.br']);
    expect(row!.bodyText).toBe('Proposta para as duas.\nCópia: cotacoes@importadora.com.br');

    const view = JSON.stringify(await conversationOf(a));
    expect(view).not.toContain(tokenB);
    expect(view).toContain(tokenA);
    expect(view).toContain('mailto:cotacoes@importadora.com.br');

    // The other company gets nothing from it: one message is one company's answer (ADR 0016 addendum).
    const received = await db()
      .select()
      .from(cotacaoMensagens)
      .where(and(eq(cotacaoMensagens.cotacaoId, b.quote.id), eq(cotacaoMensagens.direction, 'received')));
    expect(received).toHaveLength(0);
    expect(await db().select().from(respostas).where(eq(respostas.cotacaoId, b.quote.id))).toHaveLength(0);
  });
});
