/**
 * Query keys of the quote screens, shared by the features that read or change a quote (quotes, responses,
 * comparison, conversation, decisions, comparative). Every one starts with `quotesKey`: a new quote
 * reloads lists and counters; a decision refreshes what it changed.
 */
export const quotesKey = ['quotes'] as const;
export const quoteListKey = [...quotesKey, 'list'] as const;
export const quoteDetailKey = (id: string) => [...quotesKey, 'detail', id] as const;
export const quoteResponsesKey = (id: string) => [...quotesKey, 'responses', id] as const;
/** Every margin of a quote's comparison shares this prefix: a decision refreshes them all. */
export const quoteComparisonKey = (id: string) => [...quotesKey, 'comparison', id] as const;
/** The quote's 'Lembretes' panel (features/follow-up). */
export const quoteRemindersKey = (id: string) => [...quotesKey, 'reminders', id] as const;
/** The quote's conversation tab (features/conversation). */
export const quoteConversationKey = (id: string) => [...quotesKey, 'conversation', id] as const;
