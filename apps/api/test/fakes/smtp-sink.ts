import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SinkMessage = { messageId: string; to: string[]; subject: string; text: string };

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function startSmtpSink(options: { delayMs?: number } = {}) {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        messages.push({
          messageId: parsed.messageId ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
