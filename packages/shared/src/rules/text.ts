import { fieldMessages } from '../messages/index.js';

/**
 * The one rule for all text input (issue 18): no NUL character (PostgreSQL text refuses 0x00) and no
 * lone UTF-16 surrogate (not Unicode; PostgreSQL's JSON refuses it). Everything else is left to the schemas.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The pt-BR message for a string that breaks the rule, or null for acceptable text. */
export function unsafeTextMessage(value: string): string | null {
  if (value.includes('\u0000')) return fieldMessages.textNul;
  if (LONE_SURROGATE.test(value)) return fieldMessages.textSurrogate;
  return null;
}

export type UnsafeText = { path: string; message: string };

/** The first string (value or object key) in `input` that breaks the rule, with its dotted path. */
export function findUnsafeText(input: unknown, path: readonly string[] = []): UnsafeText | null {
  if (typeof input === 'string') {
    const message = unsafeTextMessage(input);
    return message ? { path: path.join('.'), message } : null;
  }
  if (Array.isArray(input)) {
    for (const [index, item] of input.entries()) {
      const found = findUnsafeText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      const keyMessage = unsafeTextMessage(key);
      if (keyMessage) return { path: [...path, key].join('.'), message: keyMessage };
      const found = findUnsafeText(value, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
