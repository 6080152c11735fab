import { createHash } from 'node:crypto';
import { htmlToPlainText } from '@cotacoes/extraction/eml';
import { inboundTexts } from '@cotacoes/shared';
import {
  type AddressObject,
  type Attachment,
  type AttachmentStream,
  type Headers,
  MailParser,
  type MessageText,
  type ParsedMail,
  simpleParser,
} from 'mailparser';
import { addressesIn, withoutForeignTokens } from '../lib/mail-text.js';
import { repairMessage } from './repair.js';

/**
 * A message larger than this is read part by part: its text and attachments up to `MAX_ATTACHMENT_BYTES`,
 * each larger part left inside the raw message; below it, in one go (`simpleParser`).
 */
export const MAX_PARSE_BYTES = 25 * 1024 * 1024;
/** Attachments kept per message; the rest are counted in the reason. */
export const MAX_ATTACHMENTS = 50;
/** One attachment larger than this is not kept apart (it stays inside the raw message). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/**
 * Header bytes read per MIME part (mailparser's own limit is 1 MiB): a part with more is not parsed and the
 * message is read from its first header bytes alone. Real mail has a few kB; parsing address lists and
 * parameters costs about 0.5 µs a byte, so this bounds what one hostile header costs (issue 29 item 7).
 */
export const MAX_HEADER_BYTES = 256 * 1024;
/**
 * Written on a message a webhook rebuilt when its payload gave no Date it could read ("Sáb, 05 Dez
 * 2026…", none): the composer dates it at rebuild time, so a provider's retry of the same message would
 * look like another one. Deduplication ignores the date of such a message (`variantOf`, ADR 0015 addendum).
 */
export const DATE_ASSUMED_HEADER = 'X-Cotacoes-Date-Assumed';
/** Characters of the body kept as the preview of 'Não identificadas' (read once, when processed). */
export const PREVIEW_CHARS = 200;

/** `inline`: shown inside the body (a signature's logo, `Content-Disposition: inline` or a related cid). */
export type ParsedAttachment = { filename: string; contentType: string; content: Buffer; inline?: boolean };

export type ParsedInbound = {
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: { address: string | null; name: string | null };
  to: string[];
  cc: string[];
  /** Delivered-To and X-Original-To (where the server says it delivered the message). */
  deliveredTo: string[];
  subject: string;
  text: string;
  html: string | null;
  date: Date | null;
  headers: Headers;
  attachments: ParsedAttachment[];
  /** Attachments left out (over the count or size limits). */
  attachmentsSkipped: number;
  /** Why the body could not be read (too large, malformed), or null. */
  problem: string | null;
};

const ID_PATTERN = /<[^<>\s]+>/g;

/**
 * Longest Message-ID kept as written. Real ones are under 100 characters; a longer one (a sender's bug or
 * an attack) is stored and compared as a digest of itself, since a database index holds about 2,700 bytes
 * a key and such a message was refused, blocking the mailbox behind it (issue 33's QA, ADR 0015).
 */
export const MAX_MESSAGE_ID_CHARS = 250;
/** Longest sender address kept (RFC 5321: 254); a longer one is not an address and is left out. */
export const MAX_ADDRESS_CHARS = 254;

const keptId = (id: string) =>
  id.length <= MAX_MESSAGE_ID_CHARS
    ? id
    : `<sha256-${createHash('sha256').update(id).digest('hex')}@long-message-id.invalid>`;

/**
 * `<id@host>` forms, lower-cased: how Message-IDs are compared everywhere (an over-long one as its digest,
 * the same wherever it is quoted, so threading still finds it).
 */
export function normalizeMessageIds(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  return [...new Set((text.match(ID_PATTERN) ?? []).map((id) => keptId(id.toLowerCase())))];
}

/** Idempotency key: the Message-ID, else a hash of the raw bytes (R4). */
export function dedupeKeyOf(messageId: string | null, raw: Buffer): string {
  return messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/**
 * Idempotency key of a message without a Message-ID (ADR 0021 addendum): a digest of what its author wrote —
 * sender, Date (unless a webhook dated it at rebuild time), subject, In-Reply-To and the body as bytes (its
 * text, its parts and attachments as encoded) with line ends and trailing blanks normalised —, never of
 * what a transport adds (Received, Delivered-To, Return-Path, a mailbox's own headers). The same reply
 * delivered by SMTP and read from the mailbox is then one message; two replies differing in a word are two.
 */
export function contentKeyOf(raw: Buffer, head: ParsedInbound): string {
  const hash = createHash('sha256');
  const dateAssumed = head.headers.has(DATE_ASSUMED_HEADER.toLowerCase());
  const facts = [
    'v1',
    head.from.address ?? '',
    dateAssumed ? '' : (head.date?.toISOString() ?? ''),
    head.subject.replace(/\s+/g, ' ').trim(),
    head.inReplyTo.join(' '),
  ];
  hash.update(JSON.stringify(facts));
  // The body with LF line ends, without blanks at line ends and without empty lines at its end: one pass
  // over the bytes into one buffer (a hash call per line costs seconds on millions of short lines).
  const start = headerPart(raw).length;
  const body = Buffer.allocUnsafe(Math.max(0, raw.length - start));
  let length = 0;
  let lineContentEnd = 0;
  for (let i = start; i < raw.length; i++) {
    const byte = raw[i]!;
    if (byte === 10) {
      length = lineContentEnd;
      body[length++] = 10;
      lineContentEnd = length;
      continue;
    }
    body[length++] = byte;
    if (byte !== 13 && byte !== 32 && byte !== 9) lineContentEnd = length;
  }
  length = lineContentEnd;
  while (length > 0 && body[length - 1] === 10) length--;
  hash.update(body.subarray(0, length));
  return `conteudo:${hash.digest('hex')}`;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list
    .flatMap((object) => object.value)
    .flatMap((entry) => [entry.address, ...(entry.group ?? []).map((member) => member.address)])
    .filter((address): address is string => Boolean(address))
    .map((address) => address.toLowerCase());
}

function headerStrings(headers: Headers, name: string): string[] {
  const value = headers.get(name);
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item) =>
    typeof item === 'string' ? [item] : typeof item === 'object' && 'text' in item ? [String(item.text)] : [],
  );
}

/** The header block of a raw message (up to the first empty line). */
function headerPart(raw: Buffer): Buffer {
  const limit = Math.min(raw.length, MAX_HEADER_BYTES);
  const head = raw.subarray(0, limit);
  for (let end = head.indexOf(10); end >= 0; end = head.indexOf(10, end + 1)) {
    const next = head[end + 1] === 13 ? end + 2 : end + 1;
    if (head[next] === 10) return raw.subarray(0, next + 1);
  }
  return head;
}

/** Parts a delivery report carries without a name: named for what they are (QA pass 29 saw "anexo-1"). */
const REPORT_PART_NAMES: Record<string, string> = {
  'message/delivery-status': 'relatorio-de-entrega.txt',
  'message/global-delivery-status': 'relatorio-de-entrega.txt',
  'text/rfc822-headers': 'cabecalhos-da-mensagem-original.txt',
  'message/rfc822': 'mensagem-original.eml',
  'message/global': 'mensagem-original.eml',
};

function unnamedPartName(contentType: string | undefined, index: number): string {
  return REPORT_PART_NAMES[(contentType ?? '').toLowerCase()] ?? `anexo-${index}`;
}

function fromParsed(mail: ParsedMail, problem: string | null, dropped = 0): ParsedInbound {
  const from = Array.isArray(mail.from) ? mail.from[0] : mail.from;
  const sender = from?.value[0];
  const messageId = normalizeMessageIds(mail.messageId)[0] ?? null;
  const kept: ParsedAttachment[] = [];
  let skipped = dropped;
  for (const attachment of mail.attachments ?? []) {
    if (kept.length >= MAX_ATTACHMENTS || attachment.content.length > MAX_ATTACHMENT_BYTES) {
      skipped += 1;
      continue;
    }
    kept.push({
      filename: attachment.filename ?? unnamedPartName(attachment.contentType, kept.length + 1),
      contentType: attachment.contentType ?? 'application/octet-stream',
      content: attachment.content,
      inline: attachment.contentDisposition === 'inline' || Boolean(attachment.cid && attachment.related),
    });
  }
  const html = typeof mail.html === 'string' ? mail.html : null;
  return {
    messageId,
    inReplyTo: normalizeMessageIds(mail.inReplyTo),
    references: normalizeMessageIds(mail.references),
    from: {
      address:
        sender?.address && sender.address.length <= MAX_ADDRESS_CHARS ? sender.address.toLowerCase() : null,
      name: sender?.name?.slice(0, 1000) || null,
    },
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    deliveredTo: addressesIn([
      ...headerStrings(mail.headers, 'delivered-to'),
      ...headerStrings(mail.headers, 'x-original-to'),
    ]),
    subject: readableSubject(mail.subject ?? ''),
    text:
      (mail.text ?? '').trim() !== '' ? (mail.text ?? '') : htmlToPlainText((html ?? '').slice(0, 2_000_000)),
    html,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    headers: mail.headers,
    attachments: kept,
    attachmentsSkipped: skipped,
    problem,
  };
}

/** Replacement and control characters (not tab, line ends): what no charset made text of. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is matched
const UNREADABLE_CHARS = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const UNREADABLE_RUNS = new RegExp(`${UNREADABLE_CHARS.source}+`, 'g');

/**
 * A subject as people read it: an encoded word with broken base64 decodes to bytes that are no text
 * ("Cotação���bm��", QA pass 25); the replacement and control characters are dropped, the rest kept.
 */
export function readableSubject(subject: string): string {
  return subject
    .replace(UNREADABLE_RUNS, '')
    .replace(/\s{2,}/g, ' ')
    .slice(0, 1000);
}

/**
 * Reads a raw RFC 822 message. Never throws: a message too large or malformed is read from its headers
 * alone and carries `problem`, so it can still be matched and shown, and its raw bytes are kept.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const options = {
    skipImageLinks: true,
    skipTextToHtml: true,
    // An HTML-only body is made text by the engine's reader below, which keeps table cells apart
    // (QA pass 29: mailparser's ran "Descrição", "Moeda" and "Valor" together in the preview).
    skipHtmlToText: true,
    maxHtmlLengthToParse: 2_000_000,
    maxHeadSize: MAX_HEADER_BYTES,
  } as const;
  if (raw.length <= MAX_PARSE_BYTES) {
    try {
      // A mislabelled charset or a broken boundary is repaired in what is read, not in what is kept.
      return fromParsed(await simpleParser(repairMessage(raw), options), null);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : '';
      // mailparser says EMAXLEN for too many parts as for a long header (QA pass 37: 3,000 nested parts
      // read "Cabeçalho grande demais").
      const reason =
        code === 'EMAXLEN' && /child nodes/i.test(message)
          ? inboundTexts.problem.tooManyParts
          : code === 'EMAXLEN'
            ? inboundTexts.problem.headerTooLarge.replace('{kb}', String(MAX_HEADER_BYTES / 1024))
            : `Mensagem malformada: ${message ? message.slice(0, 200) : 'erro de leitura'}`;
      return readHeadersOnly(raw, reason);
    }
  }
  // Larger (a 22 MB zip, QA pass 37: the carrier's text was shown nowhere): the text and the small
  // attachments are read, each part too large is left inside the raw message (counted as skipped).
  try {
    const { mail, dropped } = await parseWithoutLargeParts(repairMessage(raw), options);
    return fromParsed(mail, null, dropped);
  } catch (error) {
    const mb = (raw.length / 1024 / 1024).toFixed(1).replace('.', ',');
    const detail = error instanceof Error ? `: ${error.message.slice(0, 200)}` : '';
    return readHeadersOnly(raw, `Mensagem grande demais para leitura automática (${mb} MB)${detail}.`);
  }
}

/**
 * mailparser's `simpleParser` with each attachment over `MAX_ATTACHMENT_BYTES` drained instead of kept (so
 * a message of any size costs one attachment's memory at most) and no cid image turned into a data URI.
 */
function parseWithoutLargeParts(
  raw: Buffer,
  options: ConstructorParameters<typeof MailParser>[0],
): Promise<{ mail: ParsedMail; dropped: number }> {
  return new Promise((resolve, reject) => {
    const mail = { attachments: [] } as unknown as ParsedMail & Record<string, unknown>;
    let dropped = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const parser = new MailParser(options);
    parser.on('error', fail);
    parser.on('headers', (headers) => {
      mail.headers = headers;
    });
    let reading = false;
    const next = () => {
      reading = true;
      const data = parser.read() as
        | (MessageText & { type: 'text' })
        | (AttachmentStream & { type: 'attachment' })
        | null;
      if (data === null) {
        reading = false;
        return;
      }
      if (data.type === 'text') {
        if (data.text !== undefined) mail.text = data.text;
        if (typeof data.html === 'string') mail.html = data.html;
        next();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      data.content.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ATTACHMENT_BYTES) chunks.push(chunk);
        else chunks.length = 0;
      });
      data.content.on('end', () => {
        if (size <= MAX_ATTACHMENT_BYTES)
          mail.attachments.push({ ...data, content: Buffer.concat(chunks, size) } as unknown as Attachment);
        else dropped += 1;
        data.release();
        next();
      });
    };
    parser.on('readable', () => {
      if (!reading) next();
    });
    parser.on('end', () => {
      if (settled) return;
      settled = true;
      const headers = mail.headers;
      for (const key of ['subject', 'references', 'date', 'to', 'from', 'cc', 'message-id', 'in-reply-to'])
        if (headers?.has(key))
          mail[key.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = headers.get(key) as never;
      resolve({ mail, dropped });
    });
    parser.end(raw);
  });
}

/**
 * The start of a body as one line: what 'Não identificadas' shows, kept when the message is processed.
 * No reply token is kept (the list may be shown to a company the message was not meant for).
 */
export function previewOf(text: string): string {
  const line = text
    .slice(0, PREVIEW_CHARS * 20)
    .replace(/\s+/g, ' ')
    .trim();
  // Bytes no charset made text of (a headerless binary message): said, not shown (QA pass 29).
  if (unreadableShare(line) > 0.05) return inboundTexts.unreadablePreview;
  return withoutForeignTokens(line, new Set()).slice(0, PREVIEW_CHARS);
}

/**
 * The share of a text's characters that are replacement or control characters: none in written text, about
 * a tenth of random bytes read as a one-byte charset.
 */
function unreadableShare(text: string): number {
  if (text.length === 0) return 0;
  const bad = text.match(UNREADABLE_CHARS)?.length ?? 0;
  return bad / text.length;
}

/** The header block alone (what a source needs to store a message: Message-ID, sender, subject, date). */
export function parseInboundHeaders(raw: Buffer): Promise<ParsedInbound> {
  return readHeadersOnly(raw, null);
}

async function readHeadersOnly(raw: Buffer, problem: string | null): Promise<ParsedInbound> {
  try {
    const parsed = fromParsed(
      await simpleParser(repairMessage(headerPart(raw), { headersOnly: true })),
      problem,
    );
    return { ...parsed, text: '', html: null, attachments: [] };
  } catch {
    return {
      messageId: null,
      inReplyTo: [],
      references: [],
      from: { address: null, name: null },
      to: [],
      cc: [],
      deliveredTo: [],
      subject: '',
      text: '',
      html: null,
      date: null,
      headers: new Map(),
      attachments: [],
      attachmentsSkipped: 0,
      problem,
    };
  }
}
