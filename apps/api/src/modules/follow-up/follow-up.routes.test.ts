import {
  errorMessages,
  type FollowUpSettings,
  fieldMessages,
  formatMessage,
  MANUAL_REMINDER_MIN_SPACING_MINUTES,
  type QuoteReminders,
} from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  carrierReply,
  quoteScenario,
  signedInUser,
  typicalAnswer,
} from '../../../test/factories/index.js';
import { type SinkMessage, startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import {
  auditLog,
  cotacaoDestinatarios,
  cotacoes,
  followUpSettings,
  mailOutbox,
  quoteReminders,
} from '../../db/schema/index.js';
import { applyDeadlines } from '../../deadlines/deadlines.js';
import { quotesToSummarise } from '../../follow-up/deadline-summary.js';

/*
 * Follow-up over HTTP (issue 35): the company's settings (roles, validation that changes nothing, audit)
 * and a quote's 'Lembretes' (switch, next and sent reminders, 'Lembrar agora' through the real outbox).
 */

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
  });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

const db = () => ctx.app.services.database.db;
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
const SETTINGS = '/api/empresas/my-company/follow-up';
const valid: FollowUpSettings = {
  remindersEnabled: true,
  reminderAfterSendHours: 72,
  reminderBeforeDeadlineHours: null,
  portalEnabled: false,
  lostBidFeedbackDefault: true,
  deadlineSummaryEnabled: false,
};
let people = 0;
const personIn = (empresaId: string, role: 'analista' | 'usuario' | 'supervisor') =>
  signedInUser(ctx.app, {
    name: `Pessoa ${role}`,
    email: `pessoa-${role}-${Date.now()}-${++people}@importadora.com.br`,
    role,
    empresaId,
  });

describe('GET/PUT /api/empresas/my-company/follow-up', () => {
  it('starts with the defaults; a supervisor saves, any member reads; audited', async () => {
    const s = await quoteScenario(ctx);
    const analyst = await personIn(s.empresaId, 'analista');
    const first = await call(analyst.token, 'GET', SETTINGS);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      remindersEnabled: true,
      reminderAfterSendHours: 48,
      reminderBeforeDeadlineHours: 24,
      portalEnabled: true,
      lostBidFeedbackDefault: false,
      deadlineSummaryEnabled: true,
    });

    const saved = await call(s.token, 'PUT', SETTINGS, valid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(valid);
    expect((await call(analyst.token, 'GET', SETTINGS)).json()).toEqual(valid);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'empresa.follow_up'), eq(auditLog.empresaId, s.empresaId)));
    expect(audit).toMatchObject({ userId: s.userId, entityId: s.empresaId });
    expect(audit!.details).toMatchObject({ depois: valid });

    // Another company still has the defaults.
    const other = await quoteScenario(ctx);
    expect((await call(other.token, 'GET', SETTINGS)).json()).toMatchObject({ reminderAfterSendHours: 48 });
  });

  it('an analyst or a usuario may not change them (403), and nothing changes', async () => {
    const s = await quoteScenario(ctx);
    for (const role of ['analista', 'usuario'] as const) {
      const person = await personIn(s.empresaId, role);
      const response = await call(person.token, 'PUT', SETTINGS, valid);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toBe(errorMessages.FORBIDDEN);
    }
    expect(
      await db().select().from(followUpSettings).where(eq(followUpSettings.empresaId, s.empresaId)),
    ).toEqual([]);
  });

  it('bad values answer 400 with the field’s pt-BR message and change nothing', async () => {
    const s = await quoteScenario(ctx);
    expect((await call(s.token, 'PUT', SETTINGS, valid)).statusCode).toBe(200);
    const hours = formatMessage(fieldMessages.reminderHoursInvalid, { min: 1, max: 720 });
    const cases: [object, string, string][] = [
      [{ ...valid, reminderAfterSendHours: 0 }, 'reminderAfterSendHours', hours],
      [{ ...valid, reminderAfterSendHours: 721 }, 'reminderAfterSendHours', hours],
      [{ ...valid, reminderBeforeDeadlineHours: 1.5 }, 'reminderBeforeDeadlineHours', hours],
      [{ ...valid, reminderBeforeDeadlineHours: '24' }, 'reminderBeforeDeadlineHours', hours],
      [{ ...valid, portalEnabled: 'sim' }, 'portalEnabled', fieldMessages.followUpFlagInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(s.token, 'PUT', SETTINGS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const problem = response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors).toContainEqual(expect.objectContaining({ path: field, message }));
    }
    // A missing field and an unknown one.
    const { deadlineSummaryEnabled: _missing, ...partial } = valid;
    expect((await call(s.token, 'PUT', SETTINGS, partial)).statusCode).toBe(400);
    expect((await call(s.token, 'PUT', SETTINGS, { ...valid, extra: 1 })).statusCode).toBe(400);
    expect((await call(s.token, 'GET', SETTINGS)).json()).toEqual(valid);
  });
});

describe('/api/quotes/{id}/lembretes', () => {
  function reminderMail(email: string, codigo: string): Promise<SinkMessage> {
    return waitFor(
      () =>
        sink.messages.find(
          (m) => m.to.includes(email) && m.subject.startsWith('Lembrete:') && m.text.includes(codigo),
        ),
      15_000,
    );
  }

  it('lists the next slots; the switch turns them off; audited', async () => {
    const s = await quoteScenario(ctx);
    const body = (await call(s.token, 'GET', `/api/quotes/${s.quote.id}/lembretes`)).json() as QuoteReminders;
    expect(body).toMatchObject({ ativos: true, empresaAtivos: true, enviados: [] });
    // The sample's deadline is 7 days after sending: 48 h after, then 24 h before it.
    expect(body.proximos.map((p) => [p.slot, p.destinatarios])).toEqual([
      ['after_send', 3],
      ['before_deadline', 3],
    ]);
    const [row] = await db()
      .select({ createdAt: cotacaoDestinatarios.createdAt, prazo: cotacoes.prazoResposta })
      .from(cotacaoDestinatarios)
      .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
      .where(eq(cotacaoDestinatarios.cotacaoId, s.quote.id))
      .limit(1);
    expect(Date.parse(body.proximos[0]!.dueAt)).toBe(Math.floor(row!.createdAt.getTime() + 48 * 3_600_000));
    expect(Date.parse(body.proximos[1]!.dueAt)).toBe(row!.prazo.getTime() - 24 * 3_600_000);
    expect(body.pendentes.map((p) => p.transportadorId)).toEqual(
      [...s.carriers].sort((a, b) => a.nome.localeCompare(b.nome)).map((c) => c.id),
    );

    const off = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}/lembretes`, { ativos: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ ativos: false, proximos: [] });
    const [quote] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(quote!.remindersEnabled).toBe(false);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'cotacao.lembretes_automaticos'), eq(auditLog.entityId, s.quote.id))),
    ).toHaveLength(1);
    const bad = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}/lembretes`, { ativos: 'nao' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({ path: 'ativos', message: fieldMessages.followUpFlagInvalid }),
    );
  });

  it('‘Lembrar agora’ reminds every carrier that has not answered, or one; refuses with a clear reason', async () => {
    const s = await quoteScenario(ctx);
    await answer(ctx, s, 0, { extracted: false });
    const analyst = await personIn(s.empresaId, 'analista');

    const all = await call(analyst.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ enviados: 2, message: '2 lembrete(s) enviado(s).' });
    const mail = await reminderMail(s.carriers[1]!.email, s.quote.codigo);
    expect(mail.inReplyTo).toBe(s.recipients[1]!.messageId);
    expect(mail.replyTo).toBe(s.replyTo(1));
    expect(mail.text).toContain('Pessoa analista');

    // The same carrier a moment later (a double click, a colleague): not again, and says when it may.
    const one = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: s.carriers[2]!.id,
    });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(
      formatMessage(errorMessages.REMINDER_TOO_SOON, {
        minutos: 1,
        espera: MANUAL_REMINDER_MIN_SPACING_MINUTES,
      }),
    );
    const allAgain = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {});
    expect(allAgain.statusCode).toBe(409);
    expect(allAgain.json().message).toBe(
      formatMessage(errorMessages.REMINDER_ALL_TOO_SOON, { espera: MANUAL_REMINDER_MIN_SPACING_MINUTES }),
    );

    // Ten minutes later (the reminders' clock moved back instead): one carrier, then 'every carrier' leaves
    // out the one just reminded.
    await db()
      .update(quoteReminders)
      .set({ sentAt: new Date(Date.now() - (MANUAL_REMINDER_MIN_SPACING_MINUTES + 1) * 60_000) })
      .where(eq(quoteReminders.cotacaoId, s.quote.id));
    const later = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: s.carriers[2]!.id,
    });
    expect(later.json()).toEqual({ enviados: 1, message: '1 lembrete(s) enviado(s).' });
    const rest = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {});
    expect(rest.json()).toEqual({ enviados: 1, message: '1 lembrete(s) enviado(s).' });

    const listed = (
      await call(s.token, 'GET', `/api/quotes/${s.quote.id}/lembretes`)
    ).json() as QuoteReminders;
    expect(listed.enviados).toHaveLength(4);
    expect(listed.enviados.every((e) => e.manual && e.slot.startsWith('manual:'))).toBe(true);
    expect(listed.enviados.map((e) => e.enviadoPor).sort()).toEqual(
      ['Pessoa analista', 'Pessoa analista', expect.any(String), expect.any(String)].sort(),
    );

    // The carrier that answered: 409 with the reason; a carrier not on the quote: 404.
    const answered = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: s.carriers[0]!.id,
    });
    expect(answered.statusCode).toBe(409);
    expect(answered.json().message).toBe(errorMessages.REMINDER_CARRIER_ANSWERED);
    const stranger = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(stranger.statusCode).toBe(404);
    const invalid = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {
      transportadorId: 'x',
    });
    expect(invalid.statusCode).toBe(400);

    // Everyone answered: 422, nothing sent.
    await answer(ctx, s, 1, { extracted: false });
    await answer(ctx, s, 2, { extracted: false });
    const before = await db().select().from(quoteReminders).where(eq(quoteReminders.cotacaoId, s.quote.id));
    // Every carrier answered: the quote waits for approval, no longer for answers.
    const nobody = await call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {});
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(
      formatMessage(errorMessages.REMINDER_QUOTE_NOT_OPEN, { status: 'Aguardando Aprovação' }),
    );
    expect(
      await db().select().from(quoteReminders).where(eq(quoteReminders.cotacaoId, s.quote.id)),
    ).toHaveLength(before.length);
  });

  it('two ‘Lembrar agora’ at the same instant e-mail each carrier once (QA pass 19)', async () => {
    const s = await quoteScenario(ctx);
    const [a, b] = await Promise.all([
      call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {}),
      call(s.token, 'POST', `/api/quotes/${s.quote.id}/lembretes/enviar`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 200)!.json().enviados).toBe(3);
    const rows = await db().select().from(quoteReminders).where(eq(quoteReminders.cotacaoId, s.quote.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.destinatarioId)).size).toBe(3);
  });

  it('refuses a closed quote (409) and a quote whose pending carriers all bounced (422)', async () => {
    const closed = await quoteScenario(ctx);
    expect(
      (await call(closed.token, 'PATCH', `/api/quotes/${closed.quote.id}`, { status: 'FECHADA' })).statusCode,
    ).toBe(200);
    const refused = await call(closed.token, 'POST', `/api/quotes/${closed.quote.id}/lembretes/enviar`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      formatMessage(errorMessages.REMINDER_QUOTE_NOT_OPEN, { status: 'Fechada' }),
    );

    // Still waiting for answers, but past its deadline: told so, with the way out.
    const late = await quoteScenario(ctx);
    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 60_000) })
      .where(eq(cotacoes.id, late.quote.id));
    const afterDeadline = await call(late.token, 'POST', `/api/quotes/${late.quote.id}/lembretes/enviar`, {});
    expect(afterDeadline.statusCode).toBe(409);
    expect(afterDeadline.json().message).toBe(errorMessages.REMINDER_DEADLINE_PASSED);

    const bounced = await quoteScenario(ctx);
    await answer(ctx, bounced, 0, { extracted: false });
    await db()
      .update(cotacaoDestinatarios)
      .set({ falhaEntrega: '550 mailbox unknown', falhouEm: new Date() })
      .where(eq(cotacaoDestinatarios.cotacaoId, bounced.quote.id));
    const none = await call(bounced.token, 'POST', `/api/quotes/${bounced.quote.id}/lembretes/enviar`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(errorMessages.REMINDER_NOBODY_PENDING);
    const one = await call(bounced.token, 'POST', `/api/quotes/${bounced.quote.id}/lembretes/enviar`, {
      transportadorId: bounced.carriers[1]!.id,
    });
    expect(one.statusCode).toBe(422);
    expect(one.json().message).toBe(errorMessages.REMINDER_CARRIER_FAILED);
  });
});

describe("PATCH /api/quotes/{id} with a new deadline ('prorrogar')", () => {
  // Codes repeat across the tests' companies: a scenario's mail is told by its reply addresses.
  const prorrogados = (s: Awaited<ReturnType<typeof quoteScenario>>) =>
    sink.messages.filter(
      (m) =>
        m.subject.startsWith('Prazo prorrogado:') && s.recipients.some((_, i) => m.replyTo === s.replyTo(i)),
    );

  it('a quote moved to approval by its passed deadline waits for answers again; the carriers still silent are told; the summary comes again', async () => {
    const s = await quoteScenario(ctx);
    await answer(ctx, s, 0, { extracted: false });
    const analyst = await personIn(s.empresaId, 'analista');
    // The deadline passes with one answer of three: the job moves the quote on and summarises it.
    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 3_600_000), deadlineSummarySentAt: new Date() })
      .where(eq(cotacoes.id, s.quote.id));
    await applyDeadlines(db());
    const [moved] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(moved!.status).toBe('AGUARDANDO_APROVACAO');

    // Extended by three days, telling the carriers.
    const prazo = new Date(Date.now() + 3 * 24 * 3_600_000);
    prazo.setUTCSeconds(0, 0);
    const response = await call(analyst.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      prazoResposta: prazo.toISOString(),
      avisarTransportadores: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'AGUARDANDO_RESPOSTA',
      prazoResposta: prazo.toISOString(),
      avisados: 2,
    });
    const [row] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(row).toMatchObject({ status: 'AGUARDANDO_RESPOSTA', deadlineSummarySentAt: null });

    // One e-mail to each carrier that has not answered, in its thread, with the new deadline in Brasília time.
    const mails = await waitFor(() => {
      const found = prorrogados(s);
      return found.length === 2 ? found : undefined;
    }, 15_000);
    const brasilia = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    })
      .format(prazo)
      .replace(',', '');
    for (const index of [1, 2]) {
      const mail = mails.find((m) => m.to.includes(s.carriers[index]!.email));
      expect(mail, s.carriers[index]!.email).toBeDefined();
      expect(mail!.subject).toBe(`Prazo prorrogado: ${s.quote.tituloEmail}`);
      expect(mail!.text).toContain(`O prazo de resposta da cotação ${s.quote.codigo}`);
      expect(mail!.text).toContain(`O novo prazo para resposta é ${brasilia} (horário de Brasília).`);
      expect(mail!.text).toContain('Pessoa analista');
      expect(mail!.inReplyTo).toBe(s.recipients[index]!.messageId);
      expect(mail!.replyTo).toBe(s.replyTo(index));
    }
    expect(mails.some((m) => m.to.includes(s.carriers[0]!.email))).toBe(false);

    // The 'Lembretes' panel: the two notices sent by the analyst, and automatic reminders scheduled again.
    const reminders = (
      await call(s.token, 'GET', `/api/quotes/${s.quote.id}/lembretes`)
    ).json() as QuoteReminders;
    expect(reminders.enviados.map((e) => [e.manual, e.enviadoPor])).toEqual([
      [true, 'Pessoa analista'],
      [true, 'Pessoa analista'],
    ]);
    expect(reminders.proximos.length).toBeGreaterThan(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.update'), eq(auditLog.entityId, s.quote.id)));
    expect(audit!.details).toMatchObject({
      de: 'AGUARDANDO_APROVACAO',
      para: 'AGUARDANDO_RESPOSTA',
      avisados: expect.arrayContaining([s.carriers[1]!.id, s.carriers[2]!.id]),
    });

    // The new deadline passes: the quote moves on again, and is due its summary again.
    await applyDeadlines(db(), new Date(prazo.getTime() + 60_000));
    const [again] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(again!.status).toBe('AGUARDANDO_APROVACAO');
    expect(
      (await quotesToSummarise(db(), new Date(prazo.getTime() + 60_000), 1000)).map((q) => q.cotacaoId),
    ).toContain(s.quote.id);
  });

  it('without avisarTransportadores nobody is told; every carrier answered keeps it in approval; avisar alone is refused', async () => {
    const s = await quoteScenario(ctx);
    for (const index of [0, 1, 2]) await answer(ctx, s, index, { extracted: false });
    const prazo = new Date(Date.now() + 5 * 24 * 3_600_000).toISOString();
    const quiet = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, { prazoResposta: prazo });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json().status).toBe('AGUARDANDO_APROVACAO');
    expect(quiet.json()).not.toHaveProperty('avisados');

    const later = new Date(Date.now() + 6 * 24 * 3_600_000).toISOString();
    const told = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      prazoResposta: later,
      avisarTransportadores: true,
    });
    expect(told.json()).toMatchObject({ status: 'AGUARDANDO_APROVACAO', avisados: 0 });

    // A shorter deadline is no "Prazo prorrogado": refused, nothing changed (QA pass 5).
    const sooner = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      prazoResposta: prazo,
      avisarTransportadores: true,
    });
    expect(sooner.statusCode).toBe(400);
    expect(sooner.json().message).toBe(errorMessages.QUOTE_NOTICE_NOT_EXTENDED);
    const [kept] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(kept!.prazoResposta.toISOString()).toBe(later);

    // Telling needs a new deadline or an ending (ADR 0026 addendum 2026-12-06), one of the two.
    for (const body of [
      { avisarTransportadores: true },
      { avisarTransportadores: true, status: 'FECHADA', prazoResposta: later },
    ]) {
      const refused = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors).toContainEqual(
        expect.objectContaining({
          path: 'avisarTransportadores',
          message: fieldMessages.noticeNeedsChange,
        }),
      );
    }
    const [row] = await db().select().from(cotacoes).where(eq(cotacoes.id, s.quote.id));
    expect(row!.status).toBe('AGUARDANDO_APROVACAO');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prorrogados(s)).toEqual([]);
  });
});

describe('PATCH /api/quotes/{id} cancelling or closing with avisarTransportadores (ADR 0026 addendum 2026-12-06)', () => {
  type Scenario = Awaited<ReturnType<typeof quoteScenario>>;
  // Codes repeat across the tests' companies: a scenario's mail is told by its reply addresses.
  const endedMail = (s: Scenario, prefix: string) =>
    sink.messages.filter(
      (m) => m.subject.startsWith(prefix) && s.recipients.some((_, i) => m.replyTo === s.replyTo(i)),
    );
  const waitForMail = (s: Scenario, prefix: string, count: number) =>
    waitFor(() => {
      const found = endedMail(s, prefix);
      return found.length === count ? found : undefined;
    }, 15_000);
  const conversationOf = async (s: Scenario) =>
    (await call(s.token, 'GET', `/api/emails/by-cotacao/${s.quote.id}`)).json().items as {
      direction: string;
      tipo: string;
      transportadorId: string | null;
      subject: string;
    }[];
  const bounce = (s: Scenario, index: number) =>
    db()
      .update(cotacaoDestinatarios)
      .set({ falhaEntrega: '550 5.1.1 mailbox unknown', falhouEm: new Date() })
      .where(
        and(
          eq(cotacaoDestinatarios.cotacaoId, s.quote.id),
          eq(cotacaoDestinatarios.transportadorId, s.carriers[index]!.id),
        ),
      );

  it('cancelling tells every carrier reached, answered or not, once in its own thread; a bounced one is skipped; recorded and audited', async () => {
    const s = await quoteScenario(ctx);
    const answered = await answer(ctx, s, 0, { extracted: false });
    await bounce(s, 2);
    const analyst = await personIn(s.empresaId, 'analista');
    // The finding: the deadline had been extended and the silent carriers told so.
    const prazo = new Date(Date.now() + 10 * 24 * 3_600_000);
    prazo.setUTCSeconds(0, 0);
    const extended = await call(analyst.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      prazoResposta: prazo.toISOString(),
      avisarTransportadores: true,
    });
    expect(extended.json()).toMatchObject({ avisados: 1 });

    const response = await call(analyst.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      status: 'CANCELADA',
      avisarTransportadores: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'CANCELADA', avisados: 2 });

    const mails = await waitForMail(s, 'Cotação cancelada:', 2);
    const threads = [
      { index: 0, inReplyTo: answered.messageId },
      { index: 1, inReplyTo: s.recipients[1]!.messageId },
    ];
    for (const { index, inReplyTo } of threads) {
      const mine = mails.filter((m) => m.to.includes(s.carriers[index]!.email));
      expect(mine, s.carriers[index]!.email).toHaveLength(1);
      const mail = mine[0]!;
      // The request's subject already starts with 'Cotação': it is not said twice (QA).
      expect(s.quote.tituloEmail.startsWith(`Cotação ${s.quote.codigo} - `)).toBe(true);
      expect(mail.subject).toBe(`Cotação cancelada: ${s.quote.tituloEmail.slice('Cotação '.length)}`);
      expect(mail.subject).not.toMatch(/Cotação cancelada: Cotação/);
      expect(mail.text).toContain(
        `A cotação ${s.quote.codigo} (processo ${s.quote.referenciaProcesso}) foi cancelada pela empresa.`,
      );
      expect(mail.text).toContain('Não é necessário enviar nem atualizar propostas para esta cotação.');
      expect(mail.text).toContain('Pessoa analista');
      expect(mail.inReplyTo).toBe(inReplyTo);
      expect(mail.references).toContain(s.recipients[index]!.messageId);
      expect(mail.replyTo).toBe(s.replyTo(index));
    }
    // The bounced carrier is not written to; nobody gets a second one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endedMail(s, 'Cotação cancelada:')).toHaveLength(2);
    expect(endedMail(s, 'Cotação cancelada:').some((m) => m.to.includes(s.carriers[2]!.email))).toBe(false);

    // In the quote's conversation, each in its carrier's thread.
    const notices = (await conversationOf(s)).filter((item) => item.tipo === 'cancelamento');
    expect(notices.map((item) => [item.direction, item.transportadorId]).sort()).toEqual(
      [
        ['sent', s.carriers[0]!.id],
        ['sent', s.carriers[1]!.id],
      ].sort(),
    );
    // The cancellation's own audit action (the detail and the dashboard read it).
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.cancelamento'), eq(auditLog.entityId, s.quote.id)));
    const audit = audits.find((row) => (row.details as { status?: string }).status === 'CANCELADA');
    expect(audit).toMatchObject({ userId: analyst.userId });
    expect((audit!.details as { avisados: string[] }).avisados.sort()).toEqual(
      [s.carriers[0]!.id, s.carriers[1]!.id].sort(),
    );

    // A proposal that arrives afterwards is still kept as late, not counted.
    const late = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[1]!.email,
        to: s.replyTo(1),
        subject: `RE: ${s.quote.tituloEmail}`,
        text: typicalAnswer(),
        inReplyTo: s.recipients[1]!.messageId,
        messageId: `<late-${Date.now()}@carrier.example>`,
      }),
      { source: 'imap' },
    );
    expect(late.outcome).toBe('tardia');
    // Its card says it answered after the cancellation and links the message (QA pass 39: "Sem resposta").
    const entries = (await call(s.token, 'GET', `/api/quotes/${s.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      respondeuEm: string | null;
      respostaTardia?: { mensagemId: string; recebidaEm: string } | null;
    }[];
    const lateEntry = entries.find((entry) => entry.transportadorId === s.carriers[1]!.id)!;
    expect(lateEntry.respondeuEm).toBeNull();
    expect(lateEntry.respostaTardia).toEqual({
      mensagemId: expect.any(String),
      recebidaEm: expect.any(String),
    });
    const conversation = (await call(s.token, 'GET', `/api/emails/by-cotacao/${s.quote.id}`)).json()
      .items as {
      id: string;
      tipo: string;
    }[];
    expect(conversation.find((message) => message.id === lateEntry.respostaTardia!.mensagemId)?.tipo).toBe(
      'tardia',
    );
    expect(entries.find((entry) => entry.transportadorId === s.carriers[0]!.id)?.respostaTardia).toBeNull();
  });

  it('without avisarTransportadores nobody is told; with it, only that quote’s carriers', async () => {
    const quiet = await quoteScenario(ctx);
    await answer(ctx, quiet, 0, { extracted: false });
    // Another quote of the same company, to the same carriers, cancelled with the notice.
    const told = await quoteScenario(ctx, { in: quiet });
    const response = await call(quiet.token, 'PATCH', `/api/quotes/${quiet.quote.id}`, {
      status: 'CANCELADA',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('CANCELADA');
    expect(response.json()).not.toHaveProperty('avisados');
    const other = await call(told.token, 'PATCH', `/api/quotes/${told.quote.id}`, {
      status: 'CANCELADA',
      avisarTransportadores: true,
    });
    expect(other.json()).toMatchObject({ status: 'CANCELADA', avisados: 3 });

    await waitForMail(told, 'Cotação cancelada:', 3);
    const queued = await db()
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.empresaId, quiet.empresaId), eq(mailOutbox.kind, 'quote.cancelled')));
    expect(queued).toHaveLength(3);
    expect((await conversationOf(quiet)).some((item) => item.tipo === 'cancelamento')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endedMail(quiet, 'Cotação cancelada:')).toEqual([]);
  });

  it('an English quote is cancelled in English', async () => {
    const s = await quoteScenario(ctx, { quote: { idiomaEmail: 'en' } });
    const response = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      status: 'CANCELADA',
      avisarTransportadores: true,
    });
    expect(response.json()).toMatchObject({ status: 'CANCELADA', avisados: 3 });
    const mails = await waitForMail(s, 'Request cancelled:', 3);
    for (const [index] of s.carriers.entries()) {
      const mail = mails.find((m) => m.to.includes(s.carriers[index]!.email))!;
      expect(mail.subject).toBe(`Request cancelled: ${s.quote.tituloEmail}`);
      expect(mail.text).toContain(
        `Quotation ${s.quote.codigo} (process ${s.quote.referenciaProcesso}) has been cancelled by the company.`,
      );
      expect(mail.text).toContain('No offer or update is needed for this quotation.');
      expect(mail.text).not.toContain('Cotação');
      expect(mail.inReplyTo).toBe(s.recipients[index]!.messageId);
      expect(mail.replyTo).toBe(s.replyTo(index));
    }
  });

  it('closing a quote still waiting for answers tells the carriers it was closed', async () => {
    const s = await quoteScenario(ctx);
    await bounce(s, 0);
    const response = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      status: 'FECHADA',
      avisarTransportadores: true,
    });
    expect(response.json()).toMatchObject({ status: 'FECHADA', avisados: 2 });
    const mails = await waitForMail(s, 'Cotação encerrada:', 2);
    expect(mails.map((m) => m.replyTo).sort()).toEqual([s.replyTo(1), s.replyTo(2)].sort());
    expect(mails[0]!.text).toContain(
      `A cotação ${s.quote.codigo} (processo ${s.quote.referenciaProcesso}) foi encerrada pela empresa.`,
    );
    expect(mails[0]!.subject).toBe(`Cotação encerrada: ${s.quote.tituloEmail.slice('Cotação '.length)}`);
    expect((await conversationOf(s)).filter((item) => item.tipo === 'encerramento')).toHaveLength(2);
  });
});

// Last in the file: it spends this app's per-IP PATCH quota for the minute.
describe('PATCH /api/quotes/{id}: the limit of telling the carriers', () => {
  it('telling the carriers has the limit of sending a quote (30/min); other edits do not count against it', async () => {
    const s = await quoteScenario(ctx);
    const prazo = new Date(Date.now() + 6 * 24 * 3_600_000).toISOString();
    for (let i = 0; i < 31; i++) {
      const edit = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
        referenciaProcesso: `REF-${i}`,
      });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const told = await call(s.token, 'PATCH', `/api/quotes/${s.quote.id}`, {
      prazoResposta: prazo,
      avisarTransportadores: true,
    });
    expect(told.statusCode).toBe(429);
    expect(told.json().code).toBe('RATE_LIMITED');
  });
});
