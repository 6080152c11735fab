export * from './audit.js';
export * from './cotacoes.js';
export * from './empresas.js';
export * from './inbound.js';
export * from './membership.js';
export * from './outbox.js';
export * from './transportadores.js';
export * from './users.js';
