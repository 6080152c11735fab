export * from './decision-email.js';
export * from './email.js';
export * from './errors.js';
export * from './follow-up-email.js';
export * from './inbound.js';
export * from './quote-document.js';
export * from './success.js';
export * from './ui.js';
