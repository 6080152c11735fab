/*
 * The test factories, in one place: company and people (company.ts), carriers and a quote sent to them
 * (quote.ts), a carrier's reply in the quote's thread (reply.ts). Sample texts and request bodies come from
 * '@cotacoes/shared/samples', which the browser tests and the demo seed use too.
 */
export * from './answers.js';
export * from './company.js';
export * from './documents.js';
export * from './quote.js';
export * from './reply.js';
