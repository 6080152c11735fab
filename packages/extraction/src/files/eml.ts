import { simpleParser } from 'mailparser';

export interface ParsedEmail {
  text: string;
  attachments: Array<{ filename: string; content: Uint8Array }>;
}

/**
 * MIME message to the text layout the engine reads (header lines, blank line, body) plus its attachments.
 * The Date header is kept as written so the sender's calendar day is the one used for relative validity.
 */
export async function parseEmail(buffer: Uint8Array, maxAttachments: number): Promise<ParsedEmail> {
  const mail = await simpleParser(Buffer.from(buffer), {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipHtmlToText: true,
    maxHtmlLengthToParse: 2_000_000,
  });
  const address = (value: unknown) =>
    value === undefined || value === null
      ? ''
      : Array.isArray(value)
        ? value.map((v) => v.text).join(', ')
        : (value as { text: string }).text;
  const dateLine = mail.headerLines.find((h) => h.key === 'date')?.line.replace(/\s+/g, ' ') ?? null;
  const header = [
    `Subject: ${mail.subject ?? ''}`,
    `From: ${address(mail.from)}`,
    `To: ${address(mail.to)}`,
    dateLine,
  ];
  const body =
    (mail.text ?? '').trim() !== ''
      ? (mail.text ?? '')
      : htmlToPlainText(typeof mail.html === 'string' ? mail.html : '');
  const attachments = mail.attachments
    .filter((a) => a.contentDisposition !== 'inline' || a.filename !== undefined)
    .slice(0, maxAttachments)
    .map((a) => ({ filename: a.filename ?? 'anexo', content: new Uint8Array(a.content) }));
  return { text: `${header.filter((l) => l !== null).join('\n')}\n\n${body}`, attachments };
}

/** Minimal HTML to text for bodies without a text part: block tags become line breaks, cells tabs. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h\d|table|blockquote)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/[ \t]*\n[ \t]*/g, '\n');
}
