import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Fake Mailgun, SendGrid and Postmark: each posts an inbound message to our webhook over real HTTP in the
 * provider's format, as written in the contract (fixtures/external/inbound_email_webhooks.json, a copy of
 * the shared contract): field names, encodings (urlencoded or multipart, JSON), signature and basic auth.
 */

const fixturePath = path.resolve(import.meta.dirname, '../fixtures/external/inbound_email_webhooks.json');
export const webhookContract = JSON.parse(fs.readFileSync(fixturePath, 'utf8')) as {
  mailgun_routes: {
    verify_signature_example: {
      signing_key: string;
      timestamp: string;
      token: string;
      expected_signature_hex: string;
    };
    example_constructed: Record<string, string>;
  };
  sendgrid_inbound_parse: { example_constructed: Record<string, string> };
  postmark_inbound: { example_constructed: Record<string, unknown> };
};

export type Delivery = { status: number; body: { message?: string; code?: string }; headers: Headers };

export type FakeProviderOptions = {
  /** The app's base URL, e.g. http://127.0.0.1:PORT */
  baseUrl: string;
  mailgunKey: string;
  user: string;
  password: string;
};

export function mailgunSignature(key: string, timestamp: string, token: string): string {
  return createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
}

async function deliver(url: string, init: RequestInit): Promise<Delivery> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Delivery['body'] = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: response.status, body, headers: response.headers };
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export function fakeProviders(options: FakeProviderOptions) {
  const signed = (
    overrides: { timestamp?: string; token?: string; signature?: string; key?: string } = {},
  ) => {
    const timestamp = overrides.timestamp ?? String(Math.floor(Date.now() / 1000));
    const token = overrides.token ?? randomBytes(25).toString('hex');
    const signature =
      overrides.signature ?? mailgunSignature(overrides.key ?? options.mailgunKey, timestamp, token);
    return { timestamp, token, signature };
  };

  return {
    /**
     * Mailgun `forward()` to a URL ending in "mime": `body-mime` plus the signature fields; urlencoded
     * (no attachments), as Mailgun posts it. `fields` replaces the signed fields (a forgery, a replay).
     */
    mailgunMime(raw: Buffer | string, recipient: string, fields: Record<string, string> = {}) {
      const form = new URLSearchParams({
        recipient,
        sender: 'pricing@atlantica.com.br',
        'body-mime': raw.toString(),
        ...signed(),
        ...fields,
      });
      return deliver(`${options.baseUrl}/api/inbound/mailgun/mime`, { method: 'POST', body: form });
    },

    /** Mailgun `forward()` to a plain URL: the parsed fields, multipart because of the attachment. */
    mailgunParsed(
      fields: {
        recipient: string;
        from: string;
        subject: string;
        messageHeaders: Array<[string, string]>;
        bodyPlain: string;
        attachment?: { filename: string; content: Buffer; type: string };
      },
      signature: Record<string, string> = {},
    ) {
      const example = webhookContract.mailgun_routes.example_constructed;
      const form = new FormData();
      const values: Record<string, string> = {
        ...example,
        recipient: fields.recipient,
        sender: fields.from,
        from: fields.from,
        subject: fields.subject,
        'body-plain': fields.bodyPlain,
        'stripped-text': fields.bodyPlain,
        'body-html': '',
        'stripped-html': '',
        'message-headers': JSON.stringify(fields.messageHeaders),
        'attachment-count': fields.attachment ? '1' : '0',
        ...signed(),
        ...signature,
      };
      for (const [name, value] of Object.entries(values)) form.append(name, value);
      if (fields.attachment)
        form.append(
          'attachment-1',
          new Blob([new Uint8Array(fields.attachment.content)], { type: fields.attachment.type }),
          fields.attachment.filename,
        );
      return deliver(`${options.baseUrl}/api/inbound/mailgun`, { method: 'POST', body: form });
    },

    /** SendGrid Inbound Parse with "POST the raw, full MIME message": multipart with `email`. */
    sendgridRaw(
      raw: Buffer | string,
      envelope: { to: string[]; from: string },
      auth: { user: string; password: string } | null = options,
    ) {
      const example = webhookContract.sendgrid_inbound_parse.example_constructed;
      const form = new FormData();
      for (const name of ['dkim', 'SPF', 'sender_ip', 'spam_score', 'charsets'])
        form.append(name, example[name] ?? '');
      form.append('envelope', JSON.stringify(envelope));
      form.append('email', raw.toString());
      return deliver(`${options.baseUrl}/api/inbound/sendgrid`, {
        method: 'POST',
        body: form,
        headers: auth ? { authorization: basic(auth.user, auth.password) } : {},
      });
    },

    /** Postmark's inbound JSON: the contract's example with `overrides` applied. */
    postmark(overrides: Record<string, unknown>, auth: { user: string; password: string } | null = options) {
      const body = { ...webhookContract.postmark_inbound.example_constructed, ...overrides };
      return deliver(`${options.baseUrl}/api/inbound/postmark`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: basic(auth.user, auth.password) } : {}),
        },
      });
    },
  };
}
