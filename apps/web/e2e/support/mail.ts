import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** Decodes RFC 2047 encoded-words ('=?UTF-8?Q?...?=' and '?B?') of an unfolded header value. */
export function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_whole, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
    },
  );
}

export function readHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  return headers;
}

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  mtime: number;
}

/** Headers of a stored message: its first 64 kB (the head of every message the product writes). */
function readHead(file: string): string {
  const buffer = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Headers already read, by file and size: a full e2e run leaves hundreds of messages (some with a PDF and
 * an Excel attached), and the waits below list them every 200 ms. The files are written once (renamed
 * into place), so a name and size seen before need no second read.
 */
const headCache = new Map<string, { size: number; to: string; subject: string }>();

export function listSentMail(dataDir: string): SentMail[] {
  const dir = path.join(dataDir, 'mail', 'sent');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const file = path.join(dir, name);
      const stat = statSync(file);
      let head = headCache.get(file);
      if (!head || head.size !== stat.size) {
        const headers = readHeaders(readHead(file));
        head = { size: stat.size, to: headers.to ?? '', subject: headers.subject ?? '' };
        headCache.set(file, head);
      }
      return { file, to: head.to, subject: head.subject, mtime: stat.mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
}

/** Waits for the newest 'Seu código de verificação: NNNNNN' sent to `email` and returns the code. */
export async function waitForVerificationCode(
  dataDir: string,
  email: string,
  timeoutMs = 20_000,
): Promise<string> {
  return waitForMailedCode(dataDir, email, /Seu código de verificação: (\d{6})/, timeoutMs);
}

/** The code in the subject of the newest `.eml` to `email` whose subject matches `subject` (one group). */
export async function waitForMailedCode(
  dataDir: string,
  email: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of listSentMail(dataDir)) {
      const match = subject.exec(mail.subject);
      if (match?.[1] && mail.to.toLowerCase().includes(email.toLowerCase())) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail matching ${subject} for ${email} within ${timeoutMs} ms`);
}

export interface CapturedMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits for the newest message to `email` (any recipient when omitted) whose subject matches, read from
 * the .eml files the local transport writes to `$DATA_DIR/mail/sent` and decoded (so links survive
 * quoted-printable line breaks). The mailbox page is for a signed-in desenvolvedor; set-up steps read the
 * files like the API tests do.
 */
export async function waitForMail(
  dataDir: string,
  email: string | null,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<CapturedMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of listSentMail(dataDir)) {
      if (!subject.test(mail.subject)) continue;
      if (email && !mail.to.toLowerCase().includes(email.toLowerCase())) continue;
      const parsed = await simpleParser(readFileSync(mail.file));
      return { to: mail.to, subject: parsed.subject ?? mail.subject, text: parsed.text ?? '' };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${email ?? 'anyone'} matching ${subject} within ${timeoutMs} ms`);
}
