export { type ResponseEntry, useResponses } from './api/list-responses';
export { conversationSearch, ResponseCards } from './components/response-cards';
export { normaliseCurrency } from './components/response-summary';
export { SenderBadge } from './components/sender-check';
