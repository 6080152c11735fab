import { createRequire } from 'node:module';
import type { AttachmentData, FieldsData } from '@kenjiuno/msgreader/lib/MsgReader.js';
import type { ParsedEmail } from './eml.js';
import { htmlToPlainText } from './eml.js';

// A CommonJS package whose class is `exports.default`: required directly so ESM interop cannot shift it.
interface MsgReaderInstance {
  getFileData(): FieldsData;
  getAttachment(attachment: FieldsData): AttachmentData;
}
const MsgReader = (
  createRequire(import.meta.url)('@kenjiuno/msgreader') as {
    default: new (data: ArrayBuffer) => MsgReaderInstance;
  }
).default;

/** The Date header of the transport headers, else the submit/delivery time the message stores. */
function dateLine(headers: string | undefined, submitted: string | undefined): string | null {
  const fromHeaders = headers === undefined ? null : /^date:\s*(.+)$/im.exec(headers)?.[1]?.trim();
  if (fromHeaders) return `Date: ${fromHeaders}`;
  if (submitted === undefined || submitted === '') return null;
  const date = new Date(submitted);
  return Number.isNaN(date.getTime()) ? null : `Date: ${date.toUTCString()}`;
}

/**
 * An Outlook .msg (compound file) read by @kenjiuno/msgreader, laid out like an e-mail (header lines,
 * blank line, body) with its file attachments; embedded messages are skipped.
 */
export function parseMsg(buffer: Uint8Array, maxAttachments: number): ParsedEmail {
  const copy = buffer.slice();
  const reader = new MsgReader(copy.buffer);
  const data = reader.getFileData();
  if (data.error !== undefined) throw new Error(data.error);
  const sender =
    data.senderEmail !== undefined && data.senderEmail !== ''
      ? `${data.senderName ?? ''} <${data.senderEmail}>`.trim()
      : (data.senderName ?? '');
  const recipients = (data.recipients ?? [])
    .map(
      (r: { smtpAddress?: string; email?: string; name?: string }) =>
        r.smtpAddress ?? r.email ?? r.name ?? '',
    )
    .filter((r: string) => r !== '')
    .join(', ');
  const header = [
    `Subject: ${data.subject ?? ''}`,
    `From: ${sender}`,
    recipients === '' ? null : `To: ${recipients}`,
    dateLine(data.headers, data.clientSubmitTime ?? data.messageDeliveryTime),
  ].filter((l): l is string => l !== null);
  const html = data.bodyHtml ?? (data.html === undefined ? undefined : new TextDecoder().decode(data.html));
  const body =
    (data.body ?? '').trim() !== '' ? (data.body ?? '') : html === undefined ? '' : htmlToPlainText(html);
  const attachments: ParsedEmail['attachments'] = [];
  for (const attachment of data.attachments ?? []) {
    if (attachments.length >= maxAttachments) break;
    if (attachment.innerMsgContent === true || attachment.attachmentHidden === true) continue;
    const file = reader.getAttachment(attachment);
    if (file.content === undefined || file.content.length === 0) continue;
    attachments.push({ filename: file.fileName || 'anexo', content: new Uint8Array(file.content) });
  }
  return { text: `${header.join('\n')}\n\n${body.replace(/\r\n?/g, '\n')}`, attachments };
}
