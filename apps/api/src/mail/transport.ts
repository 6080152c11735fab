import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

export interface MailTransport {
  /** Delivers one RFC 5322 message; delivering the same Message-ID twice must not duplicate it locally. */
  deliver(message: Mail.Options & { messageId: string }): Promise<void>;
  close(): void;
}

/** File name of a stored message: safe characters of the Message-ID, so a redelivery overwrites nothing new. */
export function emlFileName(messageId: string): string {
  return `${messageId.replace(/^<|>$/g, '').replace(/[^a-zA-Z0-9._@-]/g, '_')}.eml`;
}

/** MAIL_TRANSPORT=local: each message becomes an .eml file in `dir`, and the console says so. */
export function createLocalTransport(dir: string, logger: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, emlFileName(message.messageId));
      const info = await composer.sendMail(message);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, target);
      logger.info(
        { to: message.to, bcc: message.bcc, subject: message.subject, file: target },
        'mail written to local mailbox',
      );
    },
    close() {
      composer.close();
    },
  };
}

/** Pooled: `connections` messages go out at once over connections kept open between messages. */
export function createSmtpTransport(url: string, logger: FastifyBaseLogger, connections = 1): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
    // A stalled server fails the delivery (retried later) instead of holding its slot for minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async deliver(message) {
      const info = await transporter.sendMail(message);
      logger.info({ to: message.to, subject: message.subject, response: info.response }, 'mail sent by SMTP');
    },
    close() {
      transporter.close();
    },
  };
}
