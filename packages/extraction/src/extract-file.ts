import { emptyResult } from './empty-result.js';
import { extractTextAs } from './extract-text.js';
import { csvToText } from './files/csv.js';
import { docxToText } from './files/docx.js';
import { type ParsedEmail, parseEmail } from './files/eml.js';
import { decodeText, detectFileKind } from './files/file-kind.js';
import { FileLimitError } from './files/limits.js';
import { mergeWithAttachments, tagAttachment } from './files/merge-results.js';
import { parseMsg } from './files/msg.js';
import { ocrImage, ocrPdf } from './files/ocr.js';
import { pdfToText } from './files/pdf.js';
import { cutSheetsReason, readSpreadsheet } from './files/spreadsheet.js';
import { listZipEntries, readZipEntry } from './files/zip-entries.js';
import { inspectZip, type ZipInspection } from './files/zip-guard.js';
import { refineWithLlm } from './llm-refine.js';
import { NO_REPLY_TEXT_REASON } from './pipeline/run.js';
import type {
  ExtractFileOptions,
  ExtractionResult,
  ExtractTextOptions,
  FileKind,
  FileLimits,
} from './types.js';

export const DEFAULT_LIMITS: FileLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxZipEntries: 500,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxPdfPages: 30,
  maxAttachments: 10,
  maxDecodedBytes: 64 * 1024 * 1024,
  maxTextItems: 200_000,
  maxTextChars: 8_000_000,
};

/** A zip over its limits ends the extraction (FileLimitError); a merely broken one leaves a reason. */
function checkedZip(buffer: Uint8Array, limits: FileLimits): ZipInspection {
  const zip = inspectZip(buffer, {
    maxEntries: limits.maxZipEntries,
    maxUncompressedBytes: limits.maxUncompressedBytes,
  });
  if (!zip.ok && zip.exceeded) throw new FileLimitError('zip', zip.reason);
  return zip;
}

interface Extracted {
  result: ExtractionResult;
  /** The text the engine analysed, kept for the optional language model. */
  text: string;
}

/**
 * What every text of a file is read with: the message date, the carrier's correction hints, the quote's
 * containers and destination ports.
 */
function baseOptions(opts: ExtractFileOptions): ExtractTextOptions {
  const base: ExtractTextOptions = opts.messageDate === undefined ? {} : { messageDate: opts.messageDate };
  if (opts.hints !== undefined && opts.hints.length > 0) base.hints = opts.hints;
  if (opts.containers !== undefined && opts.containers.length > 0) base.containers = opts.containers;
  if (opts.destinations !== undefined && opts.destinations.length > 0) base.destinations = opts.destinations;
  if (opts.quoteCode !== undefined) base.quoteCode = opts.quoteCode;
  return base;
}

function fromText(text: string, opts: ExtractTextOptions, kind: FileKind): Extracted {
  return { result: extractTextAs(text, opts, kind), text };
}

async function extractByKind(
  buffer: Uint8Array,
  kind: FileKind,
  opts: ExtractFileOptions,
  limits: FileLimits,
  depth: number,
): Promise<Extracted> {
  const base = baseOptions(opts);
  switch (kind) {
    case 'txt':
      return fromText(
        decodeText(buffer),
        opts.sourceHint === undefined ? base : { ...base, sourceHint: opts.sourceHint },
        kind,
      );
    case 'csv':
      return fromText(csvToText(decodeText(buffer)), { ...base, sourceHint: 'excel' }, kind);
    case 'pdf': {
      const { text } = await pdfToText(buffer, {
        maxPages: limits.maxPdfPages,
        maxDecodedBytes: limits.maxDecodedBytes,
        maxTextItems: limits.maxTextItems,
        maxTextChars: limits.maxTextChars,
      });
      if (text.trim() !== '') return fromText(text, { ...base, sourceHint: 'pdf' }, kind);
      // A scanned PDF (page images only): read through OCR when it is available.
      if (opts.ocr === false)
        return { result: emptyResult('PDF sem texto extraível (imagem escaneada?)', kind, 'pdf'), text };
      const ocr = await ocrPdf(buffer, opts.ocr ?? {});
      if (!ocr.ok || ocr.text.trim() === '') {
        // OCR that could not run is a file not read (the reply's card lists it); a page without text is not.
        const reason = ocr.ok
          ? 'PDF sem texto extraível (imagem escaneada); o OCR não encontrou texto'
          : `não foi possível ler o arquivo (pdf): PDF sem texto extraível (imagem escaneada); ${ocr.reason}`;
        return {
          result: emptyResult(reason, kind, 'pdf'),
          text: '',
        };
      }
      return withReason(
        fromText(ocr.text, { ...base, sourceHint: 'pdf' }, kind),
        'texto lido por OCR (PDF escaneado)',
      );
    }
    case 'image': {
      if (opts.ocr === false) return { result: emptyResult('imagem: OCR desativado', kind, 'pdf'), text: '' };
      const ocr = await ocrImage(buffer, opts.ocr ?? {});
      if (!ocr.ok)
        return {
          result: emptyResult(`não foi possível ler o arquivo (imagem): ${ocr.reason}`, kind, 'pdf'),
          text: '',
        };
      if (ocr.text.trim() === '')
        return { result: emptyResult('imagem sem texto reconhecível pelo OCR', kind, 'pdf'), text: '' };
      return withReason(fromText(ocr.text, base, kind), 'texto lido por OCR (imagem)');
    }
    case 'docx': {
      const zip = checkedZip(buffer, limits);
      if (!zip.ok) return { result: emptyResult(`documento recusado: ${zip.reason}`, kind, 'pdf'), text: '' };
      const text = docxToText(buffer, limits.maxUncompressedBytes);
      if (text === null || text.trim() === '')
        return {
          result: emptyResult('documento Word sem texto (word/document.xml ausente ou vazio)', kind, 'pdf'),
          text: '',
        };
      return fromText(text, base, kind);
    }
    case 'msg':
      return extractMail(parseMsg(buffer, limits.maxAttachments), kind, opts, limits, depth);
    case 'xlsx': {
      const zip = checkedZip(buffer, limits);
      if (!zip.ok)
        return { result: emptyResult(`planilha recusada: ${zip.reason}`, kind, 'excel'), text: '' };
      return fromSpreadsheet(buffer, base, kind);
    }
    case 'xls':
      return fromSpreadsheet(buffer, base, kind);
    case 'zip':
      return extractArchive(buffer, opts, limits, depth);
    case 'eml':
      return extractMail(await parseEmail(buffer, limits.maxAttachments), kind, opts, limits, depth);
    default:
      return { result: emptyResult('tipo de arquivo não reconhecido', kind), text: '' };
  }
}

/** The kinds read inside a .zip; a text entry counts only under a name that says so (not a README or XML). */
const ARCHIVE_TEXT = /\.(txt|csv|eml)$/i;
const ARCHIVE_SKIPPED = /(^|\/)(__MACOSX\/|\.)/;

/**
 * A .zip that is not an office document: each entry of a kind the engine reads (csv, xlsx, xls, pdf, docx,
 * txt, eml, msg, images) is extracted and merged like an e-mail's attachments, at most `maxAttachments` of
 * them, each capped at its declared size after the zip guard; archives inside the archive are not opened.
 */
async function extractArchive(
  buffer: Uint8Array,
  opts: ExtractFileOptions,
  limits: FileLimits,
  depth: number,
): Promise<Extracted> {
  if (depth >= MAX_CONTAINER_DEPTH)
    return {
      result: emptyResult(
        'não foi possível ler o arquivo: .zip anexado a uma mensagem encaminhada dentro de outra',
        'zip',
      ),
      text: '',
    };
  const zip = checkedZip(buffer, limits);
  if (!zip.ok) return { result: emptyResult(`arquivo .zip recusado: ${zip.reason}`, 'zip'), text: '' };
  const entries: Array<{ filename: string; result: ExtractionResult }> = [];
  const texts: string[] = [];
  for (const entry of listZipEntries(buffer, limits.maxZipEntries)) {
    if (entries.length >= limits.maxAttachments) break;
    if (entry.name.endsWith('/') || ARCHIVE_SKIPPED.test(entry.name) || entry.size > limits.maxBytes)
      continue;
    const content = readZipEntry(buffer, entry.name, Math.min(limits.maxBytes, limits.maxUncompressedBytes));
    if (content === null || content.length === 0) continue;
    const filename = entry.name.slice(entry.name.lastIndexOf('/') + 1);
    const kind = detectFileKind(content, filename);
    if (kind === 'unknown' || kind === 'zip') continue;
    if ((kind === 'txt' || kind === 'csv') && !ARCHIVE_TEXT.test(filename)) continue;
    const extracted = await extractSafely(content, kind, opts, limits, depth + 1);
    entries.push({ filename, result: tagAttachment(extracted.result, filename) });
    texts.push(`--- ${filename} ---\n${extracted.text}`);
  }
  if (entries.length === 0) return { result: emptyResult('nenhum arquivo legível no .zip', 'zip'), text: '' };
  // The entry with most freight lines leads (its language, source and route); the others are merged into it.
  const [first, ...rest] = [...entries].sort(
    (a, b) => b.result.final.fretes.length - a.result.final.fretes.length,
  );
  if (first === undefined) return { result: emptyResult('nenhum arquivo legível no .zip', 'zip'), text: '' };
  const lead: ExtractionResult = {
    ...first.result,
    detect: {
      ...first.result.detect,
      fileKind: 'zip',
      reasons: first.result.detect.reasons.map((r) => `${first.filename}: ${r}`),
    },
  };
  const merged = mergeWithAttachments(lead, rest);
  merged.detect.reasons.push(`arquivo .zip: lido(s) ${entries.map((e) => e.filename).join(', ')}`);
  return { result: merged, text: texts.join('\n\n') };
}

/** A workbook through the text pipeline; sheets cut at the row limit say so in the result's reason. */
function fromSpreadsheet(buffer: Uint8Array, base: ExtractTextOptions, kind: FileKind): Extracted {
  const sheet = readSpreadsheet(buffer);
  const extracted = fromText(sheet.text, { ...base, sourceHint: 'excel' }, kind);
  const reason = cutSheetsReason(sheet.cut);
  if (reason === null) return extracted;
  const final = extracted.result.final;
  final.reason = final.reason === null ? reason : `${reason}; ${final.reason}`;
  return withReason(extracted, reason);
}

function withReason(extracted: Extracted, reason: string): Extracted {
  extracted.result.detect.reasons.push(reason);
  return extracted;
}

/**
 * How deep containers open (QA pass 18): a reply (depth 0) reads its attachments, and so does a message or
 * archive attached to it (depth 1: a forwarded .msg with the carrier's local charges in a PDF); one level
 * further only a message's body is read, and what it holds leaves a reason. Every file read stays within
 * `maxBytes`, `maxAttachments` and the zip guard, as at the top.
 */
const MAX_CONTAINER_DEPTH = 2;

/**
 * Why an attachment was not read, in the words the reply's card lists under "O que não pôde ser lido"
 * (QA pass 18: an attachment skipped without a reason looked read, and its figures were simply missing).
 */
function unreadReason(filename: string, why: string): string {
  return `${filename}: não foi possível ler o arquivo: ${why}`;
}

/** An e-mail (.eml or .msg): the body through the text pipeline, each attachment extracted and merged. */
async function extractMail(
  mail: ParsedEmail,
  kind: FileKind,
  opts: ExtractFileOptions,
  limits: FileLimits,
  depth: number,
): Promise<Extracted> {
  const base = baseOptions(opts);
  const body = extractTextAs(mail.text, { ...base, sourceHint: 'email' }, kind);
  // "See attached" with no words: the files are the answer, and their own reasons say what they gave.
  if (mail.attachments.some((a) => a.inline !== true) || (mail.skipped ?? []).length > 0)
    body.detect.reasons = body.detect.reasons.filter((reason) => reason !== NO_REPLY_TEXT_REASON);
  const unread = (mail.skipped ?? []).map((name) =>
    unreadReason(name, `além do limite de ${limits.maxAttachments} anexos por mensagem`),
  );
  if (depth >= MAX_CONTAINER_DEPTH) {
    // Pictures shown in the body (signature logos) are no attachment anyone expects read.
    for (const attachment of mail.attachments.filter((a) => a.inline !== true))
      unread.push(unreadReason(attachment.filename, 'anexo de uma mensagem encaminhada dentro de outra'));
    body.detect.reasons.push(...unread);
    return { result: body, text: mail.text };
  }
  const reference =
    body.detect.messageDate === null
      ? base
      : { ...base, messageDate: new Date(`${body.detect.messageDate}T12:00:00Z`) };
  const attachments = [];
  const texts = [mail.text];
  for (const attachment of mail.attachments) {
    if (attachment.content.length > limits.maxBytes) {
      unread.push(unreadReason(attachment.filename, `maior que ${limits.maxBytes} bytes`));
      continue;
    }
    const attachmentKind = detectFileKind(attachment.content, attachment.filename);
    if (attachmentKind === 'unknown') {
      // A part of an unknown kind shown inside the body (an Outlook .emz logo) is decoration.
      if (attachment.inline !== true)
        unread.push(unreadReason(attachment.filename, 'tipo de arquivo não reconhecido'));
      continue;
    }
    const extracted = await extractSafely(
      attachment.content,
      attachmentKind,
      { ...opts, ...reference },
      limits,
      depth + 1,
    );
    // A forwarded message's own attachments keep their names under it ("attachment:Fwd.msg/THC.pdf").
    const nested = attachmentKind === 'eml' || attachmentKind === 'msg';
    attachments.push({
      filename: attachment.filename,
      result: tagAttachment(extracted.result, attachment.filename, nested),
    });
    texts.push(`--- anexo ${attachment.filename} ---\n${extracted.text}`);
  }
  const merged = mergeWithAttachments(body, attachments);
  merged.detect.reasons.push(...unread);
  return { result: merged, text: texts.join('\n\n') };
}

async function extractSafely(
  buffer: Uint8Array,
  kind: FileKind,
  opts: ExtractFileOptions,
  limits: FileLimits,
  depth: number,
): Promise<Extracted> {
  try {
    return await extractByKind(buffer, kind, opts, limits, depth);
  } catch (error) {
    if (error instanceof FileLimitError) throw error;
    return {
      result: emptyResult(`não foi possível ler o arquivo (${kind}): ${unreadableReason(error)}`, kind),
      text: '',
    };
  }
}

/**
 * Extracts a freight quote from a file: .txt, .eml/.msg (with attachments), .pdf (scanned ones and
 * PNG/JPG images through OCR when tesseract is installed), .docx, .xlsx, .xls or .csv, the type being
 * read from the content. Unreadable input gives confidence 0 and a reason; a file past the limits
 * (decoded size, text items, zip size) throws FileLimitError, since reading it is not safe.
 */
export async function extractFromFile(
  buffer: Uint8Array,
  filename: string,
  opts: ExtractFileOptions = {},
): Promise<ExtractionResult> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  if (!(buffer instanceof Uint8Array)) return emptyResult('entrada não é um buffer');
  if (buffer.length > limits.maxBytes) return emptyResult(`arquivo maior que ${limits.maxBytes} bytes`);
  const kind = detectFileKind(buffer, filename);
  const { result, text } = await extractSafely(buffer, kind, opts, limits, 0);
  // The optional model fills only what the rules left open, and only with values the text shows.
  return opts.llm === undefined || text === ''
    ? result
    : (await refineWithLlm(result, text, opts.llm)).result;
}

/**
 * Why a file could not be read, in pt-BR: the analyst sees it on the reply's card. The libraries' own
 * messages are English ("No password given") and say nothing an analyst can act on.
 */
function unreadableReason(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (/password/i.test(name) || /password|encrypt/i.test(message)) return 'o arquivo é protegido por senha';
  return 'o arquivo está corrompido ou num formato que não pôde ser lido';
}
