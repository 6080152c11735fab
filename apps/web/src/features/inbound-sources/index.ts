/*
 * Inbound sources (issue 34 §4, ADR 0029): the 'Fontes de e-mail' status section of the settings page
 * for a desenvolvedor — every mailbox, listener and provider webhook, and 'Sincronizar agora' — and what
 * the provider sections (Gmail, Microsoft 365) share with it: the state badge, the stored-error text, the
 * query keys and the refresh after a connect, sync or disconnect. And, above every screen for every role,
 * the banner saying which mailbox stopped bringing replies (`InboundHealthBanner`, GET /api/inbound/health).
 */
export { isFirstSyncPending, mailboxConnectionsKey, SYNC_POLL_MS } from './api/mail-sources-keys';
export { useRefreshMailSources } from './api/refresh-mail-sources';
export { InboundHealthBanner } from './components/inbound-health-banner';
export { InboundSourcesSection } from './components/inbound-sources-section';
export { SourceErrorText } from './components/source-error-text';
export { SourceStateBadge } from './components/source-state-badge';
