import { type Comparison, type Conversation, errorMessages, type QuoteReminders } from '@cotacoes/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  carrierReply,
  quoteScenario,
  type Scenario,
  typicalAnswer,
} from '../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../test/fakes/ptax-server.js';
import { type SinkMessage, startSmtpSink } from '../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../test/helpers.js';
import {
  auditLog,
  cotacaoDestinatarios,
  cotacoes,
  mailOutbox,
  portalTokens,
  quoteReminders,
  users,
} from '../db/schema/index.js';
import type { DeadlineSummaryDeps } from '../follow-up/deadline-summary.js';
import { QUEUES } from '../jobs/queue.js';
import { FOLLOW_UP_CRON } from './deadlines.jobs.js';
import { sendDeadlineSummaries, sendDueReminders } from './follow-up.js';

/*
 * Reminders and deadline summaries (issue 35, ADR 0026) as the scheduled job sends them, with the clock
 * passed in: every virtual time is ahead of the real one, so the real every-minute run finds nothing of
 * these quotes due. Mail goes through the real outbox to a real SMTP sink. PGlite and PostgreSQL.
 */

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ptax: FakePtaxServer;
const REPLY_BASE = 'cotacoes@importadora.com.br';
const HOUR = 3_600_000;

beforeAll(async () => {
  sink = await startSmtpSink();
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({
    MAIL_REPLY_ADDRESS: REPLY_BASE,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    PTAX_API_URL: ptax.url,
  });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
  await ptax?.close();
});

const db = () => ctx.app.services.database.db;
const deps = (): DeadlineSummaryDeps => ({
  mailer: ctx.app.services.mailer,
  config: ctx.config,
  // As app.ts wires it: the comparison service of GET /comparison at the default margin.
  comparison: (tenant, cotacaoId) => ctx.app.services.comparison.forQuote(tenant, cotacaoId),
});
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

/** When the quote went to its carriers (the recipients' rows are written with it). */
async function sentAt(s: Scenario): Promise<Date> {
  const [row] = await db()
    .select({ createdAt: cotacaoDestinatarios.createdAt })
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, s.quote.id))
    .limit(1);
  // PostgreSQL keeps microseconds, a Date milliseconds: the next millisecond is at or after the row's time.
  return new Date(row!.createdAt.getTime() + 1);
}
async function setDeadline(quoteId: string, prazo: Date) {
  await db().update(cotacoes).set({ prazoResposta: prazo }).where(eq(cotacoes.id, quoteId));
}
/** A scenario whose deadline is `hours` after it was sent. */
async function scenario(hours: number, options: Parameters<typeof quoteScenario>[1] = {}) {
  const s = await quoteScenario(ctx, options);
  const t0 = await sentAt(s);
  await setDeadline(s.quote.id, new Date(t0.getTime() + hours * HOUR));
  return { s, t0, at: (h: number) => new Date(t0.getTime() + h * HOUR) };
}
async function remindersOf(quoteId: string) {
  return db()
    .select({
      destinatarioId: quoteReminders.destinatarioId,
      slot: quoteReminders.slot,
      outboxId: quoteReminders.outboxId,
    })
    .from(quoteReminders)
    .where(eq(quoteReminders.cotacaoId, quoteId));
}
const recipientOf = (s: Scenario, index: number) => s.recipients[index]!.id;
const slotsBy = (rows: { destinatarioId: string; slot: string }[], s: Scenario) =>
  s.recipients.map((r) =>
    rows
      .filter((row) => row.destinatarioId === r.id)
      .map((row) => row.slot)
      .sort(),
  );
function reminderMailTo(s: Scenario, index: number, count = 1, word = 'Lembrete'): Promise<SinkMessage[]> {
  return waitFor(() => {
    const found = sink.messages.filter(
      (m) =>
        m.to.includes(s.carriers[index]!.email) &&
        m.subject === `${word}: ${s.quote.tituloEmail}` &&
        m.text.includes(s.quote.referenciaProcesso),
    );
    return found.length >= count ? found : undefined;
  }, 15_000);
}

describe('automatic reminders', () => {
  it('skip a carrier made inactive or deleted, and go to the addresses a carrier has now (QA pass 19)', async () => {
    const { s, at } = await scenario(120);
    const newAddress = `novo-${Date.now()}@carrier0.example`;
    const patch = (index: number, payload: object) =>
      call(s.token, 'PATCH', `/api/transporters/${s.carriers[index]!.id}`, payload);
    // Carrier 0 replaced its address after the request; carrier 1 was made inactive; carrier 2 deleted.
    expect((await patch(0, { email: [newAddress] })).statusCode).toBe(200);
    expect((await patch(1, { ativo: false })).statusCode).toBe(200);
    const deleted = await call(s.token, 'DELETE', `/api/transporters/${s.carriers[2]!.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    await sendDueReminders(db(), deps(), at(48));
    expect(slotsBy(await remindersOf(s.quote.id), s)).toEqual([['after_send'], [], []]);
    const mail = await waitFor(() =>
      sink.messages.find(
        (m) => m.to.includes(newAddress) && m.subject === `Lembrete: ${s.quote.tituloEmail}`,
      ),
    );
    expect(mail.to).toEqual([newAddress]);
    expect(
      sink.messages.some(
        (m) => m.to.includes(s.carriers[0]!.email) && m.subject === `Lembrete: ${s.quote.tituloEmail}`,
      ),
    ).toBe(false);

    // 'Lembrar agora' to the inactive carrier says why, and sends nothing.
    const manual = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: s.carriers[1]!.id,
    });
    expect(manual.statusCode).toBe(422);
    expect(manual.json().message).toBe(errorMessages.REMINDER_CARRIER_INACTIVE);
    expect(await remindersOf(s.quote.id)).toHaveLength(1);
  });

  it('fire at their slot and not before, only to carriers that have not answered, in their thread', async () => {
    const { s, at } = await scenario(120);
    // Carrier 0 answers before any reminder.
    const answered = await answer(ctx, s, 0, { extracted: false });

    await sendDueReminders(db(), deps(), at(47.9));
    expect(await remindersOf(s.quote.id)).toEqual([]);

    await sendDueReminders(db(), deps(), at(48));
    expect(slotsBy(await remindersOf(s.quote.id), s)).toEqual([[], ['after_send'], ['after_send']]);
    // Again at the same time and later, before the next slot: nothing more.
    await sendDueReminders(db(), deps(), at(48));
    await sendDueReminders(db(), deps(), at(95.9));
    expect(await remindersOf(s.quote.id)).toHaveLength(2);

    await sendDueReminders(db(), deps(), at(96));
    expect(slotsBy(await remindersOf(s.quote.id), s)).toEqual([
      [],
      ['after_send', 'before_deadline'],
      ['after_send', 'before_deadline'],
    ]);
    // Each with its outbox row, queued once.
    const rows = await remindersOf(s.quote.id);
    expect(rows.every((row) => row.outboxId)).toBe(true);
    const outbox = await db()
      .select({ id: mailOutbox.id, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.outboxId!),
        ),
      );
    expect(outbox.map((row) => row.kind)).toEqual(Array(4).fill('quote.reminder'));

    // The e-mails as carrier 1 received them: in its thread, Reply-To its own reply address.
    const mails = await reminderMailTo(s, 1, 2);
    for (const mail of mails) {
      expect(mail.to).toEqual([s.carriers[1]!.email]);
      expect(mail.inReplyTo).toBe(s.recipients[1]!.messageId);
      expect(mail.references).toEqual([s.recipients[1]!.messageId]);
      expect(mail.replyTo).toBe(s.replyTo(1));
      expect(mail.text).toContain(s.quote.codigo);
      // What the request asks, in a line (QA pass 39: the code alone).
      expect(mail.text).toContain('Rota: Shanghai, CN → Santos, BR, FOB.');
      expect(mail.text).toMatch(
        /O prazo para resposta é \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário de Brasília\)/,
      );
      expect(mail.text).toContain(`${ctx.config.APP_URL}/portal/`);
      expect(mail.html).toContain('Responder pelo portal');
    }
    // The portal links are invitations of that recipient: the request's own, then one per reminder.
    const tokens = await db()
      .select({ kind: portalTokens.kind })
      .from(portalTokens)
      .where(eq(portalTokens.destinatarioId, recipientOf(s, 1)));
    expect(tokens.map((t) => t.kind)).toEqual(['invite', 'invite', 'invite']);
    // Never to the carrier that answered.
    expect(
      sink.messages.filter((m) => m.to.includes(s.carriers[0]!.email) && m.subject.startsWith('Lembrete')),
    ).toEqual([]);
    expect(answered.respostaId).toBeTruthy();

    // In the conversation, as 'lembrete' messages of each carrier.
    const conversation = await call(s.token, 'GET', `/api/emails/by-cotacao/${s.quote.id}`);
    expect(conversation.statusCode, conversation.body).toBe(200);
    const reminders = (conversation.json() as Conversation).items.filter((m) => m.tipo === 'lembrete');
    expect(reminders).toHaveLength(4);
    expect(new Set(reminders.map((m) => m.transportadorId))).toEqual(
      new Set([s.carriers[1]!.id, s.carriers[2]!.id]),
    );
    expect(
      reminders.every((m) => m.direction === 'sent' && m.subject === `Lembrete: ${s.quote.tituloEmail}`),
    ).toBe(true);
    const mailed = [...mails, ...(await reminderMailTo(s, 2, 2))].map((m) => m.messageId);
    expect(reminders.map((m) => m.messageId).sort()).toEqual(mailed.sort());

    // One audit row per batch: the activity feed shows them.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.lembrete'), eq(auditLog.entityId, s.quote.id)));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ userId: null, empresaId: s.empresaId });
    const dashboard = await call(s.token, 'GET', '/api/dashboard/atividades');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(
      (dashboard.json() as { tipo: string; descricao: string }[]).filter(
        (a) => a.tipo === 'lembrete_enviado',
      ),
    ).toEqual([
      expect.objectContaining({
        descricao: `Lembrete enviado a 2 agentes de carga na cotação ${s.quote.codigo}`,
      }),
      expect.objectContaining({
        descricao: `Lembrete enviado a 2 agentes de carga na cotação ${s.quote.codigo}`,
      }),
    ]);
  });

  it('never two within 12 hours: slots close together (a deadline 58 h ahead) send once, the panel shows one', async () => {
    // after_send at +48 h, before_deadline at 58 − 24 = +34 h: 14 h apart, both sent.
    const apart = await scenario(58);
    await sendDueReminders(db(), deps(), apart.at(34));
    await sendDueReminders(db(), deps(), apart.at(48));
    expect(slotsBy(await remindersOf(apart.s.quote.id), apart.s)[1]).toEqual([
      'after_send',
      'before_deadline',
    ]);

    // A deadline 72 h 10 min ahead: before_deadline at +48 h 10 min, ten minutes after after_send.
    const close = await scenario(72 + 1 / 6);
    const panel = (
      await call(close.s.token, 'GET', `/api/quotes/${close.s.quote.id}/lembretes`)
    ).json() as QuoteReminders;
    expect(panel.proximos.map((p) => p.slot)).toEqual(['after_send']);
    await sendDueReminders(db(), deps(), close.at(48));
    await sendDueReminders(db(), deps(), close.at(48 + 1 / 6));
    await sendDueReminders(db(), deps(), close.at(60));
    expect(slotsBy(await remindersOf(close.s.quote.id), close.s)).toEqual([
      ['after_send'],
      ['after_send'],
      ['after_send'],
    ]);
  });

  it('in reply to the carrier’s last message once it wrote, and in English for an English request', async () => {
    const { s, at } = await scenario(120, { fields: { idiomaEmail: 'en' } });
    // Carrier 2's out-of-office reply: kept in its thread, not an answer.
    const autoReplyId = `<ooo-${Date.now()}@carrier.example>`;
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[2]!.email,
        to: s.replyTo(2),
        subject: 'Automatic reply: out of office',
        text: 'I am out of the office until Monday.',
        headers: { 'Auto-Submitted': 'auto-replied' },
        inReplyTo: s.recipients[2]!.messageId,
        messageId: autoReplyId,
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('auto_resposta');
    await sendDueReminders(db(), deps(), at(48));
    const [mail] = await reminderMailTo(s, 2, 1, 'Reminder');
    expect(mail!.inReplyTo).toBe(autoReplyId);
    expect(mail!.references).toEqual([s.recipients[2]!.messageId, autoReplyId]);
    expect(mail!.subject).toBe(`Reminder: ${s.quote.tituloEmail}`);
    expect(mail!.text).toContain('We have not yet received your offer');
    expect(mail!.text).toMatch(
      /deadline for answers is \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\)/,
    );
  });

  it('nothing for quotes not waiting for answers, switched off, past the deadline, or bounced carriers; a revision asked stops none', async () => {
    const closed = await scenario(120);
    expect(
      (await call(closed.s.token, 'PATCH', `/api/quotes/${closed.s.quote.id}`, { status: 'FECHADA' }))
        .statusCode,
    ).toBe(200);
    const cancelled = await scenario(120);
    expect(
      (await call(cancelled.s.token, 'PATCH', `/api/quotes/${cancelled.s.quote.id}`, { status: 'CANCELADA' }))
        .statusCode,
    ).toBe(200);
    const approved = await scenario(120);
    const answer0 = await answer(ctx, approved.s, 0);
    const approval = await call(approved.s.token, 'POST', `/api/quotes/${approved.s.quote.id}/approve`, {
      responseId: answer0.respostaId,
    });
    expect(approval.statusCode, approval.body).toBe(200);
    const inRevision = await scenario(120);
    await answer(ctx, inRevision.s, 0);
    const revision = await call(
      inRevision.s.token,
      'POST',
      `/api/quotes/${inRevision.s.quote.id}/request-revision`,
      {
        transportadorId: inRevision.s.carriers[0]!.id,
      },
    );
    expect(revision.statusCode, revision.body).toBe(200);
    const quoteOff = await scenario(120);
    const off = await call(quoteOff.s.token, 'PATCH', `/api/quotes/${quoteOff.s.quote.id}/lembretes`, {
      ativos: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const companyOff = await scenario(120);
    const settings = await call(companyOff.s.token, 'PUT', '/api/empresas/my-company/follow-up', {
      remindersEnabled: false,
      reminderAfterSendHours: 48,
      reminderBeforeDeadlineHours: 24,
      portalEnabled: true,
      lostBidFeedbackDefault: false,
      deadlineSummaryEnabled: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // A slot past the deadline (48 h after sending, deadline at 40 h) and one too close to the request.
    const shortDeadline = await scenario(24.5);
    // Delivery to carrier 1 failed (a bounce); carriers 0 and 2 are reminded.
    const control = await scenario(120);
    await db()
      .update(cotacaoDestinatarios)
      .set({ falhaEntrega: '550 5.1.1 mailbox unknown', falhouEm: new Date() })
      .where(eq(cotacaoDestinatarios.id, recipientOf(control.s, 1)));

    // The latest of the scenarios' clocks: every slot of every quote is due by then.
    for (const h of [48, 100]) await sendDueReminders(db(), deps(), control.at(h));

    for (const { s } of [closed, cancelled, approved, quoteOff, companyOff, shortDeadline])
      expect(await remindersOf(s.quote.id), s.quote.referenciaProcesso).toEqual([]);
    // A revision asked of carrier 0: the carriers that never answered are still awaited and reminded (QA
    // pass 39: the revision stopped every reminder); the one asked to revise is not.
    expect(slotsBy(await remindersOf(inRevision.s.quote.id), inRevision.s)).toEqual([
      [],
      ['after_send', 'before_deadline'],
      ['after_send', 'before_deadline'],
    ]);
    expect(slotsBy(await remindersOf(control.s.quote.id), control.s)).toEqual([
      ['after_send', 'before_deadline'],
      [],
      ['after_send', 'before_deadline'],
    ]);

    // Switched on again, the quote's pending slots are sent at the next run (not the past ones twice).
    expect(
      (
        await call(quoteOff.s.token, 'PATCH', `/api/quotes/${quoteOff.s.quote.id}/lembretes`, {
          ativos: true,
        })
      ).statusCode,
    ).toBe(200);
    await sendDueReminders(db(), deps(), quoteOff.at(100));
    // One per carrier: the latest due slot; the earlier one is covered by it.
    expect(slotsBy(await remindersOf(quoteOff.s.quote.id), quoteOff.s)).toEqual([
      ['before_deadline'],
      ['before_deadline'],
      ['before_deadline'],
    ]);
    await sendDueReminders(db(), deps(), quoteOff.at(100));
    expect(await remindersOf(quoteOff.s.quote.id)).toHaveLength(3);
  });

  it('two runs at once, and a run after a restart, send each slot once', async () => {
    const { s, at } = await scenario(120);
    await Promise.all([
      sendDueReminders(db(), deps(), at(48)),
      sendDueReminders(db(), deps(), at(48)),
      sendDueReminders(db(), deps(), at(48.01)),
    ]);
    // A process that starts again and runs the job for the same minute.
    await sendDueReminders(db(), deps(), at(48));
    const rows = await remindersOf(s.quote.id);
    expect(slotsBy(rows, s)).toEqual([['after_send'], ['after_send'], ['after_send']]);
    const outbox = await db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.empresaId, s.empresaId), eq(mailOutbox.kind, 'quote.reminder')));
    expect(outbox).toHaveLength(3);
    for (const index of [0, 1, 2]) expect(await reminderMailTo(s, index)).toHaveLength(1);
  });

  it('runs as a scheduled pg-boss job', async () => {
    const schedules = await ctx.app.services.jobs.boss.getSchedules();
    expect(schedules.find((item) => item.name === QUEUES.quoteFollowUp)).toMatchObject({
      cron: FOLLOW_UP_CRON,
    });
    // A quote whose first slot is already due in real time.
    const { s } = await scenario(120);
    await db()
      .update(cotacaoDestinatarios)
      .set({ createdAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(cotacaoDestinatarios.cotacaoId, s.quote.id));
    await ctx.app.services.jobs.send(QUEUES.quoteFollowUp, {});
    await waitFor(async () => ((await remindersOf(s.quote.id)).length === 3 ? true : undefined), 15_000);
  });
});

describe('deadline summary', () => {
  /** Carrier 1: cheaper (USD 2.500,00 per 40HC) but slower (40 days) than carrier 0 (2.950,00, 32 days). */
  const SLOWER_CHEAPER = typicalAnswer({ frete40: 2500 }).replace(
    'Transit time: 32 dias',
    'Transit time: 40 dias',
  );

  it('mails the requester once: answers, the comparison’s cheapest total and shortest transit, the rate, the link', async () => {
    const { s, at } = await scenario(2);
    await answer(ctx, s, 0, { text: `${typicalAnswer({ frete40: 2950 })}\nPorto de destino: Santos` });
    await answer(ctx, s, 1, { text: SLOWER_CHEAPER });
    // A revision asked of carrier 0 and not answered by the deadline: the summary says so (QA pass 39).
    const revision = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/request-revision`, {
      transportadorId: s.carriers[0]!.id,
    });
    expect(revision.statusCode, revision.body).toBe(200);
    const [requester] = await db().select().from(users).where(eq(users.id, s.userId));

    await sendDeadlineSummaries(db(), deps(), at(1.99));
    expect(
      (await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id)))[0]!.deadlineSummarySentAt,
    ).toBeNull();

    await Promise.all([
      sendDeadlineSummaries(db(), deps(), at(2)),
      sendDeadlineSummaries(db(), deps(), at(2)),
    ]);
    await sendDeadlineSummaries(db(), deps(), at(3));
    const queued = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.empresaId, s.empresaId), eq(mailOutbox.kind, 'quote.deadline_summary')));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.toAddresses).toEqual([requester!.email]);

    const mail = await waitFor(
      () => sink.messages.find((m) => m.to.includes(requester!.email) && m.subject.includes(s.quote.codigo)),
      15_000,
    );
    expect(mail.subject).toBe(`Prazo encerrado: cotação ${s.quote.codigo} (2 de 3 responderam)`);
    // By hand (PTAX 5,1177 + 2,5 % = 5,2456; 2 × 40HC + BL USD 75; THC 2 × R$ 1.450,00):
    // carrier 1: USD 5.075,00 × 5,2456 + R$ 2.900,00 = R$ 29.521,42; R$ 2.900,00 / 5,2456 + 5.075 = US$ 5.627,84.
    expect(mail.text).toContain('2 de 3 agentes de carga responderam.');
    // Who was not heard from, by name, and the revision still due (QA pass 39: neither was said).
    expect(mail.text).toContain(`Sem resposta: ${s.carriers[2]!.nome}.`);
    expect(mail.text).toContain(
      `Revisão pedida e ainda não respondida: ${s.carriers[0]!.nome}. O menor custo abaixo pode mudar.`,
    );
    expect(mail.text).toContain(`Menor custo total: R$ 29.521,42 (US$ 5.627,84) — ${s.carriers[1]!.nome}`);
    // The fastest answer names its port: the line says it, as the cheapest line does (QA pass 21).
    expect(mail.text).toContain(`Menor transit time: 32 dias — ${s.carriers[0]!.nome}, destino Santos`);
    expect(mail.text).toMatch(
      /Câmbio usado: USD 1 = R\$ 5,2456 \(PTAX 5,1177 de \d{2}\/\d{2}\/\d{4} \+ margem de 2,5%\)/,
    );
    expect(mail.text).toContain(`${ctx.config.APP_URL}/quotes/${s.quote.id}?aba=comparacao`);

    // The same figures GET comparison answers.
    const comparison = (
      await call(s.token, 'GET', `/api/quotes/${s.quote.id}/comparison`)
    ).json() as Comparison;
    const cheapest = comparison.linhas.find((row) => row.destaque.menorCusto)!;
    expect([cheapest.transportador.nome, cheapest.custoTotalBRL, cheapest.custoTotalUSD]).toEqual([
      s.carriers[1]!.nome,
      29521.42,
      5627.84,
    ]);
    const fastest = comparison.linhas.find((row) => row.destaque.menorPrazo)!;
    expect([fastest.transportador.nome, fastest.prazo.valor]).toEqual([s.carriers[0]!.nome, 32]);
    expect(comparison.taxa.taxa).toBe(5.2456);
  });

  it('says nobody answered (0 de N) and still mails; nothing when the company switched it off', async () => {
    const silent = await scenario(3);
    const off = await scenario(3);
    const [offRequester] = await db().select().from(users).where(eq(users.id, off.s.userId));
    const saved = await call(off.s.token, 'PUT', '/api/empresas/my-company/follow-up', {
      remindersEnabled: true,
      reminderAfterSendHours: 48,
      reminderBeforeDeadlineHours: 24,
      portalEnabled: true,
      lostBidFeedbackDefault: false,
      deadlineSummaryEnabled: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sendDeadlineSummaries(db(), deps(), off.at(3.5));

    const [requester] = await db().select().from(users).where(eq(users.id, silent.s.userId));
    const mail = await waitFor(
      () =>
        sink.messages.find(
          (m) => m.to.includes(requester!.email) && m.subject.includes(silent.s.quote.codigo),
        ),
      15_000,
    );
    expect(mail.subject).toBe(`Prazo encerrado: cotação ${silent.s.quote.codigo} (0 de 3 responderam)`);
    expect(mail.text).toContain('Nenhum agente de carga respondeu até o prazo (0 de 3 responderam).');
    expect(mail.text).not.toContain('Menor custo');

    // Switched off: stamped (so switching it on later does not mail past deadlines), nothing queued.
    const [row] = await db().select().from(cotacoes).where(eq(cotacoes.id, off.s.quote.id));
    expect(row!.deadlineSummarySentAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.empresaId, off.s.empresaId), like(mailOutbox.kind, 'quote.deadline%'))),
    ).toEqual([]);
    expect(sink.messages.filter((m) => m.to.includes(offRequester!.email))).toEqual([]);
  });
});
