import type { ProviderAttachment } from './compose.js';

/**
 * A provider's form post (multipart or urlencoded) as the ingresses read it: each text field's bytes as
 * they came (a raw MIME field must not go through a character set), each file with its name and type.
 */
export type WebhookForm = {
  fields: Map<string, Buffer>;
  files: Map<string, ProviderAttachment[]>;
};

/** What an ingress hands the pipeline: the raw message and the recipients the provider saw. */
export type WebhookMessage = { raw: Buffer; envelopeTo: string[] };

/** A text field, read as UTF-8 (what the three providers post); undefined when absent. */
export function textField(form: WebhookForm, name: string): string | undefined {
  return form.fields.get(name)?.toString('utf8');
}

/** A field holding JSON; undefined when absent or unreadable. */
export function jsonField<T>(form: WebhookForm, name: string): T | undefined {
  const text = textField(form, name);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The files of the numbered fields `prefix1..N` (SendGrid) or `prefix-1..N` (Mailgun), in order. */
export function numberedFiles(form: WebhookForm, pattern: RegExp): ProviderAttachment[] {
  return [...form.files.entries()]
    .map(([name, files]) => ({ index: Number(pattern.exec(name)?.[1] ?? Number.NaN), files }))
    .filter((entry) => Number.isFinite(entry.index))
    .sort((a, b) => a.index - b.index)
    .flatMap((entry) => entry.files);
}

/** Addresses of a comma-separated list ("a@x, Name <b@y>") → bare addresses. */
export function addressesOf(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((item) => (/<([^>]+)>/.exec(item)?.[1] ?? item).trim())
    .filter((address) => address.includes('@'))
    .slice(0, 50);
}
