/*
 * Inbound sources (issue 34 §4, ADR 0029): the 'Fontes de e-mail' status section of the settings page
 * for a desenvolvedor — every mailbox, listener and provider webhook, and 'Sincronizar agora'.
 */
export { InboundSourcesSection } from './components/inbound-sources-section';
