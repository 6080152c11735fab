import { createHash, timingSafeEqual } from 'node:crypto';
import { messageResponseSchema, successMessages } from '@cotacoes/shared';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import type { WebhookForm, WebhookMessage } from '../../inbound/sources/webhooks/form.js';
import { textField } from '../../inbound/sources/webhooks/form.js';
import {
  type WebhookIngress,
  type WebhookProvider,
  webhookConfigured,
} from '../../inbound/sources/webhooks/ingress.js';
import {
  MAILGUN_MAX_AGE_SECONDS,
  mailgunMessage,
  mailgunSignatureValid,
  mailgunTimestampFresh,
} from '../../inbound/sources/webhooks/mailgun.js';
import { postmarkInboundSchema, postmarkMessage } from '../../inbound/sources/webhooks/postmark.js';
import { sendgridMessage } from '../../inbound/sources/webhooks/sendgrid.js';
import { AppError, problemResponses } from '../../lib/errors.js';
import type { CounterStore } from '../../lib/shared-limits.js';
import { access } from '../../plugins/access.js';

const tags = ['inbound-webhooks'];
const responses = { 200: messageResponseSchema, ...problemResponses(400, 401, 404, 413, 415, 429, 503) };
/** Providers post from a handful of addresses, in bursts: generous per IP, still a ceiling for abuse. */
const rateLimit = { max: 600, timeWindow: '1 minute' };
const URLENCODED = 'application/x-www-form-urlencoded';

/** Constant-time equality of two secrets of any length (compares their SHA-256 digests). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `Authorization: Basic …` against INBOUND_WEBHOOK_USER / INBOUND_WEBHOOK_PASSWORD, in constant time. */
function basicAuthValid(request: FastifyRequest, config: AppConfig): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const user = colon >= 0 ? decoded.slice(0, colon) : '';
  const password = colon >= 0 ? decoded.slice(colon + 1) : '';
  // Both compared every time: the answer takes as long whichever part is wrong.
  const userOk = sameSecret(user, config.INBOUND_WEBHOOK_USER ?? '');
  const passwordOk = sameSecret(password, config.INBOUND_WEBHOOK_PASSWORD ?? '');
  return match !== null && userOk && passwordOk;
}

/** `a=1&b=%C3%A9` → fields of raw bytes (percent-escapes decoded to bytes, not through a charset). */
function parseUrlencoded(body: Buffer): WebhookForm {
  const fields = new Map<string, Buffer>();
  const bytes = (part: string) =>
    Buffer.from(
      part
        .replace(/\+/g, ' ')
        .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  for (const pair of body.toString('latin1').split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = bytes(equals >= 0 ? pair.slice(0, equals) : pair).toString('utf8');
    fields.set(name, bytes(equals >= 0 ? pair.slice(equals + 1) : ''));
  }
  return { fields, files: new Map() };
}

/**
 * Reads a provider's form post: urlencoded (parsed when the body arrived) or multipart, each text field
 * kept as its bytes (read as latin1, which maps every byte to one character and back), each file whole;
 * past `maxBytes` in all, WEBHOOK_TOO_LARGE and nothing is kept.
 */
async function readForm(request: FastifyRequest, maxBytes: number, tooLarge: AppError): Promise<WebhookForm> {
  if (request.body && typeof request.body === 'object' && 'fields' in request.body)
    return request.body as WebhookForm;
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const form: WebhookForm = { fields: new Map(), files: new Map() };
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > maxBytes) throw tooLarge;
  };
  try {
    for await (const part of request.parts({
      limits: { fieldSize: maxBytes, fileSize: maxBytes, fields: 300, files: 100, parts: 400 },
      defCharset: 'latin1',
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        count(content.length);
        const list = form.files.get(part.fieldname) ?? [];
        list.push({ filename: part.filename || 'anexo', content, contentType: part.mimetype });
        form.files.set(part.fieldname, list);
      } else {
        if (part.valueTruncated) throw tooLarge;
        const value = Buffer.from(String(part.value ?? ''), 'latin1');
        count(value.length);
        form.fields.set(part.fieldname, value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || /LIMIT/.test(code)) throw tooLarge;
    request.log.info({ err: error }, 'inbound webhook: malformed multipart body');
    throw new AppError('MULTIPART_INVALID');
  }
  return form;
}

/**
 * Provider inbound webhooks (issue 34 §3, ADR 0029): POST /api/inbound/{mailgun|sendgrid|postmark}. Each
 * is a thin ingress (Action Mailbox's ingress controllers are the model): check the provider's secret,
 * turn its payload into the raw message (inbound/sources/webhooks/), hand it to the pipeline and answer
 * 200 only once it is committed. A provider's retry of a stored message answers 200 and stores nothing.
 * Public machine-to-machine routes (no session, no Origin, form bodies): the secret is the credential;
 * the reply token in the message decides the company, never the webhook it came through.
 */
export const inboundWebhooksRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  ingress: WebhookIngress;
  counters: CounterStore;
}> = async (app, { config, ingress, counters }) => {
  const maxBytes = config.INBOUND_WEBHOOK_MAX_MB * 1024 * 1024;
  const tooLarge = () => new AppError('WEBHOOK_TOO_LARGE', { max: config.INBOUND_WEBHOOK_MAX_MB });

  // Mailgun posts urlencoded when a message has no attachments (multipart otherwise). Parsed here into
  // fields of bytes, in this plugin only: every other route still refuses a form body.
  app.addContentTypeParser(URLENCODED, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => {
    done(null, parseUrlencoded(body as Buffer));
  });

  /** Refuses before the body is read: 404 when unconfigured, 401 without the credentials, 413 when large. */
  function gate(provider: WebhookProvider): onRequestHookHandler {
    return (request, reply, done) => {
      if (!webhookConfigured(config, provider)) return done(new AppError('ROUTE_NOT_FOUND'));
      if (provider !== 'mailgun' && !basicAuthValid(request, config)) {
        reply.header('www-authenticate', 'Basic realm="inbound", charset="UTF-8"');
        return done(refuse(request, provider, new AppError('WEBHOOK_UNAUTHORIZED')));
      }
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > maxBytes) return done(refuse(request, provider, tooLarge()));
      done();
    };
  }

  function refuse(request: FastifyRequest, provider: WebhookProvider, error: AppError): AppError {
    request.log.warn({ provider, code: error.code }, 'inbound webhook refused');
    ingress.recordFailure(provider, error.userMessage);
    return error;
  }

  /** Stores the message; 200 once committed, also for a retry of one already stored. */
  async function store(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: WebhookProvider,
    message: WebhookMessage | null,
    missing: string,
  ) {
    if (!message)
      throw refuse(request, provider, new AppError('WEBHOOK_PAYLOAD_INVALID', { motivo: missing }));
    if (message.raw.length > maxBytes) throw refuse(request, provider, tooLarge());
    let stored: Awaited<ReturnType<WebhookIngress['receive']>>;
    try {
      stored = await ingress.receive(provider, message);
    } catch (error) {
      // Not committed: a 503 makes the provider keep the message and retry.
      request.log.error({ provider, err: error }, 'inbound webhook: the message could not be stored');
      throw refuse(request, provider, new AppError('SERVICE_UNAVAILABLE').withCause(error));
    }
    return reply.status(200).send({
      message: stored.duplicate
        ? successMessages.inboundWebhookDuplicate
        : successMessages.inboundWebhookStored,
    });
  }

  const formRoute = (provider: WebhookProvider) => ({
    config: { access: access.public, multipart: true, rateLimit },
    bodyLimit: maxBytes,
    onRequest: gate(provider),
    schema: { tags, response: responses },
  });

  async function mailgun(request: FastifyRequest, reply: FastifyReply) {
    const form = await readForm(request, maxBytes, tooLarge());
    const timestamp = textField(form, 'timestamp') ?? '';
    const token = textField(form, 'token') ?? '';
    const signature = textField(form, 'signature') ?? '';
    const signed =
      token.length > 0 &&
      token.length <= 200 &&
      mailgunSignatureValid(config.MAILGUN_SIGNING_KEY ?? '', timestamp, token, signature);
    if (!signed || !mailgunTimestampFresh(timestamp, Date.now()))
      throw refuse(request, 'mailgun', new AppError('WEBHOOK_UNAUTHORIZED'));
    // A token is used once (a captured request replayed with another body is refused); the same bytes
    // again are the provider's retry, which the pipeline recognises as the message already stored.
    const window = (MAILGUN_MAX_AGE_SECONDS + 3600) * 1000;
    const bodyHash = createHash('sha256');
    for (const [name, value] of [...form.fields].sort(([a], [b]) => a.localeCompare(b)))
      bodyHash.update(name).update('\0').update(value).update('\0');
    for (const [name, files] of form.files)
      for (const file of files) bodyHash.update(name).update('\0').update(file.content).update('\0');
    const uses = await counters.hit(`mailgun-token:${token}`, window);
    const sameUses = await counters.hit(`mailgun-token:${token}:${bodyHash.digest('hex')}`, window);
    if (uses.count !== sameUses.count) throw refuse(request, 'mailgun', new AppError('WEBHOOK_UNAUTHORIZED'));
    return store(request, reply, 'mailgun', await mailgunMessage(form), 'faltam body-mime e message-headers');
  }

  app.post('/inbound/mailgun', formRoute('mailgun'), mailgun);
  // Mailgun posts the raw message (`body-mime`) only to a URL that ends in "mime": point the route here.
  app.post('/inbound/mailgun/mime', formRoute('mailgun'), mailgun);

  app.post('/inbound/sendgrid', formRoute('sendgrid'), async (request, reply) => {
    const form = await readForm(request, maxBytes, tooLarge());
    return store(request, reply, 'sendgrid', await sendgridMessage(form), 'faltam email e headers');
  });

  app.post(
    '/inbound/postmark',
    {
      config: { access: access.public, rateLimit },
      bodyLimit: maxBytes,
      onRequest: gate('postmark'),
      schema: { tags, body: postmarkInboundSchema, response: responses },
    },
    async (request, reply) =>
      store(request, reply, 'postmark', await postmarkMessage(request.body), 'falta o remetente (From)'),
  );
};
