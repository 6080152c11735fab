import { simpleParser } from 'mailparser';

export interface ParsedEmail {
  text: string;
  /**
   * `inline`: shown inside the body (a `cid:` picture, an Outlook signature logo) rather than attached; such
   * a part of a kind the engine does not read is decoration, left out without a reason (QA pass 18).
   */
  attachments: Array<{ filename: string; content: Uint8Array; inline?: boolean }>;
  /** Names of the attachments past the count limit, not read: each leaves a reason (QA pass 18). */
  skipped?: string[];
}

/**
 * mailparser's options; `maxHeadSize` (passed on to its splitter, not in its types) bounds the header bytes
 * of each MIME part as the inbound pipeline does (issue 29 item 7): a bigger part fails the parse.
 */
const PARSER_OPTIONS = {
  skipImageLinks: true,
  skipTextToHtml: true,
  skipHtmlToText: true,
  maxHtmlLengthToParse: 2_000_000,
  maxHeadSize: 256 * 1024,
};

/**
 * MIME message to the text layout the engine reads (header lines, blank line, body) plus its attachments.
 * The Date header is kept as written so the sender's calendar day is the one used for relative validity.
 */
export async function parseEmail(buffer: Uint8Array, maxAttachments: number): Promise<ParsedEmail> {
  const mail = await parseWithKnownCharsets(Buffer.from(buffer));
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
  const parts = mail.attachments.filter((a) => a.contentDisposition !== 'inline' || a.filename !== undefined);
  const attachments = parts.slice(0, maxAttachments).map((a) => ({
    filename: a.filename ?? attachedMessageName(a.contentType),
    content: new Uint8Array(a.content),
    inline: a.related === true || a.contentDisposition === 'inline',
  }));
  const skipped = parts.slice(maxAttachments).map((a) => a.filename ?? attachedMessageName(a.contentType));
  return {
    text: `${header.filter((l) => l !== null).join('\n')}\n\n${body}`,
    attachments,
    ...(skipped.length === 0 ? {} : { skipped }),
  };
}

/** A `charset=` parameter of a MIME header, quoted or not (read over the bytes as Latin-1). */
const CHARSET_PARAMETER = /(\bcharset\s*=\s*)("?)([^"\s;]+)\2/gi;

/** Whether a charset label is one a decoder knows (the WHATWG labels: utf-8, iso-8859-1, windows-1252 …). */
export function knownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parsed message. A part declaring a charset no decoder knows ("iso-8859-99") is decoded by mailparser
 * as UTF-8: Latin-1 bytes then become U+FFFD ("Frete mar�timo", the QA pass). When that happens, the
 * message is parsed again with every unknown charset read as windows-1252 (a superset of Latin-1, what such
 * mail almost always is), and that reading is kept if it lost fewer characters. Bytes that are valid UTF-8
 * decode without U+FFFD and are never read again.
 */
async function parseWithKnownCharsets(buffer: Buffer) {
  const mail = await simpleParser(buffer, PARSER_OPTIONS);
  const lost = (parsed: typeof mail) =>
    `${parsed.text ?? ''}${typeof parsed.html === 'string' ? parsed.html : ''}`.split('\uFFFD').length - 1;
  const before = lost(mail);
  if (before === 0) return mail;
  const raw = buffer.toString('latin1');
  let unknown = false;
  const relabelled = raw.replace(CHARSET_PARAMETER, (whole, lead: string, quote: string, label: string) => {
    if (knownCharset(label)) return whole;
    unknown = true;
    return `${lead}${quote}windows-1252${quote}`;
  });
  if (!unknown) return mail;
  const again = await simpleParser(Buffer.from(relabelled, 'latin1'), PARSER_OPTIONS);
  return lost(again) < before ? again : mail;
}

/** A forwarded message (message/rfc822) often has no file name: it is named as one, so its reason reads well. */
function attachedMessageName(contentType: string): string {
  return /^message\/rfc822/i.test(contentType) ? 'mensagem encaminhada.eml' : 'anexo';
}

/** Elements whose content is not text: dropped with their content when they are closed. */
const SKIPPED_ELEMENTS = ['script', 'style', 'head'] as const;
/** Closing tags that end a line, and those that end a table cell. */
const LINE_END_TAG = /^<\/(p|div|tr|li|h\d|table|blockquote)>$/i;
const CELL_END_TAG = /^<\/t[dh]>$/i;
const BREAK_TAG = /^<br\s*\/?>$/i;

/** `line` without spaces and tabs at the start (`start`) and at the end (`end`). */
function trimBlanks(line: string, start: boolean, end: boolean): string {
  let from = 0;
  let to = line.length;
  if (start) while (from < to && (line[from] === ' ' || line[from] === '\t')) from++;
  if (end) while (to > from && (line[to - 1] === ' ' || line[to - 1] === '\t')) to--;
  return line.slice(from, to);
}

/**
 * Minimal HTML to text for bodies without a text part: block tags become line breaks, cells tabs. One pass
 * over the HTML, no pattern that can backtrack on the sender's markup (issue 29 item 7).
 */
export function htmlToPlainText(html: string): string {
  const lower = html.toLowerCase();
  // As a browser shows it: a line break in the markup is a space, a block tag ends a line. Without any block
  // tag, the sender's own line breaks are all there is (a text body labelled HTML).
  const marked = /<(?:br|p|div|tr|li|table)\b/i.test(html);
  const text = (chunk: string) => (marked ? chunk.replace(/[\r\n\t ]+/g, ' ') : chunk);
  const parts: string[] = [];
  /** Where a search found nothing: searching again from further on cannot find anything either. */
  const missing = new Set<string>();
  let index = 0;
  let textStart = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open < 0 || missing.has('>')) break;
    const close = html.indexOf('>', open + 1);
    if (close < 0) {
      missing.add('>');
      break;
    }
    if (close === open + 1) {
      index = close;
      continue;
    }
    const skipped = SKIPPED_ELEMENTS.find((name) => lower.startsWith(name, open + 1));
    if (skipped && !missing.has(skipped)) {
      const end = lower.indexOf(`</${skipped}>`, open + 1);
      if (end >= 0) {
        parts.push(text(html.slice(textStart, open)), ' ');
        index = textStart = end + skipped.length + 3;
        continue;
      }
      missing.add(skipped);
    }
    const tag = html.slice(open, close + 1);
    const replacement =
      BREAK_TAG.test(tag) || LINE_END_TAG.test(tag) ? '\n' : CELL_END_TAG.test(tag) ? '\t' : '';
    parts.push(text(html.slice(textStart, open)), replacement);
    index = textStart = close + 1;
  }
  parts.push(text(html.slice(textStart)));
  const lines = parts
    .join('')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .split('\n');
  return lines
    .map((line, i) =>
      trimBlanks(
        // The markup's indentation around a cell is not part of it.
        marked && line.includes('\t')
          ? line
              .split('\t')
              .map((cell) => cell.trim())
              .join('\t')
          : line,
        i > 0,
        i < lines.length - 1,
      ),
    )
    .join('\n');
}
