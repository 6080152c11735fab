import nodemailer from 'nodemailer';

export type ComposedMessage = {
  from: string;
  to: string[];
  subject: string;
  /** Absent: an HTML-only message. */
  text?: string;
  /** An HTML alternative (a mail client's message with a signature logo). */
  html?: string;
  messageId?: string;
  inReplyTo?: string | null;
  references?: string[];
  date?: Date;
  /** `cid`: shown inside the HTML body (a signature's logo), not offered as a file. */
  attachments?: { filename: string; content: Buffer; contentType?: string; cid?: string }[];
  headers?: Record<string, string>;
};

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/**
 * A real RFC 822 message, for answers that did not arrive as one (typed or pasted by hand, the local
 * mailbox's 'reply as carrier'): they enter the pipeline exactly like mail from a mailbox.
 */
export async function composeMessage(message: ComposedMessage): Promise<Buffer> {
  const info = await composer.sendMail({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    date: message.date ?? new Date(),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references?.length ? { references: message.references } : {}),
    attachments: message.attachments,
    headers: message.headers,
  });
  return info.message as Buffer;
}
