import { eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SentQuote, sendQuoteToCarrier } from '../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../test/helpers.js';
import {
  auditLog,
  cotacaoMensagens,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  respostas,
} from '../db/schema/index.js';
import { QUEUES } from '../jobs/queue.js';
import { RETENTION_CRON } from './retention.jobs.js';
import { purgeExpiredInbound } from './retention.js';

/*
 * Issue 29 item 3, LGPD retention: the raw messages and attachments of quotes closed more than
 * INBOUND_RETENTION_DAYS ago go; the response's figures, the conversation text and an audit row stay.
 * Quotes still open, and quotes closed recently, keep everything. Closing is dated by a trigger on every
 * status change (`encerrada_em`); the tests move that date back, the one thing they cannot wait for.
 */
function replyWithAttachment(quote: SentQuote, messageId: string): Promise<Buffer> {
  return new MailComposer({
    from: `Pricing Atlântica <${quote.carrierEmail}>`,
    to: quote.request.replyTo,
    subject: `RE: ${quote.request.subject}`,
    messageId,
    inReplyTo: quote.request.messageId,
    references: quote.request.messageId,
    text: 'Segue nossa proposta.\nFrete 40HC: USD 2.350,00\nTHC: R$ 1.480,00\nValidade: 30 dias',
    attachments: [
      { filename: 'proposta-atlantica.txt', content: 'DADO-PESSOAL-DO-ANEXO Frete USD 2.350,00' },
    ],
  })
    .compile()
    .build();
}

describe('retention of raw replies (issue 29, LGPD)', () => {
  let ctx: TestContext;
  const quotes: Record<'oldClosed' | 'recentClosed' | 'oldOpen', SentQuote> = {} as never;
  const inboundIds: Record<string, string> = {};
  const db = () => ctx.app.services.database.db;

  beforeAll(async () => {
    ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
    let seed = 7400;
    for (const name of ['oldClosed', 'recentClosed', 'oldOpen'] as const) {
      const quote = await sendQuoteToCarrier(ctx, {
        seed: ++seed,
        carrierEmail: `pricing@atlantica-${seed}.com.br`,
      });
      quotes[name] = quote;
      const result = await ctx.app.services.inbound.ingest(
        await replyWithAttachment(quote, `<retencao-${name}@atlantica.com.br>`),
        { source: 'teste' },
      );
      expect(result.status).toBe('processada');
      inboundIds[name] = result.inboundId;
    }
    // The extraction job has read each reply: the figures exist before the purge.
    await waitFor(async () => {
      const rows = await db().select({ extracao: respostas.extracao }).from(respostas);
      return rows.length === 3 && rows.every((row) => row.extracao === 'concluida');
    }, 30_000);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('dates the closing of a quote on every status change, and forgets it when the quote reopens', async () => {
    const id = quotes.oldOpen.quoteId;
    const closedAt = async () =>
      (await db().select({ at: cotacoes.encerradaEm }).from(cotacoes).where(eq(cotacoes.id, id)))[0]!.at;
    expect(await closedAt()).toBeNull();
    await db().update(cotacoes).set({ status: 'CANCELADA' }).where(eq(cotacoes.id, id));
    const first = await closedAt();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    // Another final status keeps the first closing date.
    await db().update(cotacoes).set({ status: 'FECHADA' }).where(eq(cotacoes.id, id));
    expect((await closedAt())?.getTime()).toBe(first!.getTime());
    await db().update(cotacoes).set({ status: 'AGUARDANDO_RESPOSTA' }).where(eq(cotacoes.id, id));
    expect(await closedAt()).toBeNull();
  });

  it('purges raw bytes and attachments of quotes closed longer ago than the retention, keeping figures, conversation and an audit row', async () => {
    // Closed (the trigger dates it), then moved back in time: 400 days and 10 days ago.
    await db().update(cotacoes).set({ status: 'APROVADA' }).where(eq(cotacoes.id, quotes.oldClosed.quoteId));
    await db().execute(
      sql`update cotacoes set encerrada_em = now() - interval '400 days' where id = ${quotes.oldClosed.quoteId}`,
    );
    await db()
      .update(cotacoes)
      .set({ status: 'FECHADA' })
      .where(eq(cotacoes.id, quotes.recentClosed.quoteId));
    await db().execute(
      sql`update cotacoes set encerrada_em = now() - interval '10 days' where id = ${quotes.recentClosed.quoteId}`,
    );
    // Open for 400 days: still open, nothing goes.
    await db().execute(
      sql`update cotacoes set created_at = now() - interval '400 days' where id = ${quotes.oldOpen.quoteId}`,
    );
    const figuresBefore = await db()
      .select({ dados: respostas.dadosExtraidos })
      .from(respostas)
      .where(eq(respostas.cotacaoId, quotes.oldClosed.quoteId));
    expect(JSON.stringify(figuresBefore[0]!.dados)).toContain('2350');

    expect(await purgeExpiredInbound(db(), ctx.config.INBOUND_RETENTION_DAYS)).toEqual({
      quotes: 1,
      messages: 1,
    });

    const message = async (name: string) =>
      (await db().select().from(inboundMessages).where(eq(inboundMessages.id, inboundIds[name]!)))[0]!;
    const attachments = async (name: string) =>
      db()
        .select()
        .from(inboundAttachments)
        .where(eq(inboundAttachments.inboundMessageId, inboundIds[name]!));

    const purged = await message('oldClosed');
    expect(purged.raw).toBeNull();
    expect(purged.purgadaEm).toBeInstanceOf(Date);
    expect(purged.status).toBe('processada');
    expect(await attachments('oldClosed')).toEqual([]);
    // The figures and the conversation text stay.
    const figuresAfter = await db()
      .select({ dados: respostas.dadosExtraidos })
      .from(respostas)
      .where(eq(respostas.cotacaoId, quotes.oldClosed.quoteId));
    expect(figuresAfter).toEqual(figuresBefore);
    const [conversation] = await db()
      .select({ bodyText: cotacaoMensagens.bodyText })
      .from(cotacaoMensagens)
      .where(eq(cotacaoMensagens.inboundMessageId, inboundIds.oldClosed!));
    expect(conversation!.bodyText).toContain('Frete 40HC: USD 2.350,00');
    const audit = await db()
      .select({ empresaId: auditLog.empresaId, details: auditLog.details, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.action, 'inbound.retencao'));
    expect(audit).toEqual([
      { empresaId: quotes.oldClosed.empresaId, userId: null, details: { mensagens: 1, diasRetencao: 365 } },
    ]);

    for (const name of ['recentClosed', 'oldOpen']) {
      const kept = await message(name);
      expect(kept.raw!.toString('utf8')).toContain('Segue nossa proposta');
      expect(kept.purgadaEm).toBeNull();
      expect((await attachments(name)).map((file) => file.filename)).toEqual(['proposta-atlantica.txt']);
    }

    // A second run finds nothing more and writes no second audit row.
    expect(await purgeExpiredInbound(db(), 365)).toEqual({ quotes: 0, messages: 0 });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'inbound.retencao'))).toHaveLength(1);
    // A shorter retention reaches the quote closed 10 days ago.
    expect(await purgeExpiredInbound(db(), 7)).toEqual({ quotes: 1, messages: 1 });
    expect((await message('recentClosed')).raw).toBeNull();
  });

  it('runs daily as a scheduled job in the worker processes', async () => {
    const schedules = await ctx.app.services.jobs.boss.getSchedules(QUEUES.inboundRetention);
    expect(schedules.map((schedule) => schedule.cron)).toEqual([RETENTION_CRON]);
    expect(ctx.config.INBOUND_RETENTION_DAYS).toBe(365);
  });

  it("'Descartar' purges with the same function and marks the row", async () => {
    const received = await ctx.app.services.inbound.receive(
      await replyWithAttachment(quotes.oldOpen, '<descartar-retencao@atlantica.com.br>'),
      { source: 'teste' },
    );
    const [user] = (await db().execute(sql`select id from users limit 1`)).rows as { id: string }[];
    await ctx.app.services.inbound.discard(received.inboundId, user!.id);
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, received.inboundId));
    expect(row).toMatchObject({ status: 'ignorada', raw: null });
    expect(row!.purgadaEm).toBeInstanceOf(Date);
  });
});
