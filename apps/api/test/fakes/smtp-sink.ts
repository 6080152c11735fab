import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SinkMessage = {
  messageId: string;
  /** The SMTP envelope recipients (Bcc included). */
  to: string[];
  /** The SMTP envelope sender (MAIL FROM): where a delivery failure goes back to. */
  mailFrom: string;
  /** The To header. */
  toHeader: string;
  bccHeader: string;
  replyTo: string;
  /** The From header as parsed (display name decoded). */
  from: { name: string; address: string };
  inReplyTo: string;
  references: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** When the sink accepted the message (`performance.now()` of this process). */
  acceptedAt: number;
};

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startSmtpSink(
  options: { delayMs?: number; onAccept?: (message: SinkMessage) => void } = {},
) {
  const messages: SinkMessage[] = [];
  /** `failNext`: how many of the next messages the server refuses with a temporary error (451). */
  const controls = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (controls.failNext > 0) {
        controls.failNext--;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        messages.push({
          messageId: parsed.messageId ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          toHeader: parsed.to
            ? Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(', ')
              : parsed.to.text
            : '',
          bccHeader: parsed.headers.get('bcc')
            ? String((parsed.headers.get('bcc') as { text?: string }).text ?? '')
            : '',
          replyTo: parsed.replyTo?.text ?? '',
          from: { name: parsed.from?.value[0]?.name ?? '', address: parsed.from?.value[0]?.address ?? '' },
          inReplyTo: parsed.inReplyTo ?? '',
          references: [parsed.references ?? []].flat(),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
          acceptedAt: performance.now(),
        });
        options.onAccept?.(messages[messages.length - 1]!);
        callback();
      });
    },
  });
  /** Errors of the server other than a client going away (kept for a test to look at). */
  const errors: Error[] = [];
  // A client killed in the middle of a message (the crash tests' kill -9) resets its connection:
  // smtp-server reports that as an 'error' event, which without a listener is an uncaught exception.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    errors.push(error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    controls,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
