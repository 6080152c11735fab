import { sanitizeEmailHtml } from '../conversation/email-html.js';
import { withoutForeignTokens } from '../lib/mail-text.js';
import type { ParsedInbound } from './parse.js';

/**
 * What a company's conversation keeps of a received message: its texts without any reply token but those
 * of the quote it was matched to (a message sent to two companies' tokens reaches one, and must not show
 * it the other's — issue 29; ADR 0016 addendum), and its HTML made safe once, here (S10), the original
 * HTML staying in the raw message only.
 */
export function conversationCopy(parsed: ParsedInbound, fromAddress: string, keep: ReadonlySet<string>) {
  const redact = (text: string) => withoutForeignTokens(text, keep);
  const safe = parsed.html ? sanitizeEmailHtml(parsed.html) : null;
  return {
    fromAddress: redact(fromAddress),
    toAddresses: parsed.to.map(redact),
    ccAddresses: parsed.cc.map(redact),
    subject: redact(parsed.subject),
    bodyText: redact(parsed.text),
    // Only the safe copy is kept: the original HTML stays in the raw message, and no pattern could take a
    // token out of all its encodings (`&#43;`, `&#x2B;` …). The sanitiser decodes them, so its output is
    // redacted after it.
    bodyHtml: null,
    htmlSeguro: safe ? redact(safe.html) : null,
    imagensRemotas: safe?.remoteImages ?? 0,
  };
}
