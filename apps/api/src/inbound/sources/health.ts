import type { InboundHealth } from '@cotacoes/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailboxState } from '../../db/schema/inbound.js';
import { mailConnections } from '../../db/schema/mail-connections.js';
import { failedSinceLastRead, mailboxAddress, parseImapUrl } from './imap.js';

/**
 * A failure shorter than this is not shown: a dropped IMAP connection reconnects within seconds, and a
 * mailbox read last within this time has not made anyone wait yet.
 */
export const HEALTH_GRACE_MS = 3 * 60_000;

/**
 * The mailboxes that stopped bringing replies (GET /api/inbound/health): the IMAP mailbox of `IMAP_URL`
 * whose last attempt failed after its last read more than `HEALTH_GRACE_MS` ago (or that never read), and
 * the Gmail/Microsoft 365 mailboxes in 'erro' the same way or waiting to be reconnected. Two indexed reads
 * of small tables: cheap enough for every screen to ask once a minute.
 */
export async function inboundFailures(
  db: Database,
  imapUrl: string | undefined,
  now = Date.now(),
): Promise<InboundHealth['falhas']> {
  const stale = (lastSyncAt: Date | null) =>
    lastSyncAt === null || now - lastSyncAt.getTime() > HEALTH_GRACE_MS;
  const failures: InboundHealth['falhas'] = [];
  if (imapUrl) {
    const mailbox = parseImapUrl(imapUrl);
    const [state] = await db.select().from(mailboxState).where(eq(mailboxState.id, mailbox.id));
    if (state && failedSinceLastRead(state) && stale(state.lastSyncAt))
      failures.push({
        id: mailbox.id,
        kind: 'imap',
        fonte: mailboxAddress(mailbox),
        estado: 'erro',
        ultimaLeitura: state.lastSyncAt?.toISOString() ?? null,
      });
  }
  const connections = await db
    .select()
    .from(mailConnections)
    .where(inArray(mailConnections.state, ['erro', 'reconectar']))
    .orderBy(mailConnections.provider, mailConnections.email);
  for (const row of connections) {
    if (row.state === 'erro' && !stale(row.lastSyncAt)) continue;
    failures.push({
      id: `${row.provider}:${row.id}`,
      kind: row.provider,
      fonte: row.email,
      estado: row.state === 'reconectar' ? 'reconectar' : 'erro',
      ultimaLeitura: row.lastSyncAt?.toISOString() ?? null,
    });
  }
  return failures;
}
