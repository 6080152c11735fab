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

/**
 * Text as the database can hold it, for text nobody can be asked to fix (mail from outside, extracted
 * files): NUL characters removed, lone surrogates replaced by U+FFFD. Linear in the length.
 */
export function cleanText(value: string): string {
  if (!value.includes('\u0000') && !LONE_SURROGATE.test(value)) return value;
  let out = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) {
      out += value.slice(start, i);
      start = i + 1;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else {
        out += `${value.slice(start, i)}\ufffd`;
        start = i + 1;
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      out += `${value.slice(start, i)}\ufffd`;
      start = i + 1;
    }
  }
  return out + value.slice(start);
}

/** `cleanText` applied to every string (values and keys) of a JSON-like value; other values as they are. */
export function cleanTextDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((item) => cleanTextDeep(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      cleanText(key),
      cleanTextDeep(item),
    ]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
