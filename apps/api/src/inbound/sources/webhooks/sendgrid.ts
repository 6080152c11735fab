import { composeFromFields, hashMessageId, headerPairs } from './compose.js';
import {
  addressesOf,
  jsonField,
  numberedFiles,
  textField,
  type WebhookForm,
  type WebhookMessage,
} from './form.js';

/**
 * SendGrid Inbound Parse post → the raw message (issue 34 §3). With "POST the raw, full MIME message"
 * checked the message comes whole in `email` (taken byte for byte); otherwise it is rebuilt from the
 * `headers` block, the bodies and `attachment1..N`. The envelope's recipients come from `envelope`.
 */
export async function sendgridMessage(form: WebhookForm): Promise<WebhookMessage | null> {
  const envelope = jsonField<{ to?: unknown }>(form, 'envelope');
  const envelopeTo = Array.isArray(envelope?.to)
    ? envelope.to.filter((to): to is string => typeof to === 'string').slice(0, 50)
    : addressesOf(textField(form, 'to'));
  const email = form.fields.get('email');
  if (email?.length) return { raw: email, envelopeTo };
  const block = textField(form, 'headers');
  const from = textField(form, 'from');
  if (!block && !from) return null;
  const pairs = headerPairs(block ?? '');
  const has = (name: string) => pairs.some(([key]) => key.toLowerCase() === name);
  for (const [name, field] of [
    ['From', 'from'],
    ['To', 'to'],
    ['Cc', 'cc'],
    ['Subject', 'subject'],
  ] as const) {
    const value = textField(form, field);
    if (!has(name.toLowerCase()) && value) pairs.push([name, value]);
  }
  const text = textField(form, 'text');
  const html = textField(form, 'html');
  const raw = await composeFromFields({
    headers: pairs,
    text,
    html,
    attachments: numberedFiles(form, /^attachment(\d+)$/),
    fallbackMessageId: hashMessageId('sendgrid.inbound', block, text, html),
  });
  return { raw, envelopeTo };
}
