import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { DATE_ASSUMED_HEADER } from '../../parse.js';

/** One header as the provider reported it: name and (decoded) value. */
export type HeaderPair = [name: string, value: string];

export type ProviderAttachment = { filename: string; content: Buffer; contentType?: string; cid?: string };

/** What a provider posts when it does not post the raw message: headers, the two bodies, the files. */
export type ProviderFields = {
  headers: HeaderPair[];
  text?: string;
  html?: string;
  attachments?: ProviderAttachment[];
  /**
   * The Message-ID used when the headers carry none: a stable id of the provider's (its message id, or a
   * hash of the payload), so that the provider's retry of the same message is recognised (R4).
   */
  fallbackMessageId: string;
};

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** Headers that describe the original body's structure: the rebuilt message has its own. */
const STRUCTURAL = new Set([
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'content-id',
  'mime-version',
  'content-length',
]);
/** Headers passed to the composer by name (it writes them itself). */
const ADDRESSED = [
  'from',
  'to',
  'cc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
] as const;
const HEADER_NAME = /^[!-9;-~]{1,100}$/;

const MAX_EXTRA_HEADERS = 200;

/** A stable Message-ID from a payload (no header names one): `<sha256@domain>`. */
export function hashMessageId(domain: string, ...parts: Array<string | Buffer | undefined>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part ?? '').update('\0');
  return `<${hash.digest('hex').slice(0, 40)}@${domain}>`;
}

/** Splits a raw header block ("Name: value" lines, folded continuations) into pairs. */
export function headerPairs(block: string): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && pairs.length) {
      const last = pairs[pairs.length - 1]!;
      last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) pairs.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return pairs;
}

function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * An RFC 822 message rebuilt from a provider's parsed fields (issue 34 §3), for a provider or a mode that
 * does not post the raw message: the threading headers (Message-ID, In-Reply-To, References), the
 * addresses (the reply token is in To), the bodies and the attachments are what the pipeline reads.
 */
export async function composeFromFields(fields: ProviderFields): Promise<Buffer> {
  const named = new Map<string, string>();
  const extra: Array<{ key: string; value: string }> = [];
  for (const [rawName, rawValue] of fields.headers) {
    const name = rawName.trim();
    const key = name.toLowerCase();
    if (!HEADER_NAME.test(name) || STRUCTURAL.has(key) || key === DATE_ASSUMED_HEADER.toLowerCase()) continue;
    const value = oneLine(rawValue);
    if ((ADDRESSED as readonly string[]).includes(key)) {
      if (!named.has(key) && value) named.set(key, value);
    } else if (extra.length < MAX_EXTRA_HEADERS) extra.push({ key: name, value });
  }
  const written = named.get('date') ? new Date(named.get('date')!) : undefined;
  const date = written && !Number.isNaN(written.getTime()) ? written : undefined;
  const info = await composer.sendMail({
    from: named.get('from') ?? '',
    to: named.get('to'),
    cc: named.get('cc'),
    replyTo: named.get('reply-to'),
    subject: named.get('subject') ?? '',
    text: fields.text,
    html: fields.html,
    date: date ?? new Date(),
    messageId: named.get('message-id') ?? fields.fallbackMessageId,
    ...(named.get('in-reply-to') ? { inReplyTo: named.get('in-reply-to') } : {}),
    ...(named.get('references') ? { references: named.get('references') } : {}),
    headers: date ? extra : [...extra, { key: DATE_ASSUMED_HEADER, value: named.get('date') ?? 'none' }],
    attachments: (fields.attachments ?? []).map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
      ...(file.cid ? { cid: file.cid } : {}),
    })),
    // The composer must not invent a Message-ID or read anything from disk or the network.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return info.message as Buffer;
}
