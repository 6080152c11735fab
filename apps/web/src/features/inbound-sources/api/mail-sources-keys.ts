/**
 * What the mailbox lists of Configurações share: the Gmail and Microsoft 365 sections' queries start
 * with `mailboxConnectionsKey`, so a sync in 'Fontes de e-mail' refreshes them (and theirs refresh it).
 */
export const mailboxConnectionsKey = ['mailboxes'] as const;

/** While a mailbox syncs (first sync, or the retry after a wait), its list is read again this often. */
export const SYNC_POLL_MS = 2_500;

/** Connected but never synced: the first sync started in the background when it was connected. */
export const isFirstSyncPending = (mailbox: { state: string; lastSyncAt: string | null }) =>
  mailbox.state === 'ok' && mailbox.lastSyncAt === null;
