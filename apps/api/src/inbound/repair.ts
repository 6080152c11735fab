import { isUtf8 } from 'node:buffer';
import { knownCharset } from '@cotacoes/extraction/eml';

/*
 * Mislabelled and broken mail, made readable before it is parsed (ADR 0021 addendum "text a sender
 * mislabelled"). The stored bytes stay as received (R6); what the parser and the extraction read is a
 * repaired copy:
 * - a header field with raw 8-bit bytes that are not UTF-8 (a Subject written by a Windows client) is read
 *   as Windows-1252;
 * - a text part (not an attachment) declared UTF-8, US-ASCII, nothing or a charset no decoder knows
 *   ("iso-8859-99") whose decoded bytes are not UTF-8 is rewritten as UTF-8 read from Windows-1252 (`asUtf8`: a UTF-8 text with stray bytes keeps its UTF-8
 *   accents);
 * - a multipart whose declared boundary starts no line takes the boundary its parts do use ("--XYZ" at
 *   the start of a line followed by a Content- header, or closed by "--XYZ--"); with none, its body is
 *   read as plain text, so the analyst and the extraction still see it.
 * One pass over each part's bytes (Buffer searches, no pattern that can backtrack on what a sender wrote),
 * bounded in depth and in parts; anything unexpected leaves the message as it came.
 */

/** MIME parts looked at per message; real mail has tens. The rest are left as they came. */
const MAX_PARTS = 1000;
/** Multipart levels descended (real mail: four or five; a hostile one: a thousand). */
const MAX_DEPTH = 8;
/** Candidate boundaries remembered while looking for the one a broken multipart uses. */
const MAX_CANDIDATES = 1000;
const MAX_BOUNDARY_CHARS = 70;
/** Above this many bytes outside UTF-8 per UTF-8 sequence, a text is read as Windows-1252 (`asUtf8`). */
const STRAYS_PER_SEQUENCE = 4;
/** Lines starting with "--" read while looking for that boundary (a real message has a handful). */
const MAX_BOUNDARY_LINES = 10_000;

/** Windows-1252's 0x80–0x9F (WHATWG's table; the five unassigned bytes as the C1 controls). 0xA0–0xFF are Latin-1. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];
/**
 * Each byte as Windows-1252 reads it, in UTF-8. Written out: Node's own `TextDecoder('windows-1252')` reads
 * 0x80–0x9F as Latin-1 (C1 controls) in some versions.
 */
const CP1252: Buffer[] = Array.from({ length: 256 }, (_, byte) =>
  Buffer.from(String.fromCodePoint(byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80]! : byte), 'utf8'),
);

/** Length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong form, surrogate or > U+10FFFF), or 0. */
const isCont = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  const second = bytes[i + 1] ?? 0;
  if (lead >= 0xc2 && lead <= 0xdf) return isCont(second) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return second >= low && second <= high && isCont(bytes[i + 2]) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return second >= low && second <= high && isCont(bytes[i + 2]) && isCont(bytes[i + 3]) ? 4 : 0;
  }
  return 0;
}

/**
 * `bytes` as UTF-8, when they are not. A text in Windows-1252 (more than four bytes outside UTF-8 for each
 * well-formed UTF-8 sequence: in such a text a sequence is a coincidence, "ç”€") is read wholly as
 * Windows-1252 (a superset of ISO-8859-1 for printable characters). Otherwise the text is UTF-8 with stray
 * bytes (a signature pasted from another program, a truncated character): its UTF-8 is kept and only the
 * stray bytes are read as Windows-1252 — reading it all as Windows-1252 would garble every accent in it.
 * Answers `bytes` itself when it is valid UTF-8.
 */
export function asUtf8(bytes: Buffer): Buffer {
  if (isUtf8(bytes)) return bytes;
  let sequences = 0;
  let strays = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! < 0x80) continue;
    const sequence = utf8SequenceAt(bytes, i);
    if (sequence > 0) {
      sequences++;
      i += sequence - 1;
    } else strays++;
  }
  const mixed = strays <= sequences * STRAYS_PER_SEQUENCE;
  // One pass into one buffer: a Windows-1252 byte becomes at most three UTF-8 bytes.
  const out = Buffer.allocUnsafe(bytes.length * 3);
  let length = 0;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      out[length++] = byte;
      i++;
      continue;
    }
    const sequence = mixed ? utf8SequenceAt(bytes, i) : 0;
    if (sequence > 0) {
      for (const end = i + sequence; i < end; i++) out[length++] = bytes[i]!;
      continue;
    }
    const replacement = CP1252[byte]!;
    for (let k = 0; k < replacement.length; k++) out[length++] = replacement[k]!;
    i++;
  }
  return Buffer.from(out.subarray(0, length));
}

const hexValue = (byte: number | undefined): number =>
  byte === undefined
    ? -1
    : byte >= 0x30 && byte <= 0x39
      ? byte - 0x30
      : byte >= 0x41 && byte <= 0x46
        ? byte - 0x37
        : byte >= 0x61 && byte <= 0x66
          ? byte - 0x57
          : -1;

/** Quoted-printable decoding (RFC 2045 §6.7), lenient as mail readers are: a lone '=' is kept. */
function decodeQuotedPrintable(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x3d) {
      const high = hexValue(bytes[i + 1]);
      const low = hexValue(bytes[i + 2]);
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
      // A soft line break: '=' then optional blanks, then the line's end.
      let j = i + 1;
      while (bytes[j] === 0x20 || bytes[j] === 0x09) j++;
      if (bytes[j] === 0x0d && bytes[j + 1] === 0x0a) {
        i = j + 1;
        continue;
      }
      if (bytes[j] === 0x0a) {
        i = j;
        continue;
      }
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

type Field = {
  /** Offsets of the whole field in the message, its folded lines and final line break included. */
  start: number;
  end: number;
  /** Lower-cased name. */
  name: string;
  /** The value unfolded, read as UTF-8 (or as `asUtf8` reads it). */
  value: string;
  /** The field's bytes are not UTF-8: they are rewritten as `asUtf8` reads them. */
  transcode: boolean;
  eol: string;
};

type Edit = { start: number; end: number; bytes: Buffer };

type ContentType = { type: string; params: { name: string; value: string }[] };

/** `type/subtype; name=value; name="quoted value"` (RFC 2045), lenient, one pass. */
function parseContentType(value: string): ContentType {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && quoted && i + 1 < value.length) {
      current += value[++i];
      continue;
    } else if (char === ';' && !quoted) {
      pieces.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  pieces.push(current);
  const params: ContentType['params'] = [];
  for (const piece of pieces.slice(1)) {
    const at = piece.indexOf('=');
    if (at <= 0) continue;
    let paramValue = piece.slice(at + 1).trim();
    if (paramValue.startsWith('"') && paramValue.endsWith('"') && paramValue.length >= 2)
      paramValue = paramValue.slice(1, -1);
    params.push({ name: piece.slice(0, at).trim().toLowerCase(), value: paramValue });
  }
  return { type: (pieces[0] ?? '').trim().toLowerCase(), params };
}

const paramOf = (contentType: ContentType, name: string) =>
  contentType.params.find((param) => param.name === name)?.value;

function formatContentType(type: string, params: ContentType['params']): string {
  const quote = (value: string) =>
    /^[A-Za-z0-9!#$%&'*+.^_`{|}~-]+$/.test(value) ? value : JSON.stringify(value);
  return [type, ...params.map((param) => `${param.name}=${quote(param.value)}`)].join('; ');
}

/** Offset just past the line break that ends the line holding `from` (or `end`). */
function lineEnd(raw: Buffer, from: number, end: number): number {
  const at = raw.subarray(from, end).indexOf(10);
  return at < 0 ? end : from + at + 1;
}

/** The header fields in [start, end) and where the body starts (after the empty line), one pass. */
function readHeader(raw: Buffer, start: number, end: number): { fields: Field[]; bodyStart: number } {
  const fields: Field[] = [];
  let position = start;
  while (position < end) {
    const next = lineEnd(raw, position, end);
    const line = raw.subarray(position, next);
    const content =
      line.length - (line[line.length - 1] === 10 ? 1 : 0) - (line[line.length - 2] === 13 ? 1 : 0);
    if (content <= 0) return { fields, bodyStart: next };
    const last = fields[fields.length - 1];
    if ((line[0] === 0x20 || line[0] === 0x09) && last) last.end = next;
    else fields.push({ start: position, end: next, name: '', value: '', transcode: false, eol: '\n' });
    position = next;
  }
  return { fields, bodyStart: end };
}

function completeField(raw: Buffer, field: Field): void {
  const bytes = raw.subarray(field.start, field.end);
  field.transcode = !isUtf8(bytes);
  const text = (field.transcode ? asUtf8(bytes) : bytes).toString('utf8');
  const colon = text.indexOf(':');
  field.name = (colon < 0 ? '' : text.slice(0, colon)).trim().toLowerCase();
  field.value = (colon < 0 ? '' : text.slice(colon + 1)).replace(/\r?\n[ \t]/g, ' ').trim();
  field.eol = text.endsWith('\r\n') ? '\r\n' : '\n';
}

const TEXT_CHARSETS = new Set(['', 'utf-8', 'utf8', 'us-ascii', 'ascii']);
const BOUNDARY_CHAR = /^[0-9A-Za-z'()+_,\-./:=? ]+$/;

/** A character no base64 body has (its alphabet, padding and line breaks aside). */
const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;

class Repairer {
  readonly edits: Edit[] = [];
  private parts = 0;

  constructor(
    private readonly raw: Buffer,
    private readonly structure: boolean,
  ) {}

  /** One MIME entity in [start, end): its header fields, then its body by type. */
  entity(start: number, end: number, depth: number, defaultType = 'text/plain'): void {
    if (++this.parts > MAX_PARTS) return;
    const { raw } = this;
    const { fields, bodyStart } = readHeader(raw, start, end);
    for (const field of fields) completeField(raw, field);
    const replaced = new Map<Field, string>();
    if (this.structure) {
      const typeField = fields.find((field) => field.name === 'content-type');
      const contentType = parseContentType(typeField?.value ?? defaultType);
      const disposition = fields.find((field) => field.name === 'content-disposition')?.value ?? '';
      const attachment =
        /^\s*attachment/i.test(disposition) ||
        /filename/i.test(disposition) ||
        paramOf(contentType, 'name') !== undefined;
      if (contentType.type.startsWith('multipart/')) {
        if (depth < MAX_DEPTH && typeField)
          this.multipart(typeField, contentType, replaced, bodyStart, end, depth);
      } else if (contentType.type.startsWith('text/') && !attachment) {
        const charset = (paramOf(contentType, 'charset') ?? '').toLowerCase();
        // A charset no decoder knows ("iso-8859-99") is read as one would guess it too (QA pass 29).
        if (TEXT_CHARSETS.has(charset) || !knownCharset(charset))
          this.text(fields, typeField, contentType, replaced, bodyStart, end);
      }
    }
    for (const field of fields) {
      const value = replaced.get(field);
      if (value !== undefined)
        this.edits.push({ start: field.start, end: field.end, bytes: Buffer.from(value) });
      else if (field.transcode)
        this.edits.push({
          start: field.start,
          end: field.end,
          bytes: asUtf8(raw.subarray(field.start, field.end)),
        });
    }
  }

  /** A multipart body: its parts between delimiter lines; a boundary no line uses is repaired first. */
  private multipart(
    typeField: Field,
    contentType: ContentType,
    replaced: Map<Field, string>,
    bodyStart: number,
    end: number,
    depth: number,
  ): void {
    const declared = paramOf(contentType, 'boundary') ?? '';
    const first = declared ? this.nextDelimiter(declared, bodyStart, end) : null;
    let boundary = first && !first.closing ? declared : null;
    if (!boundary) {
      boundary = this.boundaryInUse(bodyStart, end);
      const rewritten = boundary
        ? `Content-Type: ${formatContentType(contentType.type, [
            ...contentType.params.filter((param) => param.name !== 'boundary'),
            { name: 'boundary', value: boundary },
          ])}`
        : // No part to be found: the body is the text (a plain text part, so a wrong charset is still read).
          'Content-Type: text/plain';
      replaced.set(typeField, `${rewritten}${typeField.eol}`);
      if (!boundary) {
        this.text([], null, parseContentType('text/plain'), new Map(), bodyStart, end);
        return;
      }
    }
    const childType = contentType.type === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
    let delimiter = this.nextDelimiter(boundary, bodyStart, end);
    while (delimiter && !delimiter.closing && this.parts < MAX_PARTS) {
      const partStart = delimiter.next;
      const following = this.nextDelimiter(boundary, partStart, end);
      // The line break before the next delimiter belongs to it (RFC 2046 §5.1.1).
      let partEnd = following ? following.start : end;
      if (following && partEnd > partStart && this.raw[partEnd - 1] === 10) partEnd--;
      if (following && partEnd > partStart && this.raw[partEnd - 1] === 13) partEnd--;
      this.entity(partStart, partEnd, depth + 1, childType);
      delimiter = following;
    }
  }

  /** The next line in [from, end) that is `--boundary` or `--boundary--` (trailing blanks allowed). */
  private nextDelimiter(
    boundary: string,
    from: number,
    end: number,
  ): { start: number; next: number; closing: boolean } | null {
    const needle = Buffer.from(`--${boundary}`, 'latin1');
    const area = this.raw.subarray(0, end);
    for (let at = area.indexOf(needle, from); at >= 0; at = area.indexOf(needle, at + 1)) {
      if (at > from && this.raw[at - 1] !== 10) continue;
      // What follows `--boundary` on its line: nothing, or `--`, then blanks only.
      const raw = this.raw;
      let k = at + needle.length;
      const closing = k + 1 < end && raw[k] === 0x2d && raw[k + 1] === 0x2d;
      if (closing) k += 2;
      while (k < end && (raw[k] === 0x20 || raw[k] === 0x09 || raw[k] === 0x0d)) k++;
      if (k >= end) return { start: at, next: end, closing };
      if (raw[k] === 0x0a) return { start: at, next: k + 1, closing };
    }
    return null;
  }

  /**
   * The boundary a multipart's parts use when its declared one starts no line: the first "--XYZ" at the
   * start of a line that opens a part (a Content- header on the next line), or that also closes one
   * ("--XYZ--"). Null when no line looks like that.
   */
  private boundaryInUse(start: number, end: number): string | null {
    const seen = new Map<string, { opensPart: boolean; opens: number; closes: number }>();
    const area = this.raw.subarray(0, end);
    const dashes = Buffer.from('\n--', 'latin1');
    let at =
      this.raw[start] === 0x2d && this.raw[start + 1] === 0x2d ? start - 1 : area.indexOf(dashes, start);
    for (
      let examined = 0;
      at >= 0 && at < end && examined < MAX_BOUNDARY_LINES;
      at = area.indexOf(dashes, at + 1)
    ) {
      examined++;
      const lineStart = at + 1;
      const next = lineEnd(this.raw, lineStart, end);
      if (next - lineStart > MAX_BOUNDARY_CHARS + 8) continue;
      const line = this.raw
        .subarray(lineStart + 2, next)
        .toString('latin1')
        .replace(/[ \t\r\n]+$/, '');
      if (!line || !BOUNDARY_CHAR.test(line)) continue;
      const closing = line.endsWith('--') && line.length > 2;
      const name = closing ? line.slice(0, -2) : line;
      if (name.length > MAX_BOUNDARY_CHARS) continue;
      let entry = seen.get(name);
      if (!entry) {
        if (seen.size >= MAX_CANDIDATES) continue;
        entry = { opensPart: false, opens: 0, closes: 0 };
        seen.set(name, entry);
      }
      if (closing) entry.closes++;
      else {
        entry.opens++;
        const following = this.raw.subarray(next, Math.min(next + 8, end)).toString('latin1');
        if (following.toLowerCase() === 'content-') entry.opensPart = true;
      }
    }
    for (const [name, entry] of seen)
      if (entry.opens > 0 && (entry.opensPart || entry.closes > 0)) return name;
    return null;
  }

  /**
   * A text part declared UTF-8 (or US-ASCII, or nothing) whose bytes are not UTF-8: rewritten as UTF-8
   * (`asUtf8`), sent 8bit, labelled UTF-8.
   */
  private text(
    fields: Field[],
    typeField: Field | null | undefined,
    contentType: ContentType,
    replaced: Map<Field, string>,
    bodyStart: number,
    end: number,
  ): void {
    const body = this.raw.subarray(bodyStart, end);
    const encodingField = fields.find((field) => field.name === 'content-transfer-encoding');
    const encoding = (encodingField?.value ?? '').trim().toLowerCase();
    // Declared base64 but written as text ("Frete: USD 2.300,00", QA pass 37: decoded to garbage): read
    // as the text it is.
    const notBase64 = encoding === 'base64' && NOT_BASE64.test(body.toString('latin1'));
    const decoded =
      encoding === 'base64' && !notBase64
        ? Buffer.from(body.toString('latin1'), 'base64')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    if (isUtf8(decoded) && !notBase64) return;
    this.edits.push({ start: bodyStart, end, bytes: asUtf8(decoded) });
    if (encodingField && (encoding === 'base64' || encoding === 'quoted-printable'))
      replaced.set(encodingField, `Content-Transfer-Encoding: 8bit${encodingField.eol}`);
    const charset = (paramOf(contentType, 'charset') ?? '').toLowerCase();
    if (typeField && charset !== 'utf-8' && charset !== 'utf8')
      replaced.set(
        typeField,
        `Content-Type: ${formatContentType(contentType.type, [
          ...contentType.params.filter((param) => param.name !== 'charset'),
          { name: 'charset', value: 'utf-8' },
        ])}${typeField.eol}`,
      );
  }
}

function applied(raw: Buffer, edits: Edit[]): Buffer {
  if (edits.length === 0) return raw;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: Buffer[] = [];
  let position = 0;
  for (const edit of sorted) {
    if (edit.start < position) continue;
    pieces.push(raw.subarray(position, edit.start), edit.bytes);
    position = edit.end;
  }
  pieces.push(raw.subarray(position));
  return Buffer.concat(pieces);
}

/**
 * The message as it should have been written (see the top of this file): `raw` itself when nothing needed
 * repairing. `headersOnly` repairs the header fields alone (what `receive` reads). Never throws.
 */
export function repairMessage(message: Buffer, options: { headersOnly?: boolean } = {}): Buffer {
  try {
    const repairer = new Repairer(message, !options.headersOnly);
    repairer.entity(0, message.length, 0);
    return applied(message, repairer.edits);
  } catch {
    return message;
  }
}
