import './zod-locale.js';

export * from './messages/index.js';
export * from './quote-mail.js';
export * from './rules/cnpj.js';
export * from './rules/corrections.js';
export * from './rules/email-list.js';
export * from './rules/password.js';
export * from './rules/quote-fields.js';
export * from './rules/roles.js';
export * from './rules/text.js';
export * from './schemas/auth.js';
export * from './schemas/carriers.js';
export * from './schemas/common.js';
export * from './schemas/comparison.js';
export * from './schemas/decisions.js';
export * from './schemas/empresas.js';
export * from './schemas/quotes.js';
export * from './schemas/responses.js';
