import type { AddressInfo } from 'node:net';
import { formatMessage, inboundTexts } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { AppError } from '../../lib/errors.js';
import { type DnsResolver, verifySmtpSender } from '../authenticity.js';
import { failureSummary } from '../failure.js';
import type { Ingestor } from './source.js';

export type InboundSmtpOptions = {
  port: number;
  host: string;
  /**
   * MAIL_REPLY_ADDRESS: only it and its plus-addresses (`local+tag@domain`) are accepted at RCPT; any other
   * address, of this domain or another, is refused with 550 (no open relay, no other mailbox).
   */
  replyAddress: string;
  /** Connections one client address may hold at once; more are refused with 421. */
  maxPerAddress?: number;
  /** The DNS of the sender checks (DKIM, SPF, DMARC) made when a message arrives (ADR 0023). */
  dnsResolver: DnsResolver;
  pipeline: Ingestor;
  log: FastifyBaseLogger;
  /** PEM certificate and key: STARTTLS is offered only with them. */
  tls?: { cert: Buffer; key: Buffer };
  /** Announced with SIZE; a larger message is refused with 552. */
  maxBytes?: number;
};

/** A message the listener refused after its transfer (too large, not stored): what the sources view shows. */
export type SmtpRefusal = { reason: string; at: Date };

export type InboundSmtp = {
  port: number;
  close(): Promise<void>;
  /** The last message refused after its transfer, or null (kept in memory: the sender got the bounce). */
  lastRefusal(): SmtpRefusal | null;
};

export const INBOUND_SMTP_MAX_BYTES = 35 * 1024 * 1024;
export const INBOUND_SMTP_MAX_PER_ADDRESS = 5;

/** Characters of a plus-address tag (the reply token is hex; other tags of the same mailbox are allowed). */
const TAG_CHARS = /^[a-z0-9._-]{1,64}$/;

/**
 * The answer to a message that could not be stored: 554 for what will never be accepted (an AppError of a
 * 4xx status: the sender's server bounces it at once), 451 for a transient failure (the database down:
 * the sender keeps the message and retries).
 */
export function refusalFor(error: unknown): SMTPServerError {
  return error instanceof AppError && error.status < 500
    ? smtpError(554, 'Message refused: it cannot be accepted')
    : smtpError(451, 'Temporary failure, please try again later');
}

/** Whether `address` is the reply address or one of its plus-addresses (case-insensitive). */
export function isReplyAddress(address: string, replyAddress: string): boolean {
  const wanted = replyAddress.toLowerCase();
  const at = wanted.lastIndexOf('@');
  const local = wanted.slice(0, at);
  const domain = wanted.slice(at + 1);
  const given = address.toLowerCase();
  const givenAt = given.lastIndexOf('@');
  if (givenAt < 0 || given.slice(givenAt + 1) !== domain) return false;
  const givenLocal = given.slice(0, givenAt);
  if (givenLocal === local) return true;
  return givenLocal.startsWith(`${local}+`) && TAG_CHARS.test(givenLocal.slice(local.length + 1));
}

function smtpError(responseCode: number, message: string): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * An SMTP listener for MX or a relay pointed at the product (issue 19 §2b). No AUTH: it takes mail for the
 * reply domain only, as the last hop. STARTTLS only when a certificate is configured; otherwise TLS, if
 * any, ends at the MX or relay in front.
 * 250 is answered once the pipeline stored the message (raw, status 'pendente'); processing runs after
 * that, apart, so a message that fails to process is still accepted and kept (visible as 'falhou'). Only
 * a transient failure to store (the database down) answers 451, so that the sender keeps the message and
 * retries; what will never be accepted (a permanent AppError) answers 554, so that it bounces at once.
 * The sender is checked (DKIM, SPF, DMARC) before storing, and the result is stored with the message.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { pipeline, log } = options;
  const replyDomain = options.replyAddress.split('@').pop()!.toLowerCase();
  const maxBytes = options.maxBytes ?? INBOUND_SMTP_MAX_BYTES;
  const maxPerAddress = options.maxPerAddress ?? INBOUND_SMTP_MAX_PER_ADDRESS;
  // Open connections by client address; a session is counted once it was let in.
  const perAddress = new Map<string, number>();
  const counted = new Map<string, string>();
  let lastRefusal: SmtpRefusal | null = null;
  const server = new SMTPServer({
    banner: 'Sistema de Cotacoes inbound',
    size: maxBytes,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ?? {}),
    logger: false,
    maxClients: 50,
    // A sender cut off during shutdown retries; the pipeline recognises a message it already committed.
    closeTimeout: 5000,
    onConnect(session, callback) {
      const client = session.remoteAddress;
      const open = perAddress.get(client) ?? 0;
      if (open >= maxPerAddress)
        return callback(smtpError(421, 'Too many connections from your address, try again later'));
      perAddress.set(client, open + 1);
      counted.set(session.id, client);
      callback();
    },
    onClose(session) {
      const client = counted.get(session.id);
      if (client === undefined) return;
      counted.delete(session.id);
      const open = (perAddress.get(client) ?? 1) - 1;
      if (open > 0) perAddress.set(client, open);
      else perAddress.delete(client);
    },
    onRcptTo(address, _session, callback) {
      if (!isReplyAddress(address.address, options.replyAddress))
        return callback(smtpError(550, 'Mailbox unavailable: unknown recipient'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        length += chunk.length;
        if (length <= maxBytes) chunks.push(chunk);
      });
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          // Refused after the transfer: the sender gets the bounce; the sources view and the log say it
          // too (QA pass 37: nothing here knew a message had been refused).
          const mb = (length / 1024 / 1024).toFixed(1).replace('.', ',');
          lastRefusal = {
            reason: formatMessage(inboundTexts.sources.smtpTooLarge, {
              mb,
              limite: Math.round(maxBytes / 1024 / 1024),
              remetente: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            }),
            at: new Date(),
          };
          log.warn(
            {
              size: length,
              maxBytes,
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            },
            'smtp: message over the size limit refused (552)',
          );
          return callback(smtpError(552, 'Message exceeds fixed maximum message size'));
        }
        const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        const smtp = {
          remoteAddress: session.remoteAddress,
          helo: session.hostNameAppearsAs || undefined,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        };
        const raw = Buffer.concat(chunks, length);
        // Its arrival: an answer's time when the sender's Date header is off (the pipeline's answeredAt).
        const arrivedAt = new Date();
        verifySmtpSender(raw, smtp, options.dnsResolver)
          .then((authentication) =>
            pipeline.receive(raw, { source: 'smtp', envelopeTo, smtp, authentication, arrivedAt }),
          )
          .then((stored) => {
            callback(null, `Accepted ${stored.inboundId}`);
            if (!stored.duplicate) pipeline.processSoon(stored.inboundId);
          })
          .catch((error: unknown) => {
            const refusal = refusalFor(error);
            lastRefusal = {
              reason: formatMessage(inboundTexts.sources.smtpNotStored, { motivo: failureSummary(error) }),
              at: new Date(),
            };
            log.error(
              { size: length, recipients: envelopeTo.length, reason: failureSummary(error) },
              `smtp: message not stored, answering ${refusal.responseCode}`,
            );
            callback(refusal);
          });
      });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'smtp: connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  log.info({ host: options.host, port, replyDomain }, 'smtp: inbound listener ready');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    lastRefusal: () => lastRefusal,
  };
}
