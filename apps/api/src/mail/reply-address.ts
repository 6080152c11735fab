import { randomBytes } from 'node:crypto';

/**
 * Reply addresses (ADR 0010): `local+token@domain` on MAIL_REPLY_ADDRESS. The token names the quote (bcc
 * mode) or one recipient (individual mode); inbound mail is matched by it first.
 */

/** `local+token@domain`: a reply to it names the quote (and, in individual mode, the carrier). */
export function replyAddress(base: string, token: string): string {
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${token}${base.slice(at)}`;
}

/** 128 bits from the CSPRNG, in lower-case base32-ish hex (safe in an address local part). */
export function newReplyToken(): string {
  return randomBytes(16).toString('hex');
}
