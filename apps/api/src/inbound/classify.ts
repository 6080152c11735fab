import { addressesIn, fieldValues, leadingMessageId, leadingStatus, withoutType } from '../lib/mail-text.js';
import type { ParsedInbound } from './parse.js';

const AUTO_SUBJECT =
  /^\s*(auto(matic)?[\s-]*(reply|response)|out of (the )?office|resposta autom[aá]tica|aus[eê]ncia|ausente|fora do escrit[oó]rio|respuesta autom[aá]tica|fuera de la oficina|abwesenheit)/i;

function header(parsed: ParsedInbound, name: string): string {
  const value = parsed.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
}

/** An amount of money in a body ("USD 2.640,00", "R$ 1.450"): what a quote has and an out-of-office has not. */
const MONEY = /(?:\bUSD|US\$|R\$|\bBRL|\bEUR|€)\s?\d/i;

/**
 * An automatic reply: an out-of-office or an acknowledgement (RFC 3834 `Auto-Submitted: auto-replied`,
 * vendor headers, out-of-office subjects). A message a system generated (`Auto-Submitted: auto-generated`,
 * `Precedence: bulk`) is one only when it states no price: forwarders' quoting systems (CargoWise and the
 * like) send their quotes that way, and such a quote is the carrier's answer (the inbox QA's finding).
 */
export function isAutoReply(parsed: ParsedInbound): boolean {
  const autoSubmitted = header(parsed, 'auto-submitted').toLowerCase().trim();
  if (autoSubmitted.startsWith('auto-replied')) return true;
  if (header(parsed, 'x-autoreply') || header(parsed, 'x-autorespond')) return true;
  if (AUTO_SUBJECT.test(parsed.subject)) return true;
  const generated =
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    /^(auto_reply|bulk|junk)$/i.test(header(parsed, 'precedence').trim());
  return (
    generated && !MONEY.test(`${parsed.text.slice(0, 50_000)}\n${(parsed.html ?? '').slice(0, 200_000)}`)
  );
}

export type Bounce = {
  /** Message-IDs of the original message named in the report. */
  originalMessageIds: string[];
  /** Addresses that failed (Final-Recipient / Original-Recipient). */
  recipients: string[];
  /** pt-BR reason shown on the detail screen. */
  reason: string;
};

const DSN_SENDER = /^(mailer-daemon|postmaster|mail-daemon)@/i;

/**
 * A delivery status notification (RFC 3464 multipart/report, or a mailer-daemon message): which original
 * message and which recipients failed, and why. Null for anything else.
 */
export function readBounce(parsed: ParsedInbound, raw: Buffer): Bounce | null {
  const contentType = header(parsed, 'content-type').toLowerCase();
  const report = /multipart\/report/.test(contentType) && /delivery-status/.test(contentType);
  const statusPart = parsed.attachments.find((a) => /delivery-status/i.test(a.contentType));
  const fromDaemon = DSN_SENDER.test(parsed.from.address ?? '');
  if (!report && !statusPart && !fromDaemon) return null;

  const body = raw.subarray(0, Math.min(raw.length, 512 * 1024)).toString('utf8');
  const statusText = statusPart ? statusPart.content.toString('utf8') : body;
  // Field by field, line by line: every pattern here runs on text the sender wrote (issue 29 item 7).
  const recipients = [
    ...fieldValues(statusText, 'Final-Recipient'),
    ...fieldValues(statusText, 'Original-Recipient'),
  ].flatMap((value) => addressesIn([withoutType(value, 'rfc822')]).slice(0, 1));
  const status = fieldValues(statusText, 'Status').map(leadingStatus).find(Boolean);
  const diagnostic = fieldValues(statusText, 'Diagnostic-Code')
    .map((value) => withoutType(value, 'smtp'))
    .find(Boolean);
  // The original's headers come back in a message/rfc822 or text/rfc822-headers part; the first
  // Message-ID in the raw report is the report's own, so read the ones after it.
  const ids = fieldValues(body, 'Message-ID')
    .map(leadingMessageId)
    .filter((id): id is string => id !== null);
  const originalMessageIds = ids.filter((id) => id !== parsed.messageId);
  if (!report && !statusPart && recipients.length === 0 && originalMessageIds.length === 0) return null;

  const parts = [status ? `status ${status}` : null, diagnostic ? diagnostic.slice(0, 300) : null].filter(
    Boolean,
  );
  return {
    originalMessageIds,
    recipients: [...new Set(recipients)],
    reason:
      parts.length > 0 ? `Entrega falhou (${parts.join(': ')})` : 'Entrega falhou (devolução do servidor)',
  };
}
