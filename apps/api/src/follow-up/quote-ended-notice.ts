import type { ManualFinalStatus } from '@cotacoes/shared';
import { sendInConversation } from '../conversation/outgoing.js';
import type { Transaction } from '../db/client.js';
import type { Tenant } from '../db/tenant.js';
import { AppError } from '../lib/errors.js';
import * as repo from './follow-up.repository.js';
import { type QuoteEnding, quoteEndedMail, reminderLanguageOf } from './follow-up-mail.js';
import { addressingOf, type ReminderDeps } from './reminders.js';

/*
 * Telling the carriers that the company ended a quote by hand (PATCH /quotes/{id} `status` CANCELADA or
 * FECHADA with `avisarTransportadores`, ADR 0026 addendum 2026-12-06): without it a carrier still silent
 * believes it has until the deadline, and one that answered waits for an approval that will not come.
 */

const ENDINGS: Record<
  ManualFinalStatus,
  { ending: QuoteEnding; kind: string; tipo: 'cancelamento' | 'encerramento' }
> = {
  CANCELADA: { ending: 'cancel', kind: 'quote.cancelled', tipo: 'cancelamento' },
  FECHADA: { ending: 'close', kind: 'quote.closed', tipo: 'encerramento' },
};

/**
 * E-mails every recipient of the quote whose delivery did not fail (answered or not; not 'Falhou') that the quote was
 * cancelled or closed, each in its own thread (In-Reply-To its last message, else the request it received;
 * References both; Reply-To its own reply address), in the quote's language, signed by the user and the
 * company, recorded in the conversation (tipo 'cancelamento' / 'encerramento'). Inside the caller's
 * transaction, after the status was written. Answers the carriers told; nobody to tell is not an error.
 */
export async function noticeQuoteEnded(
  tx: Transaction,
  deps: ReminderDeps,
  tenant: Tenant,
  cotacaoId: string,
  status: ManualFinalStatus,
  options: {
    signature: string[];
    /** Only the carriers that never answered (an approval: the others get their own notice). */
    unansweredOnly?: boolean;
  },
): Promise<string[]> {
  const quote = await repo.lockQuote(tx, tenant, cotacaoId);
  if (!quote) throw new AppError('QUOTE_NOT_FOUND');
  const { ending, kind, tipo } = ENDINGS[status];
  const mail = quoteEndedMail(
    reminderLanguageOf(quote.idiomaEmail),
    { codigo: quote.codigo, referencia: quote.referenciaProcesso, tituloEmail: quote.tituloEmail },
    ending,
    options.signature,
  );
  const told: string[] = [];
  for (const recipient of await repo.recipientsOf(tx, tenant, cotacaoId)) {
    // A request that bounced or could not be sent never reached the carrier (the detail's 'Falhou'):
    // nothing to call off.
    if (recipient.falhaEntrega !== null || recipient.pedidoFalhou) continue;
    if (options.unansweredOnly && recipient.respondeuEm !== null) continue;
    await sendInConversation(
      tx,
      deps.mailer,
      tenant,
      deps.config.MAIL_FROM,
      { cotacaoId: quote.id, codigo: quote.codigo, transportadorId: recipient.transportadorId, tipo },
      {
        kind,
        // Its addresses now and its thread, as the reminders.
        ...(await addressingOf(tx, deps, tenant, quote, recipient)),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
    );
    told.push(recipient.transportadorId);
  }
  return told;
}
