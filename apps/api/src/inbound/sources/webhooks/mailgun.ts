import { createHmac, timingSafeEqual } from 'node:crypto';
import { composeFromFields, type HeaderPair, hashMessageId } from './compose.js';
import {
  addressesOf,
  jsonField,
  numberedFiles,
  textField,
  type WebhookForm,
  type WebhookMessage,
} from './form.js';

/**
 * A signed request older than this is refused. Mailgun's retries resend the original signature (its
 * timestamp included) for about 8 hours (10 min, 15 min, 30 min, 1 h, 2 h, 4 h): a shorter window would
 * refuse the retries of a delivery that failed, and lose the reply. Replay within the window is bounded by
 * the one-use token (the route keeps each token, bound to its bytes, this long).
 */
export const MAILGUN_MAX_AGE_SECONDS = 9 * 60 * 60;
/** A timestamp this far ahead of our clock is still taken (clock skew). */
export const MAILGUN_MAX_SKEW_SECONDS = 5 * 60;

/**
 * Mailgun's webhook signature: hex(HMAC-SHA256(signing key, timestamp + token)) equals `signature`,
 * compared in constant time (the worked vector of the contract is in the tests).
 */
export function mailgunSignatureValid(
  signingKey: string,
  timestamp: string,
  token: string,
  signature: string,
): boolean {
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the signed timestamp (epoch seconds) is within the accepted window of `nowMs`. */
export function mailgunTimestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  const age = nowMs / 1000 - Number(timestamp);
  return age <= MAILGUN_MAX_AGE_SECONDS && age >= -MAILGUN_MAX_SKEW_SECONDS;
}

/**
 * Mailgun's route `forward()` post → the raw message (issue 34 §3). A route URL ending in `mime` posts it
 * whole in `body-mime` (taken byte for byte); otherwise the message is rebuilt from `message-headers`
 * (the original header list, in order), the bodies and `attachment-1..N`.
 */
export async function mailgunMessage(form: WebhookForm): Promise<WebhookMessage | null> {
  const envelopeTo = addressesOf(textField(form, 'recipient'));
  const mime = form.fields.get('body-mime');
  if (mime?.length) return { raw: mime, envelopeTo };
  const headers = jsonField<unknown>(form, 'message-headers');
  const pairs: HeaderPair[] = Array.isArray(headers)
    ? headers.filter(
        (pair): pair is HeaderPair =>
          Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
      )
    : [];
  const from = textField(form, 'from');
  if (!pairs.length && !from) return null;
  if (!pairs.some(([name]) => name.toLowerCase() === 'from') && from) pairs.push(['From', from]);
  const subject = textField(form, 'subject');
  if (!pairs.some(([name]) => name.toLowerCase() === 'subject') && subject) pairs.push(['Subject', subject]);
  if (!pairs.some(([name]) => name.toLowerCase() === 'to') && envelopeTo.length)
    pairs.push(['To', envelopeTo.join(', ')]);
  const text = textField(form, 'body-plain');
  const html = textField(form, 'body-html');
  const raw = await composeFromFields({
    headers: pairs,
    text,
    html,
    attachments: numberedFiles(form, /^attachment-(\d+)$/),
    fallbackMessageId: hashMessageId('mailgun.inbound', JSON.stringify(pairs), text, html),
  });
  return { raw, envelopeTo };
}
