import { formatMessage, type InboundOrigin, type InboundSourceStatus, inboundTexts } from '@cotacoes/shared';
import { count, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inboundMessages, mailboxState } from '../../db/schema/inbound.js';
import { AppError } from '../../lib/errors.js';
import {
  describeError,
  explainError,
  failedSinceLastRead,
  type ImapSource,
  mailboxAddress,
  parseImapUrl,
} from './imap.js';
import type { SmtpRefusal } from './smtp.js';
import type { SourceStatusProvider } from './source.js';

/** How many messages a source stored and when the last one arrived (`inbound_messages`, every process). */
export async function receivedBy(
  db: Database,
  source: InboundOrigin,
): Promise<{ received: number; lastAt: string | null }> {
  const [row] = await db
    .select({ total: count(), last: max(inboundMessages.createdAt) })
    .from(inboundMessages)
    .where(eq(inboundMessages.source, source));
  const last = row?.last ? new Date(row.last) : null;
  return { received: row?.total ?? 0, lastAt: last ? last.toISOString() : null };
}

/**
 * The IMAP mailbox's row (from `mailbox_state`, so every process reports the same): 'ok' while a process
 * holds its lease and the last attempt succeeded, 'erro' when the last attempt failed after the last
 * sync, 'inativo' when no process reads it. 'Sincronizar agora' works in the process that holds it.
 */
export function imapStatusProvider(
  db: Database,
  url: string,
  source: () => ImapSource | undefined,
): SourceStatusProvider {
  const mailbox = parseImapUrl(url);
  return {
    async list(): Promise<InboundSourceStatus[]> {
      const [state] = await db.select().from(mailboxState).where(eq(mailboxState.id, mailbox.id));
      const failedLast = failedSinceLastRead(state);
      const held = state?.leaseUntil != null && state.leaseUntil.getTime() > Date.now();
      return [
        {
          id: mailbox.id,
          kind: 'imap',
          label: formatMessage(inboundTexts.sources.imapLabel, {
            caixa: mailboxAddress(mailbox),
          }),
          state: failedLast ? 'erro' : held ? 'ok' : 'inativo',
          lastSyncAt: state?.lastSyncAt?.toISOString() ?? null,
          lastError: state?.lastError
            ? formatMessage(inboundTexts.sources.imapError, { detalhe: explainError(state.lastError) })
            : null,
          lastErrorAt: state?.lastError ? (state.lastErrorAt?.toISOString() ?? null) : null,
          received: (await receivedBy(db, 'imap')).received,
          canSync: source() !== undefined,
        },
      ];
    },
    async sync(id: string): Promise<void> {
      if (id !== mailbox.id) throw new AppError('INBOUND_SOURCE_NOT_FOUND');
      const running = source();
      if (!running) throw new AppError('INBOUND_SOURCE_NOT_SYNCABLE');
      if (!running.isHolder) throw new AppError('INBOUND_SOURCE_BUSY');
      try {
        await running.syncNow();
      } catch (error) {
        throw new AppError('INBOUND_SOURCE_SYNC_FAILED', {
          erro: formatMessage(inboundTexts.sources.imapError, {
            detalhe: explainError(describeError(error)),
          }),
        });
      }
    },
  };
}

/** The inbound SMTP listener's row: 'ok' while it listens in this process, else 'inativo'. Nothing to sync. */
export function smtpStatusProvider(
  db: Database,
  port: () => number | null,
  refusal: () => SmtpRefusal | null = () => null,
): SourceStatusProvider {
  return {
    async list(): Promise<InboundSourceStatus[]> {
      const listening = port();
      const { received, lastAt } = await receivedBy(db, 'smtp');
      return [
        {
          id: 'smtp',
          kind: 'smtp',
          label:
            listening === null
              ? inboundTexts.sources.smtpLabelOff
              : formatMessage(inboundTexts.sources.smtpLabel, { porta: listening }),
          state: listening === null ? 'inativo' : 'ok',
          // A listener does not sync: the time of the last message it took stands for it.
          lastSyncAt: lastAt,
          lastError: refusal()?.reason ?? null,
          lastErrorAt: refusal()?.at.toISOString() ?? null,
          received,
          canSync: false,
        },
      ];
    },
  };
}
