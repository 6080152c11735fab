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
 * blank line, body) with its attachments. A message Outlook embeds (forwarded "as attachment") is one of
 * them, written back as a .msg of its own by msgreader, so the engine reads it like an attached .msg file
 * (QA pass 18: its body and its own attachments were lost without a word).
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
  const skipped: string[] = [];
  for (const attachment of data.attachments ?? []) {
    // Hidden: pictures of the body (signature logos) that Outlook does not list as attachments.
    if (attachment.attachmentHidden === true) continue;
    if (attachments.length >= maxAttachments) {
      skipped.push(attachmentName(attachment));
      continue;
    }
    const file = reader.getAttachment(attachment);
    if (file.content === undefined || file.content.length === 0) continue;
    attachments.push({
      filename: attachmentName(attachment, file.fileName),
      content: new Uint8Array(file.content),
      inline: (attachment.pidContentId ?? '') !== '',
    });
  }
  return {
    text: `${header.join('\n')}\n\n${body.replace(/\r\n?/g, '\n')}`,
    attachments,
    ...(skipped.length === 0 ? {} : { skipped }),
  };
}

/** The attachment's long file name; an embedded message by its subject (msgreader names it "<subject>.msg"). */
function attachmentName(attachment: FieldsData, written?: string): string {
  if (attachment.innerMsgContent === true) {
    const subject = attachment.innerMsgContentFields?.subject ?? attachment.name ?? '';
    // A name, not a path: "/" would read as a folder in the provenance "attachment:<outer>/<inner>".
    const name = subject.replace(/[\\/]+/g, '-').trim();
    return `${name === '' ? 'mensagem encaminhada' : name}.msg`;
  }
  return written || attachment.fileName || attachment.fileNameShort || 'anexo';
}
