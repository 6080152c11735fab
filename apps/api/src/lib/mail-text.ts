/**
 * Linear scanners for text an outsider controls in mail (headers, delivery reports, stored addresses):
 * each reads its input once, with no pattern that can backtrack (issue 29 item 7: one regex on a 400 kB
 * Delivered-To froze the event loop for 111 s). ADR 0015 addendum (2026-12-04).
 */

/** Separators between addresses in a free-form header (Delivered-To, X-Original-To …). */
const ADDRESS_SEPARATORS = new Set([...'<>,;"\'']);

/** JavaScript's `\s` (the characters the earlier pattern split on). */
function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The e-mail addresses written in free-form header values, lower-cased: every run of characters between
 * separators (spaces, `<>,;"'`) with an `@` that is neither its first nor its last character.
 */
export function addressesIn(values: readonly string[]): string[] {
  const found: string[] = [];
  for (const value of values) {
    let start = 0;
    let firstAt = -1;
    for (let index = 0; index <= value.length; index++) {
      const char = value[index];
      const isSeparator =
        char === undefined || isSpace(value.charCodeAt(index)) || ADDRESS_SEPARATORS.has(char);
      if (!isSeparator) {
        if (char === '@' && firstAt < 0 && index > start) firstAt = index;
        continue;
      }
      if (firstAt >= 0 && firstAt < index - 1) found.push(value.slice(start, index).toLowerCase());
      start = index + 1;
      firstAt = -1;
    }
  }
  return found;
}

/**
 * The values of the fields named `name` in a block of `Name: value` lines (a delivery report, a header
 * block), trimmed, in order. Case-insensitive; a field's value is what follows the colon on its line.
 */
export function fieldValues(text: string, name: string): string[] {
  const prefix = `${name.toLowerCase()}:`;
  const values: string[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start >= prefix.length && text.slice(start, start + prefix.length).toLowerCase() === prefix)
      values.push(text.slice(start + prefix.length, end).trim());
    start = end + 1;
  }
  return values;
}

/** `value` without a leading `label;` (e.g. `rfc822;`, `smtp;`), case-insensitive, trimmed. */
export function withoutType(value: string, label: string): string {
  return value.slice(0, label.length + 1).toLowerCase() === `${label.toLowerCase()};`
    ? value.slice(label.length + 1).trim()
    : value;
}

/** The address of `Name <addr>`, or the value itself: what is between the last `<` and the `>` after it. */
export function addressOf(value: string): string {
  const open = value.lastIndexOf('<');
  if (open < 0) return value.trim();
  const close = value.indexOf('>', open + 1);
  return close > open + 1 ? value.slice(open + 1, close).trim() : value.trim();
}

/** The bare mailbox of an address, lower-cased, without its `+tag` (`a+x@b` → `a@b`). */
export function bareMailbox(value: string): string {
  const address = addressOf(value).toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const plus = address.indexOf('+');
  return plus >= 0 && plus < at ? `${address.slice(0, plus)}${address.slice(at)}` : address;
}

/** A `<id>` at the start of `value` (a Message-ID field's value), lower-cased, else null. */
export function leadingMessageId(value: string): string | null {
  if (!value.startsWith('<')) return null;
  const close = value.indexOf('>');
  if (close < 2) return null;
  const id = value.slice(0, close + 1);
  for (let index = 1; index < close; index++)
    if (id[index] === '<' || isSpace(id.charCodeAt(index))) return null;
  return id.toLowerCase();
}

/** The leading run of digits and dots of `value` (a DSN status such as `5.1.1`), else null. */
export function leadingStatus(value: string): string | null {
  let end = 0;
  while (end < value.length && '0123456789.'.includes(value[end]!)) end++;
  return end > 0 ? value.slice(0, end) : null;
}

/** A reply token in a plus-address: `+` (or its URL form `%2B`), 32 hex digits, then `@` (or `%40`). */
const REPLY_TOKEN = /(\+|%2b)([0-9a-f]{32})(@|%40)/gi;

/**
 * `text` with every reply token not in `keep` taken out of its address (`cotacoes+<token>@x` becomes
 * `cotacoes@x`): a company's conversation never shows another company's (or another quote's) token.
 * The pattern has a fixed length, so the scan is linear.
 */
export function withoutForeignTokens(text: string, keep: ReadonlySet<string>): string {
  return text.replace(REPLY_TOKEN, (whole, _plus: string, token: string, at: string) =>
    keep.has(token.toLowerCase()) ? whole : at,
  );
}
