import { randomUUID } from 'node:crypto';
import {
  MANUAL_REMINDER_MIN_SPACING_MINUTES,
  MANUAL_REMINDER_PREFIX,
  quoteStatusInfo,
} from '@cotacoes/shared';
import { isRemindableStatus } from '@cotacoes/shared/rules/quote-status';
import type { AppConfig } from '../config/env.js';
import { lastCarrierMessageId } from '../conversation/conversation.repository.js';
import { sendInConversation, threadPosition } from '../conversation/outgoing.js';
import type { Database, Transaction } from '../db/client.js';
import type { Tenant } from '../db/tenant.js';
import { type AuditContext, writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { replyAddress } from '../mail/reply-address.js';
import { findEmpresaById } from '../read-models/empresas.js';
import { findUserById } from '../read-models/users.js';
import * as repo from './follow-up.repository.js';
import { reminderLanguageOf, reminderMail } from './follow-up-mail.js';
import { issuePortalToken, portalUrl } from './portal-tokens.js';

/*
 * Reminders to carriers that have not answered (issue 35, ADR 0026), one e-mail per carrier in its own
 * thread, once per slot. The scheduled job (src/deadlines/reminders.ts) and 'Lembrar agora'
 * (modules/follow-up) both send through `remindQuote`.
 */

/** What sending needs: the outbox and the addresses of the configuration. */
export type ReminderDeps = {
  mailer: Mailer;
  config: Pick<AppConfig, 'MAIL_FROM' | 'MAIL_REPLY_ADDRESS' | 'APP_URL'>;
};

/** The audit action of a batch of reminders of one quote (one row per batch, the dashboard's activity). */
export const REMINDER_AUDIT_ACTION = 'cotacao.lembrete';

/** Waits for an answer and can be reminded: not answered, not bounced, a carrier still active (QA pass 19). */
const isPending = (recipient: repo.ReminderRecipient) =>
  recipient.respondeuEm === null && recipient.falhaEntrega === null && recipient.ativo;

/**
 * Which reminders to send: the job's due slot per recipient, or 'Lembrar agora' to one carrier (or every
 * carrier that has not answered).
 */
export type ReminderRequest =
  | { kind: 'scheduled'; slots: ReadonlyMap<string, string> }
  | { kind: 'manual'; transportadorId?: string; userId: string };

/** What the e-mail says: a reminder, or that the deadline was extended ('prorrogar', ADR 0026 addendum). */
export type ReminderMailKind = 'reminder' | 'deadline';

/**
 * Sends one reminder to one recipient in its thread: In-Reply-To its last message (else the request it
 * received), References both, Reply-To its own reply address, recorded in the conversation (tipo
 * 'lembrete'). The slot is claimed first, in the caller's transaction: when it was already taken nothing is
 * sent and this answers false.
 */
export async function remindRecipient(
  tx: Transaction,
  deps: ReminderDeps,
  tenant: Tenant,
  quote: repo.ReminderQuote,
  recipient: repo.ReminderRecipient,
  slot: string,
  options: {
    now: Date;
    sentBy: string | null;
    portalEnabled: boolean;
    signature: string[];
    mailKind?: ReminderMailKind;
  },
): Promise<boolean> {
  if (!isPending(recipient)) return false;
  const reminderId = await repo.claimReminderSlot(tx, tenant, {
    cotacaoId: quote.id,
    destinatarioId: recipient.destinatarioId,
    slot,
    sentAt: options.now,
    sentBy: options.sentBy,
  });
  if (!reminderId) return false;
  const portal = options.portalEnabled
    ? portalUrl(
        deps.config.APP_URL,
        await issuePortalToken(
          tx,
          tenant,
          { cotacaoId: quote.id, destinatarioId: recipient.destinatarioId },
          'invite',
          { now: options.now },
        ),
      )
    : null;
  const mail = reminderMail(
    reminderLanguageOf(quote.idiomaEmail),
    {
      codigo: quote.codigo,
      referencia: quote.referenciaProcesso,
      tituloEmail: quote.tituloEmail,
      prazoResposta: quote.prazoResposta,
      origem: quote.origem,
      destino: quote.destino,
      incoterm: quote.incoterm,
    },
    portal,
    options.signature,
    options.mailKind,
  );
  const sent = await sendInConversation(
    tx,
    deps.mailer,
    tenant,
    deps.config.MAIL_FROM,
    {
      cotacaoId: quote.id,
      codigo: quote.codigo,
      transportadorId: recipient.transportadorId,
      tipo: 'lembrete',
    },
    {
      kind: 'quote.reminder',
      ...(await addressingOf(tx, deps, tenant, quote, recipient)),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
  );
  await repo.attachOutbox(tx, tenant, reminderId, sent.id);
  return true;
}

/**
 * Where an e-mail of ours to one carrier of a quote goes (a reminder, a new deadline, a cancellation): to its
 * addresses now, when it still has any (one removed since the request is left out; QA pass 19), Reply-To its
 * own reply address, in its thread (In-Reply-To its last message, else the request it received).
 */
export async function addressingOf(
  tx: Transaction,
  deps: ReminderDeps,
  tenant: Tenant,
  quote: { id: string; messageId: string | null },
  recipient: Pick<
    repo.ReminderRecipient,
    'transportadorId' | 'emails' | 'emailsAtuais' | 'replyToken' | 'requestMessageId'
  >,
) {
  const last = await lastCarrierMessageId(tx, tenant, quote.id, recipient.transportadorId);
  return {
    to: recipient.emailsAtuais.length > 0 ? recipient.emailsAtuais : recipient.emails,
    replyTo: replyAddress(deps.config.MAIL_REPLY_ADDRESS, recipient.replyToken),
    thread: threadPosition(recipient.requestMessageId ?? quote.messageId, last),
  };
}

/**
 * Reminds carriers of one quote in one transaction, with one audit row for the batch. The quote row is
 * locked first (the inbound pipeline locks it before applying a reply), then everything is checked again:
 * a carrier that answered meanwhile, a quote that moved on or was switched off, is left alone.
 * - scheduled: skips silently whatever no longer applies (quote or company switched off, not waiting
 *   for answers, deadline passed);
 * - manual ('Lembrar agora'): works whatever the switches (it is the analyst's explicit act) but answers
 *   the reason when nothing can be sent (quote not open, carrier answered or bounced, nobody left, reminded
 *   less than `MANUAL_REMINDER_MIN_SPACING_MINUTES` ago); 'every carrier' leaves out the ones just reminded.
 * Answers the carriers reminded.
 */
export async function remindQuote(
  db: Database,
  deps: ReminderDeps,
  tenant: Tenant,
  cotacaoId: string,
  request: ReminderRequest,
  options: { now: Date; meta: AuditContext },
): Promise<{ transportadores: string[] }> {
  const manual = request.kind === 'manual';
  const signature = await signatureOf(db, tenant, manual ? request.userId : null);
  return db.transaction(async (tx) => {
    const quote = await repo.lockQuote(tx, tenant, cotacaoId);
    if (!quote) {
      if (manual) throw new AppError('QUOTE_NOT_FOUND');
      return { transportadores: [] };
    }
    if (!isRemindableStatus(quote.status) || quote.prazoResposta <= options.now) {
      // An open quote whose deadline passed is told so, with the way out (QA pass 5: it read "A cotação
      // está Aguardando Resposta: lembretes só são enviados enquanto ela aguarda respostas").
      if (manual && isRemindableStatus(quote.status)) throw new AppError('REMINDER_DEADLINE_PASSED');
      if (manual)
        throw new AppError('REMINDER_QUOTE_NOT_OPEN', { status: quoteStatusInfo(quote.status).label });
      return { transportadores: [] };
    }
    const settings = await repo.settingsOf(tx, tenant);
    if (!manual && !(quote.remindersEnabled && settings.remindersEnabled)) return { transportadores: [] };

    const recipients = await repo.recipientsOf(tx, tenant, cotacaoId);
    let targets: { recipient: repo.ReminderRecipient; slot: string }[];
    if (request.kind === 'manual') {
      const slot = `${MANUAL_REMINDER_PREFIX}${randomUUID()}`;
      // Reminded a moment ago (a double click, a colleague at the same time; the quote row's lock makes
      // the second click read the first one's reminder): not again.
      const minutesSince = (recipient: repo.ReminderRecipient) =>
        recipient.ultimoLembreteEm === null
          ? Number.POSITIVE_INFINITY
          : (options.now.getTime() - Number(recipient.ultimoLembreteEm)) / 60_000;
      const recent = (recipient: repo.ReminderRecipient) =>
        minutesSince(recipient) < MANUAL_REMINDER_MIN_SPACING_MINUTES;
      if (request.transportadorId) {
        const one = recipients.find((recipient) => recipient.transportadorId === request.transportadorId);
        if (!one) throw new AppError('CARRIER_NOT_RECIPIENT');
        if (one.respondeuEm) throw new AppError('REMINDER_CARRIER_ANSWERED');
        if (one.falhaEntrega) throw new AppError('REMINDER_CARRIER_FAILED');
        if (!one.ativo) throw new AppError('REMINDER_CARRIER_INACTIVE');
        if (recent(one))
          throw new AppError('REMINDER_TOO_SOON', {
            minutos: Math.max(1, Math.ceil(minutesSince(one))),
            espera: MANUAL_REMINDER_MIN_SPACING_MINUTES,
          });
        targets = [{ recipient: one, slot }];
      } else {
        const pending = recipients.filter(isPending);
        if (pending.length > 0 && pending.every(recent))
          throw new AppError('REMINDER_ALL_TOO_SOON', { espera: MANUAL_REMINDER_MIN_SPACING_MINUTES });
        targets = pending.filter((recipient) => !recent(recipient)).map((recipient) => ({ recipient, slot }));
      }
      if (targets.length === 0) throw new AppError('REMINDER_NOBODY_PENDING');
    } else
      targets = recipients.flatMap((recipient) => {
        const slot = request.slots.get(recipient.destinatarioId);
        return slot ? [{ recipient, slot }] : [];
      });

    const reminded: string[] = [];
    const slots = new Set<string>();
    for (const { recipient, slot } of targets) {
      const sent = await remindRecipient(tx, deps, tenant, quote, recipient, slot, {
        now: options.now,
        sentBy: manual ? request.userId : null,
        portalEnabled: settings.portalEnabled,
        signature,
      });
      if (!sent) continue;
      reminded.push(recipient.transportadorId);
      slots.add(slot);
    }
    if (reminded.length > 0)
      await writeAudit(tx, options.meta, REMINDER_AUDIT_ACTION, {
        entity: 'cotacao',
        entityId: cotacaoId,
        details: { codigo: quote.codigo, manual, slots: [...slots], transportadores: reminded },
      });
    return { transportadores: reminded };
  });
}

/** The lines under 'Atenciosamente,': the user who sent it (none for the job), then the company. */
export async function signatureOf(db: Database, tenant: Tenant, userId: string | null): Promise<string[]> {
  const [empresa, user] = await Promise.all([
    findEmpresaById(db, tenant.empresaId),
    userId ? findUserById(db, userId) : Promise.resolve(undefined),
  ]);
  return [user?.name, empresa?.nome].filter((line): line is string => Boolean(line));
}

/**
 * Tells every carrier of a quote that has not answered (nor bounced) its new deadline, in its thread, inside
 * the caller's transaction (PATCH /quotes/{id} with `avisarTransportadores`, which locked the quote and wrote
 * the deadline). Recorded as a reminder sent by the user (a manual slot, so it never takes an automatic
 * one). Answers the carriers told; nobody left to tell is not an error.
 */
export async function noticeNewDeadline(
  tx: Transaction,
  deps: ReminderDeps,
  tenant: Tenant,
  cotacaoId: string,
  options: { now: Date; userId: string; signature: string[] },
): Promise<string[]> {
  const quote = await repo.lockQuote(tx, tenant, cotacaoId);
  if (!quote) throw new AppError('QUOTE_NOT_FOUND');
  const settings = await repo.settingsOf(tx, tenant);
  const slot = `${MANUAL_REMINDER_PREFIX}${randomUUID()}`;
  const told: string[] = [];
  for (const recipient of (await repo.recipientsOf(tx, tenant, cotacaoId)).filter(isPending)) {
    const sent = await remindRecipient(tx, deps, tenant, quote, recipient, slot, {
      now: options.now,
      sentBy: options.userId,
      portalEnabled: settings.portalEnabled,
      signature: options.signature,
      mailKind: 'deadline',
    });
    if (sent) told.push(recipient.transportadorId);
  }
  return told;
}
