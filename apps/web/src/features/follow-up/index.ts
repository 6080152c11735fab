/*
 * Follow-up (issue 35, ADR 0026): the company's 'Acompanhamento automático' settings (the settings page),
 * a quote's 'Lembretes' card (the quote detail page) and the settings read (the approval page's default).
 */
export { useFollowUpSettings } from './api/get-follow-up-settings';
export { FollowUpSettingsSection } from './components/follow-up-settings-section';
export { QuoteRemindersCard } from './components/quote-reminders-card';
