import { quoteRemindersKey } from '@/api/quote-keys';

/** The company's follow-up settings (read by the settings page and the approval page). */
export const followUpSettingsKey = ['follow-up', 'settings'] as const;
/** A quote's reminders: under `quotesKey`, so anything that changes the quote refreshes them. */
export { quoteRemindersKey };
