import { inboundTexts } from '@cotacoes/shared/messages/inbound';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  deliveryFailureReport,
  outboxSettled,
  quoteScenario,
  typicalAnswer,
} from '../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../test/helpers.js';
import {
  cotacaoDestinatarios,
  cotacaoMensagens,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
} from '../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const ingest = (raw: Buffer, source: 'imap' | 'smtp' | 'local' = 'imap') =>
  ctx.app.services.inbound.ingest(raw, { source });

async function quoteRow(id: string) {
  const [row] = await db().select().from(cotacoes).where(eq(cotacoes.id, id));
  return row!;
}
async function responsesOf(cotacaoId: string) {
  return db().select().from(respostas).where(eq(respostas.cotacaoId, cotacaoId));
}

describe('inbound pipeline: matching and responses', () => {
  it('matches a reply by its per-carrier token, keeps it raw, counts it and extracts its figures', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const raw = await carrierReply({
      from: `Pricing <${s.carriers[0]!.email}>`,
      to: s.replyTo(0),
      subject: `RE: ${s.quote.tituloEmail}`,
      text: typicalAnswer({ frete40: 2950 }),
    });
    const result = await ingest(raw);
    expect(result).toMatchObject({ outcome: 'resposta', duplicate: false, cotacaoId: s.quote.id });

    const [stored] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, result.inboundId));
    expect(Buffer.compare(stored!.raw!, raw)).toBe(0);
    expect(stored!.matchedBy).toBe('token');
    expect(stored!.empresaId).toBe(s.empresaId);

    const quote = await quoteRow(s.quote.id);
    expect(quote.respostasRecebidas).toBe(1);
    expect(quote.status).toBe('AGUARDANDO_RESPOSTA');

    const extracted = await waitFor(async () => {
      const [row] = await responsesOf(s.quote.id);
      return row?.extracao === 'concluida' ? row : undefined;
    }, 20_000);
    const final = (extracted.dadosExtraidos as { final: Record<string, unknown> }).final;
    expect(final.preco_por_container_40).toBe(2950);
    expect(final.transit_time_dias).toBe(32);
    expect(extracted.versao).toBe(1);
    expect(extracted.atual).toBe(true);

    const conversation = await db()
      .select()
      .from(cotacaoMensagens)
      .where(and(eq(cotacaoMensagens.cotacaoId, s.quote.id), eq(cotacaoMensagens.direction, 'received')));
    expect(conversation).toHaveLength(1);
    expect(conversation[0]!.transportadorId).toBe(s.carriers[0]!.id);
  });

  it('ingesting the same messages ten times creates nothing twice (R4)', async () => {
    const s = await quoteScenario(ctx);
    const raws = await Promise.all(
      s.carriers.map((carrier, i) =>
        carrierReply({ from: carrier.email, to: s.replyTo(i), subject: 'RE: cotação' }),
      ),
    );
    for (let round = 0; round < 10; round++)
      for (const raw of raws) {
        const result = await ingest(raw);
        expect(result.duplicate).toBe(round > 0);
      }
    expect(await responsesOf(s.quote.id)).toHaveLength(3);
    const quote = await quoteRow(s.quote.id);
    expect(quote.respostasRecebidas).toBe(3);
    expect(quote.status).toBe('AGUARDANDO_APROVACAO');
  });

  it("a sender that reuses a Message-ID loses no reply: another company's answer with the same id is stored and answered; a copy of either is still one", async () => {
    const a = await quoteScenario(ctx, { label: 'reuso-a' });
    const b = await quoteScenario(ctx, { label: 'reuso-b' });
    expect(b.empresaId).not.toBe(a.empresaId);
    const reused = `<rfq-reply-${Date.now()}@erp.pacifico.example>`;
    const toA = await carrierReply({
      from: a.carriers[0]!.email,
      to: a.replyTo(0),
      messageId: reused,
      date: new Date('2026-12-05T11:20:00Z'),
      text: typicalAnswer({ frete40: 2500 }),
    });
    const toB = await carrierReply({
      from: a.carriers[0]!.email,
      to: b.replyTo(0),
      messageId: reused,
      date: new Date('2026-12-05T11:25:00Z'),
      text: typicalAnswer({ frete40: 3100 }),
    });
    const first = await ingest(toA, 'smtp');
    const second = await ingest(toB, 'smtp');
    expect(first).toMatchObject({ duplicate: false, outcome: 'resposta', cotacaoId: a.quote.id });
    expect(second).toMatchObject({ duplicate: false, outcome: 'resposta', cotacaoId: b.quote.id });
    expect(second.inboundId).not.toBe(first.inboundId);
    expect(await responsesOf(b.quote.id)).toHaveLength(1);

    // The same messages again, as the mailbox holds them (a relay's Received header on top): no new row.
    const viaMailbox = (raw: Buffer) =>
      Buffer.concat([Buffer.from('Received: from mx.importadora.com.br by imap; Sat, 5 Dec 2026\r\n'), raw]);
    expect(await ingest(viaMailbox(toB), 'imap')).toMatchObject({
      duplicate: true,
      inboundId: second.inboundId,
    });
    expect(await ingest(viaMailbox(toA), 'imap')).toMatchObject({
      duplicate: true,
      inboundId: first.inboundId,
    });
    expect(await responsesOf(a.quote.id)).toHaveLength(1);
    expect(await responsesOf(b.quote.id)).toHaveLength(1);
  });

  it('a message without Message-ID is deduplicated by its bytes', async () => {
    const s = await quoteScenario(ctx);
    const withId = await carrierReply({ from: s.carriers[1]!.email, to: s.replyTo(1) });
    const raw = Buffer.from(withId.toString('utf8').replace(/^Message-ID:.*\r\n/im, ''));
    expect(raw.toString('utf8')).not.toMatch(/^Message-ID:/im);
    expect((await ingest(raw)).duplicate).toBe(false);
    expect((await ingest(raw)).duplicate).toBe(true);
    expect(await responsesOf(s.quote.id)).toHaveLength(1);
  });

  it('in bcc mode the carrier is the sender among the recipients; a colleague at its domain is accepted and flagged', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'bcc' });
    const fromCarrier = await ingest(await carrierReply({ from: s.carriers[1]!.email, to: s.replyTo(1) }));
    expect(fromCarrier.outcome).toBe('resposta');
    const colleague = await ingest(
      await carrierReply({
        from: 'outra.pessoa@rotasul-ag.com.br',
        to: s.replyTo(2),
        subject: 'RE: cotação',
      }),
    );
    expect(colleague.outcome).toBe('resposta');
    const [row] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, colleague.inboundId));
    expect(row!.flags).toMatchObject({ remetenteDesconhecido: 'outra.pessoa@rotasul-ag.com.br' });
    const byCarrier = (await responsesOf(s.quote.id)).map((r) => r.transportadorId).sort();
    expect(byCarrier).toEqual([s.carriers[1]!.id, s.carriers[2]!.id].sort());

    const stranger = await ingest(await carrierReply({ from: 'alguem@desconhecido.com', to: s.replyTo(0) }));
    expect(stranger.outcome).toBe('nao_identificada');
    expect(stranger.cotacaoId).toBe(s.quote.id);
  });

  it('a reply to a quote address that names no quote says so in "Não identificadas" (QA pass 29)', async () => {
    const s = await quoteScenario(ctx);
    const stale = s.replyTo(0).replace(/\+[0-9a-f]{32}@/i, `+${'0'.repeat(32)}@`);
    const result = await ingest(
      await carrierReply({ from: s.carriers[0]!.email, to: stale, subject: 'RE: proposta', text: 'Segue.' }),
    );
    expect(result.outcome).toBe('nao_identificada');
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.inboundId));
    expect(row!.motivo).toBe(inboundTexts.unknownReplyAddress);
    // A plain address (no quote's code in it) has no such reason.
    const plain = await ingest(
      await carrierReply({ from: 'alguem@desconhecido.com', to: 'contato@importadora.com.br', text: 'Olá.' }),
    );
    const [other] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, plain.inboundId));
    expect(other!.motivo).toBeNull();
  });

  it('matches by In-Reply-To when the reply went to a plain address, then by quote code and sender', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Thread Cargas', email: 'pricing@thread-cargas.com.br' },
        { nome: 'Assunto Log', email: 'comercial@assunto-log.com.br' },
      ],
    });
    const threaded = await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: 'comercial@importadora.com.br',
        inReplyTo: s.recipients[0]!.messageId,
        references: [s.recipients[0]!.messageId!],
      }),
    );
    expect(threaded).toMatchObject({ outcome: 'resposta', cotacaoId: s.quote.id });
    const bySubject = await ingest(
      await carrierReply({
        from: s.carriers[1]!.email,
        to: 'comercial@importadora.com.br',
        subject: `Proposta ${s.quote.codigo} - segue`,
      }),
    );
    expect(bySubject).toMatchObject({ outcome: 'resposta', cotacaoId: s.quote.id });
    const rows = await db().select().from(inboundMessages).where(eq(inboundMessages.cotacaoId, s.quote.id));
    expect(rows.map((r) => r.matchedBy).sort()).toEqual(['subject', 'thread']);
  });

  it('a later reply of the same carrier is a new version; the first answer time stays', async () => {
    const s = await quoteScenario(ctx);
    await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 3100 }),
      }),
    );
    const [first] = await responsesOf(s.quote.id);
    await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 2980 }),
      }),
    );
    const versions = (await responsesOf(s.quote.id)).sort((a, b) => a.versao - b.versao);
    expect(versions.map((v) => [v.versao, v.atual])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await quoteRow(s.quote.id)).respostasRecebidas).toBe(1);
    expect(versions[0]!.id).toBe(first!.id);
  });
});

describe('inbound pipeline: what is not an answer', () => {
  it('an out-of-office reply is kept in the conversation and not counted', async () => {
    const s = await quoteScenario(ctx);
    const result = await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        subject: 'Resposta automática: Ausência temporária',
        text: 'Estou fora do escritório até 30/11.',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    expect(result.outcome).toBe('auto_resposta');
    expect(await responsesOf(s.quote.id)).toHaveLength(0);
    expect((await quoteRow(s.quote.id)).respostasRecebidas).toBe(0);
    const [message] = await db()
      .select()
      .from(cotacaoMensagens)
      .where(and(eq(cotacaoMensagens.cotacaoId, s.quote.id), eq(cotacaoMensagens.direction, 'received')));
    expect(message!.tipo).toBe('auto_resposta');
  });

  it("a quoting system's quote (Auto-Submitted: auto-generated) is an answer; its notice without a price is not", async () => {
    const s = await quoteScenario(ctx);
    const generated = { 'Auto-Submitted': 'auto-generated', Precedence: 'bulk' };
    const notice = await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        subject: 'RE: Cotação recebida',
        text: 'Recebemos sua solicitação. Chamado #88231 aberto; nossa equipe retornará em breve.',
        headers: generated,
      }),
    );
    expect(notice.outcome).toBe('auto_resposta');
    const quote = await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        subject: 'Quotation QT-2026-0415',
        text: 'Ocean freight 40HC: USD 2.640,00\nTHC destino: R$ 1.450,00 por contêiner\nValidity: 31/12/2026',
        headers: generated,
      }),
    );
    expect(quote.outcome).toBe('resposta');
    expect(await responsesOf(s.quote.id)).toHaveLength(1);
    expect((await quoteRow(s.quote.id)).respostasRecebidas).toBe(1);
  });

  it("one of a carrier's two addresses bouncing leaves it waiting; both bouncing fail it (the QA pass)", async () => {
    const s = await quoteScenario(ctx);
    const carrier = s.carriers[2]!;
    const colleague = `comercial-${Date.now()}@frete.example`;
    await db()
      .update(cotacaoDestinatarios)
      .set({ emails: [carrier.email, colleague] })
      .where(eq(cotacaoDestinatarios.id, s.recipients[2]!.id));
    const dsn = (failed: string[], id: string) =>
      Buffer.from(
        [
          'From: Mail Delivery System <MAILER-DAEMON@mx.importadora.com.br>',
          `To: ${s.replyTo(2)}`,
          'Subject: Undelivered Mail Returned to Sender',
          `Message-ID: <${id}@mx.importadora.com.br>`,
          'MIME-Version: 1.0',
          'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
          '',
          '--b1',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.importadora.com.br',
          '',
          ...failed.flatMap((address) => [
            `Final-Recipient: rfc822; ${address}`,
            'Action: failed',
            'Status: 5.1.1',
            'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
            '',
          ]),
          '--b1',
          'Content-Type: text/rfc822-headers',
          '',
          `Message-ID: ${s.recipients[2]!.messageId!}`,
          '--b1--',
          '',
        ].join('\r\n'),
      );
    const state = async () => {
      const [row] = await db()
        .select({ falhaEntrega: cotacaoDestinatarios.falhaEntrega })
        .from(cotacaoDestinatarios)
        .where(eq(cotacaoDestinatarios.id, s.recipients[2]!.id));
      return row!.falhaEntrega;
    };
    expect((await ingest(dsn([colleague], `partial-${Date.now()}`))).outcome).toBe('devolucao');
    expect(await state()).toBeNull();
    // The bounce is in the carrier's thread of the conversation all the same.
    const kept = await db()
      .select({ transportadorId: cotacaoMensagens.transportadorId, tipo: cotacaoMensagens.tipo })
      .from(cotacaoMensagens)
      .where(and(eq(cotacaoMensagens.cotacaoId, s.quote.id), eq(cotacaoMensagens.tipo, 'devolucao')));
    expect(kept).toEqual([{ transportadorId: carrier.id, tipo: 'devolucao' }]);
    await ingest(dsn([carrier.email, colleague], `full-${Date.now()}`));
    expect(await state()).toContain('5.1.1');
  });

  it('a reply dated before its request was sent counts from the sending, never earlier (the QA pass)', async () => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const [sent] = await db()
      .select({ sentAt: mailOutbox.sentAt })
      .from(cotacaoDestinatarios)
      .innerJoin(mailOutbox, eq(mailOutbox.id, cotacaoDestinatarios.outboxId))
      .where(eq(cotacaoDestinatarios.id, s.recipients[0]!.id));
    expect(sent!.sentAt).not.toBeNull();
    await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 2500 }),
        // Back-dated by the sender's own Date header: an hour before the request existed.
        date: new Date(sent!.sentAt!.getTime() - 3_600_000),
      }),
    );
    const [answered] = await db()
      .select({ respondeuEm: cotacaoDestinatarios.respondeuEm })
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.id, s.recipients[0]!.id));
    expect(answered!.respondeuEm!.getTime()).toBe(sent!.sentAt!.getTime());
  });

  it("counts an answer from its mailbox server's Received stamp when the sender's Date is hours off", async () => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const hour = 3_600_000;
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * hour);
    await db().execute(sql`
      update mail_outbox set sent_at = ${sentAt.toISOString()}::timestamptz
      where id = (select outbox_id from cotacao_destinatarios where id = ${s.recipients[0]!.id})`);
    // As a Gmail or Microsoft 365 copy brings it: the server's Received on top, 50 min after the request;
    // the sender's Date 5 h ago (a clock or zone off), which used to count it before it was asked.
    const received = new Date(sentAt.getTime() + 50 * 60_000);
    const raw = await carrierReply({
      from: s.carriers[0]!.email,
      to: s.replyTo(0),
      text: typicalAnswer({ frete40: 2500 }),
      date: new Date(Date.now() - 5 * hour),
    });
    await ingest(
      Buffer.concat([
        Buffer.from(`Received: from mx.carrier.example by mx.google.com; ${received.toUTCString()}\r\n`),
        raw,
      ]),
      'imap',
    );
    const [answered] = await db()
      .select({ respondeuEm: cotacaoDestinatarios.respondeuEm })
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.id, s.recipients[0]!.id));
    expect(answered!.respondeuEm!.toISOString()).toBe(received.toISOString());
  });

  it('a bounce marks the recipient as failed, with the reason, on the detail screen', async () => {
    const s = await quoteScenario(ctx);
    const dsn = deliveryFailureReport({
      replyTo: s.replyTo(2),
      messageId: s.recipients[2]!.messageId!,
      email: s.carriers[2]!.email,
    });
    const result = await ingest(dsn);
    expect(result.outcome).toBe('devolucao');
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    const failed = detail
      .json()
      .destinatarios.find((d: { transportadorId: string }) => d.transportadorId === s.carriers[2]!.id);
    expect(failed.estadoEnvio).toBe('falhou');
    expect(failed.falhaEntrega).toContain('5.1.1');
    expect((await quoteRow(s.quote.id)).respostasRecebidas).toBe(0);
  });

  it('a reply to a cancelled quote is kept and marked, not counted', async () => {
    const s = await quoteScenario(ctx);
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'CANCELADA' },
    });
    expect(cancel.statusCode).toBe(200);
    const result = await ingest(await carrierReply({ from: s.carriers[0]!.email, to: s.replyTo(0) }));
    expect(result.outcome).toBe('tardia');
    expect(await responsesOf(s.quote.id)).toHaveLength(0);
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.inboundId));
    expect(row!.motivo).toMatch(/finalizada/);
  });

  it('an unmatched message belongs to the one company whose carrier sent it, else to nobody', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Única', email: 'comercial@unica-agente.com.br' }],
    });
    const known = await ingest(
      await carrierReply({
        from: 'comercial@unica-agente.com.br',
        to: 'contato@importadora.com.br',
        subject: 'Tabela nova',
      }),
    );
    expect(known.outcome).toBe('nao_identificada');
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, known.inboundId));
    expect(row!.empresaId).toBe(s.empresaId);
    const unknown = await ingest(
      await carrierReply({
        from: 'spam@qualquer.example',
        to: 'contato@importadora.com.br',
        subject: 'Oferta',
      }),
    );
    const [other] = await db()
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.id, unknown.inboundId));
    expect(other!.empresaId).toBeNull();
  });

  it('malformed messages are kept raw with the reason, oversized ones read without their largest part; the pipeline does not throw', async () => {
    const broken = Buffer.from(
      'From: x@y\r\nContent-Type: multipart/mixed; boundary="\r\n\r\n--\u0000\u0001garbage',
    );
    const result = await ingest(broken);
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, result.inboundId));
    expect(row!.tamanho).toBe(broken.length);
    expect(['nao_identificada', 'invalida']).toContain(row!.outcome);

    const s = await quoteScenario(ctx);
    const big = await carrierReply({
      from: s.carriers[0]!.email,
      to: s.replyTo(0),
      attachments: [{ filename: 'tabela.bin', content: Buffer.alloc(26 * 1024 * 1024, 7) }],
    });
    const large = await ingest(big);
    expect(large.outcome).toBe('resposta');
    // Over 25 MB it is read without its 26 MB part (QA pass 37: it was read from its headers alone and
    // "grande demais"): the typical answer's text is there, the part counted as not kept.
    const version = await waitFor(async () => {
      const [found] = await responsesOf(s.quote.id);
      return found && found.extracao !== 'pendente' ? found : undefined;
    }, 60_000);
    expect(version.extracao).toBe('concluida');
    const [stored] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, large.inboundId));
    expect(stored!.raw!.length).toBe(big.length);
    expect(stored!.previa).toContain('Frete marítimo 40HC');
    expect(stored!.flags).toMatchObject({ anexosIgnorados: '1' });
  }, 180_000);

  it('keeps attachments with their type read from the bytes', async () => {
    const s = await quoteScenario(ctx);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const result = await ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        attachments: [{ filename: 'proposta.exe', content: pdf, contentType: 'application/x-msdownload' }],
      }),
    );
    const attachments = await db()
      .select()
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundMessageId, result.inboundId));
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.contentType).toBe('application/pdf');
    expect(attachments[0]!.empresaId).toBe(s.empresaId);
  });

  it('tells the requester by e-mail when their copy preference is on', async () => {
    const s = await quoteScenario(ctx, { receiveEmailCopy: true });
    await ingest(await carrierReply({ from: s.carriers[1]!.email, to: s.replyTo(1) }));
    const copies = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'resposta.copia'));
    expect(
      copies.some((mail) => mail.subject.includes(s.quote.codigo) && mail.subject.includes('Pacífico')),
    ).toBe(true);
  });
});
