import {
  DEFAULT_FOLLOW_UP_SETTINGS,
  type FollowUpSettings,
  type FollowUpSettingsBody,
  type QuoteStatus,
  REMINDER_MIN_SPACING_HOURS,
} from '@cotacoes/shared';
import { REMINDABLE_STATUSES } from '@cotacoes/shared/rules/quote-status';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  cotacaoDestinatarios,
  cotacoes,
  followUpSettings,
  quoteReminders,
  transportadores,
  users,
} from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/*
 * The follow-up data (issue 35, ADR 0026): a company's settings, a quote's reminder switch and the
 * reminders sent, one row per recipient and slot.
 */

// ---- settings ----

/** The company's follow-up settings; the defaults while no supervisor saved any. */
export async function settingsOf(executor: Executor, tenant: Tenant): Promise<FollowUpSettings> {
  const [row] = await executor
    .select({
      remindersEnabled: followUpSettings.remindersEnabled,
      reminderAfterSendHours: followUpSettings.reminderAfterSendHours,
      reminderBeforeDeadlineHours: followUpSettings.reminderBeforeDeadlineHours,
      portalEnabled: followUpSettings.portalEnabled,
      lostBidFeedbackDefault: followUpSettings.lostBidFeedbackDefault,
      deadlineSummaryEnabled: followUpSettings.deadlineSummaryEnabled,
    })
    .from(followUpSettings)
    .where(inTenant(followUpSettings.empresaId, tenant))
    .limit(1);
  return row ?? { ...DEFAULT_FOLLOW_UP_SETTINGS };
}

/** Replaces the company's settings (one row per company). */
export async function saveSettings(
  executor: Executor,
  tenant: Tenant,
  body: FollowUpSettingsBody,
  userId: string,
): Promise<void> {
  const values = { ...body, updatedAt: new Date(), updatedBy: userId };
  await executor
    .insert(followUpSettings)
    .values({ ...values, empresaId: tenant.empresaId })
    .onConflictDoUpdate({ target: followUpSettings.empresaId, set: values });
}

// ---- a quote and its recipients ----

const quoteColumns = {
  id: cotacoes.id,
  codigo: cotacoes.codigo,
  status: cotacoes.status,
  tituloEmail: cotacoes.tituloEmail,
  referenciaProcesso: cotacoes.referenciaProcesso,
  idiomaEmail: cotacoes.idiomaEmail,
  messageId: cotacoes.messageId,
  prazoResposta: cotacoes.prazoResposta,
  remindersEnabled: cotacoes.remindersEnabled,
  origem: cotacoes.origem,
  destino: cotacoes.destino,
  incoterm: cotacoes.incoterm,
};
export type ReminderQuote = {
  id: string;
  codigo: string;
  status: QuoteStatus;
  tituloEmail: string;
  referenciaProcesso: string;
  idiomaEmail: string;
  messageId: string | null;
  prazoResposta: Date;
  remindersEnabled: boolean;
  origem: string | null;
  destino: string | null;
  incoterm: string | null;
};

/**
 * A live quote of the company, row-locked until the transaction ends: the inbound pipeline locks the same
 * row before it applies a reply, so a reminder never crosses an answer being recorded.
 */
export async function lockQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<ReminderQuote | undefined> {
  const [row] = await executor
    .select(quoteColumns)
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export async function findQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<ReminderQuote | undefined> {
  const [row] = await executor
    .select(quoteColumns)
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .limit(1);
  return row;
}

export async function setQuoteReminders(
  executor: Executor,
  tenant: Tenant,
  id: string,
  enabled: boolean,
): Promise<void> {
  await executor
    .update(cotacoes)
    .set({ remindersEnabled: enabled })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id)));
}

export type ReminderRecipient = Awaited<ReturnType<typeof recipientsOf>>[number];

/** Every recipient of a quote, with its send and answer state. */
export async function recipientsOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      destinatarioId: cotacaoDestinatarios.id,
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      emails: cotacaoDestinatarios.emails,
      replyToken: cotacaoDestinatarios.replyToken,
      requestMessageId: cotacaoDestinatarios.messageId,
      respondeuEm: cotacaoDestinatarios.respondeuEm,
      falhaEntrega: cotacaoDestinatarios.falhaEntrega,
      /** Its request could not be sent at all (the outbox gave up): the detail's 'Falhou' without a bounce. */
      pedidoFalhou: sql<boolean>`coalesce((select o.status = 'failed' from mail_outbox o
        where o.id = ${cotacaoDestinatarios.outboxId}), false)`,
      createdAt: cotacaoDestinatarios.createdAt,
      /** The carrier is still one the company works with: active and not deleted (QA pass 19). */
      ativo: sql<boolean>`coalesce(${transportadores.ativo} and ${transportadores.deletedAt} is null, false)`,
      /** Its addresses now (an address removed since the request gets no reminder; QA pass 19). */
      emailsAtuais: sql<string[]>`coalesce((select array_agg(e.email order by e.posicao)
        from transportador_emails e
        where e.transportador_id = ${cotacaoDestinatarios.transportadorId} and e.deleted_at is null), '{}')`,
      /** When it was last reminded (any reminder, epoch ms), or null. */
      ultimoLembreteEm: sql<number | null>`(select (extract(epoch from max(r.sent_at)) * 1000)::float8
        from quote_reminders r where r.destinatario_id = ${cotacaoDestinatarios.id})`,
    })
    .from(cotacaoDestinatarios)
    .leftJoin(transportadores, eq(transportadores.id, cotacaoDestinatarios.transportadorId))
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoDestinatarios.nome));
}

// ---- reminders ----

/**
 * Claims one reminder slot of one recipient: the row is written once per (recipient, slot) and this
 * answers its id, or null when the slot was already taken (an earlier run, a concurrent one, a run before a
 * restart). The caller queues the e-mail in the same transaction, so the claim and the mail commit together.
 */
export async function claimReminderSlot(
  executor: Executor,
  tenant: Tenant,
  values: { cotacaoId: string; destinatarioId: string; slot: string; sentAt: Date; sentBy: string | null },
): Promise<string | null> {
  const [row] = await executor
    .insert(quoteReminders)
    .values({ ...values, empresaId: tenant.empresaId })
    .onConflictDoNothing({ target: [quoteReminders.destinatarioId, quoteReminders.slot] })
    .returning({ id: quoteReminders.id });
  return row?.id ?? null;
}

export async function attachOutbox(
  executor: Executor,
  tenant: Tenant,
  reminderId: string,
  outboxId: string,
): Promise<void> {
  await executor
    .update(quoteReminders)
    .set({ outboxId })
    .where(inTenant(quoteReminders.empresaId, tenant, eq(quoteReminders.id, reminderId)));
}

/** The reminders of a quote, oldest first, with the carrier and who pressed 'Lembrar agora'. */
export async function remindersOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      destinatarioId: quoteReminders.destinatarioId,
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      slot: quoteReminders.slot,
      sentAt: quoteReminders.sentAt,
      enviadoPor: users.name,
    })
    .from(quoteReminders)
    .innerJoin(cotacaoDestinatarios, eq(cotacaoDestinatarios.id, quoteReminders.destinatarioId))
    .leftJoin(users, eq(users.id, quoteReminders.sentBy))
    .where(inTenant(quoteReminders.empresaId, tenant, eq(quoteReminders.cotacaoId, cotacaoId)))
    .orderBy(asc(quoteReminders.sentAt), asc(cotacaoDestinatarios.nome));
}

// ---- the job ----

export type DueReminder = { empresaId: string; cotacaoId: string; destinatarioId: string; slot: string };

/**
 * The automatic reminders due at `now`, across companies, in one statement: quotes still waiting for
 * answers whose deadline is ahead (the deadline job's partial index), reminders on for the quote and the
 * company, recipients that neither answered nor bounced, and the slots of `reminderSlotTimes`
 * (packages/shared/src/rules/reminders.ts) that are due and were not yet sent. A slot is also taken when
 * any reminder (a 'Lembrar agora', a new deadline's notice) reached the recipient after its time or less
 * than `REMINDER_MIN_SPACING_HOURS` before it, and a recipient gets at most one reminder per run (its
 * latest due slot): a job that was down does not send both at once.
 */
export async function dueReminders(executor: Executor, now: Date, limit: number): Promise<DueReminder[]> {
  const at = now.toISOString();
  const result = await executor.execute(
    sql`select "empresaId", "cotacaoId", "destinatarioId", slot from (
        select distinct on (d.id) c.empresa_id as "empresaId", c.id as "cotacaoId", d.id as "destinatarioId",
            s.slot, s.due_at
          from cotacoes c
          join cotacao_destinatarios d on d.cotacao_id = c.id
          join transportadores t on t.id = d.transportador_id and t.ativo and t.deleted_at is null
          left join follow_up_settings f on f.empresa_id = c.empresa_id
          cross join lateral (select
              case when f.empresa_id is null then ${DEFAULT_FOLLOW_UP_SETTINGS.reminderAfterSendHours}::int
                else f.reminder_after_send_hours end as after_send,
              case when f.empresa_id is null then ${DEFAULT_FOLLOW_UP_SETTINGS.reminderBeforeDeadlineHours}::int
                else f.reminder_before_deadline_hours end as before_deadline) h
          cross join lateral (
              select 'after_send'::text as slot, d.created_at + make_interval(hours => h.after_send) as due_at
                where h.after_send is not null
              union all
              select 'before_deadline', c.prazo_resposta - make_interval(hours => h.before_deadline)
                where h.before_deadline is not null
                  and c.prazo_resposta - make_interval(hours => h.before_deadline)
                    >= d.created_at + interval '1 hour') s
          where c.status in (${sql.raw(REMINDABLE_STATUSES.map((status) => `'${status}'`).join(', '))})
            and c.deleted_at is null
            and c.prazo_resposta > ${at}::timestamptz
            and c.reminders_enabled and coalesce(f.reminders_enabled, true)
            and d.respondeu_em is null and d.falha_entrega is null
            and s.due_at <= ${at}::timestamptz and s.due_at < c.prazo_resposta
            and not exists (select 1 from quote_reminders r
              where r.destinatario_id = d.id and (r.slot = s.slot
                or r.sent_at >= s.due_at - make_interval(hours => ${REMINDER_MIN_SPACING_HOURS}::int)))
          order by d.id, s.due_at desc) due
        order by due_at
        limit ${limit}`,
  );
  return result.rows as DueReminder[];
}
