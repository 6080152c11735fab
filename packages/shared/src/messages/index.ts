export * from './email.js';
export * from './errors.js';
