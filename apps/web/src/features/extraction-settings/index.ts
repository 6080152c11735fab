/*
 * Extraction settings (issue 32 item 3, ADR 0100 addendum): the company's 'Leitura por IA' switch on the
 * settings page.
 */
export { ExtractionSettingsSection } from './components/extraction-settings-section';
