import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { Ingestor } from './imap.js';

export type InboundSmtpOptions = {
  port: number;
  host: string;
  /** Only recipients of this domain are accepted (the domain of MAIL_REPLY_ADDRESS): no open relay. */
  replyDomain: string;
  pipeline: Ingestor;
  log: FastifyBaseLogger;
  /** PEM certificate and key: STARTTLS is offered only with them. */
  tls?: { cert: Buffer; key: Buffer };
  /** Announced with SIZE; a larger message is refused with 552. */
  maxBytes?: number;
};

export type InboundSmtp = { port: number; close(): Promise<void> };

export const INBOUND_SMTP_MAX_BYTES = 35 * 1024 * 1024;

function smtpError(responseCode: number, message: string): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * An SMTP listener for MX or a relay pointed at the product (issue 19 §2b). No AUTH: it takes mail for the
 * reply domain only, as the last hop. STARTTLS only when a certificate is configured; otherwise TLS, if
 * any, ends at the MX or relay in front.
 * 250 is answered only after the pipeline committed the message; a failure answers 451 so that the
 * sender keeps the message and retries.
 */
export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { pipeline, log } = options;
  const replyDomain = options.replyDomain.toLowerCase();
  const maxBytes = options.maxBytes ?? INBOUND_SMTP_MAX_BYTES;
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
    onRcptTo(address, _session, callback) {
      const domain = address.address.split('@').pop()?.toLowerCase();
      if (domain !== replyDomain) return callback(smtpError(550, 'Relaying denied: unknown recipient'));
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
          return callback(smtpError(552, 'Message exceeds fixed maximum message size'));
        }
        const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        pipeline
          .ingest(Buffer.concat(chunks, length), { source: 'smtp', envelopeTo })
          .then((result) => callback(null, `Accepted ${result.inboundId}`))
          .catch((error: unknown) => {
            log.error({ err: error, envelopeTo }, 'smtp: ingestion failed, answering 451');
            callback(smtpError(451, 'Temporary failure, please try again later'));
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
  };
}
