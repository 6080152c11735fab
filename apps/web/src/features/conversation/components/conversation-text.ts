/** Spec 001 §9: the conversation preview shows 100 characters. */
export const PREVIEW_CHARS = 100;

/** Lines that open the quoted part of a reply: attribution lines and separators (pt, en, es). */
const ATTRIBUTION = [
  /^(?:em|on|el)\s.+(?:escreveu|wrote|escribió)\s*:\s*$/i,
  /^-{2,}\s*(?:mensagem original|original message|mensaje original|mensagem encaminhada|forwarded message)\s*-{2,}/i,
  /^_{20,}\s*$/,
];
/** Header lines of a quoted or forwarded message (Outlook puts them under the reply). */
const HEADER = /^\*?(?:de|from|enviad[oa]|sent|date|data|para|to|cc|assunto|subject)\s*:\*?\s/i;

function opensQuote(lines: readonly string[], index: number): boolean {
  const line = lines[index]!.trim();
  if (line.startsWith('>')) return true;
  if (ATTRIBUTION.some((pattern) => pattern.test(line))) return true;
  // 'Em qui., 5 de mar. de 2026 às 10:00, Fulano <x@y>' + 'escreveu:' on the next line (wrapped).
  const next = lines[index + 1]?.trim() ?? '';
  if (/^(?:em|on)\s/i.test(line) && /^.*(?:escreveu|wrote)\s*:\s*$/i.test(next)) return true;
  // An Outlook header block: 'De:' / 'From:' followed by at least two more header lines.
  if (/^\*?(?:de|from)\s*:/i.test(line)) {
    const following = lines.slice(index + 1, index + 5).filter((l) => HEADER.test(l.trim()));
    return following.length >= 2;
  }
  return false;
}

/** A message text split into what the sender wrote and the quoted message (with its headers) below. */
export function splitQuoted(text: string): { body: string; quoted: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((_, index) => opensQuote(lines, index));
  if (start === -1) return { body: text.trim(), quoted: '' };
  return {
    body: lines.slice(0, start).join('\n').trim(),
    quoted: lines.slice(start).join('\n').trim(),
  };
}

/** The first 100 characters of what the sender wrote, on one line. */
export function previewOf(text: string): string {
  const flat = splitQuoted(text).body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS).trimEnd()}…` : flat;
}

/** A plain-text view of sanitised HTML, for the preview of a message without a text part. */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const quote of doc.querySelectorAll('blockquote')) quote.remove();
  return doc.body.textContent ?? '';
}
