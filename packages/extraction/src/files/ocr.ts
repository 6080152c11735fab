import { type ExecFileException, execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageFormat } from './image-format.js';

/** OCR is optional: Debian's `tesseract-ocr` (+ por/eng/spa data) and, for scanned PDFs, `poppler-utils`. */
export interface OcrOptions {
  /** Path or name of the tesseract binary (default `tesseract` on the PATH). */
  tesseract?: string;
  /** Path or name of pdftoppm (default `pdftoppm`). */
  pdftoppm?: string;
  /** Per-process time limit in ms (default 30 s). */
  timeoutMs?: number;
  /** Pages of a scanned PDF read at most (default 5). */
  maxPages?: number;
}

export type OcrResult = { ok: true; text: string } | { ok: false; reason: string };

const WANTED_LANGUAGES = ['por', 'eng', 'spa'];

function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; error: ExecFileException | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      },
      (error, stdout, stderr) => resolve({ stdout: String(stdout), error, stderr: String(stderr) }),
    );
  });
}

const languageCache = new Map<string, Promise<string[] | null>>();

/** Installed languages among por/eng/spa; null when tesseract cannot be run. */
function installedLanguages(tesseract: string, timeoutMs: number): Promise<string[] | null> {
  let cached = languageCache.get(tesseract);
  if (cached === undefined) {
    cached = run(tesseract, ['--list-langs'], timeoutMs).then(({ stdout, stderr, error }) => {
      if (error !== null && (error.code === 'ENOENT' || error.code === 'EACCES')) return null;
      const listed = new Set(`${stdout}\n${stderr}`.split(/\s+/));
      return WANTED_LANGUAGES.filter((l) => listed.has(l));
    });
    languageCache.set(tesseract, cached);
  }
  return cached;
}

/** Whether the tesseract binary can be run here (used by tests to skip with a reason). */
export async function ocrAvailable(options: OcrOptions = {}): Promise<boolean> {
  const languages = await installedLanguages(options.tesseract ?? 'tesseract', options.timeoutMs ?? 30_000);
  return languages !== null && languages.length > 0;
}

const MISSING =
  'OCR indisponível: o programa tesseract não está instalado neste servidor (pacotes tesseract-ocr, tesseract-ocr-por, tesseract-ocr-eng, tesseract-ocr-spa)';

async function ocrFile(path: string, options: OcrOptions): Promise<OcrResult> {
  const tesseract = options.tesseract ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const languages = await installedLanguages(tesseract, timeoutMs);
  if (languages === null) return { ok: false, reason: MISSING };
  if (languages.length === 0)
    return { ok: false, reason: 'OCR indisponível: faltam os idiomas por/eng/spa do tesseract' };
  // psm 6: one uniform block, which keeps the rows of a rate table together; spaces between columns kept.
  const first = await readWith(tesseract, path, languages, '6', timeoutMs);
  if (!first.ok || !looksPoor(first.text)) return first;
  // psm 6 may drop a column or a row of a bordered table (QA 25: a pasted screenshot lost its currency
  // column and its last row); tesseract's own page segmentation (psm 3) then reads it again, and the reading
  // with more amounts, then more amounts beside a currency, is kept.
  const second = await readWith(tesseract, path, languages, '3', timeoutMs);
  return second.ok && betterReading(second.text, first.text) ? second : first;
}

async function readWith(
  tesseract: string,
  path: string,
  languages: string[],
  psm: '3' | '6',
  timeoutMs: number,
): Promise<OcrResult> {
  const { stdout, error } = await run(
    tesseract,
    [path, 'stdout', '-l', languages.join('+'), '--psm', psm, '-c', 'preserve_interword_spaces=1'],
    timeoutMs,
  );
  if (error !== null) {
    if (error.code === 'ENOENT') return { ok: false, reason: MISSING };
    const why = error.killed ? 'tempo esgotado' : 'falha ao ler a imagem';
    return { ok: false, reason: `OCR não concluído: ${why}` };
  }
  return {
    ok: true,
    text: repairOcrCodes(repairOcrSeparators(stdout.replace(/\f/g, '').replace(/[ \t]+$/gm, ''))),
  };
}

/** A money figure as OCR reads it: cents ("60.00", "1380,00") or thousands ("2,190"); not a date or a day count. */
const MONEY_FIGURE = /(?<![\d.,/])(?:\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{2})?|\d{1,6}[.,]\d{2})(?![\d.,/])/g;
/** Five digits or more in a row beside a currency: a figure whose separators OCR lost ("USD | 219000"). */
const BROKEN_FIGURE = /(?<![\d.,/])\d{5,}(?![\d.,/])/g;
const CURRENCY_MARK = /(?<![\p{L}])(?:USD|US\$|BRL|R\$|EUR|€|GBP|CNY)(?![\p{L}])/iu;
const QUOTE_WORD = /(?<![\p{L}])(?:USD|US\$|BRL|R\$|EUR|€|frete|freight|flete|THC|BL)(?![\p{L}])/iu;

/**
 * Money figures of a reading, how many of them share their line with a currency, and how many figures
 * beside a currency lost their separators.
 */
export function moneyFigures(text: string): { amounts: number; withCurrency: number; broken: number } {
  let amounts = 0;
  let withCurrency = 0;
  let broken = 0;
  for (const line of text.split('\n')) {
    const count = line.match(MONEY_FIGURE)?.length ?? 0;
    amounts += count;
    if (CURRENCY_MARK.test(line)) {
      withCurrency += count;
      broken += line.match(BROKEN_FIGURE)?.length ?? 0;
    }
  }
  return { amounts, withCurrency, broken };
}

/**
 * A reading worth a second pass: a figure with no currency on its line (the currency column lost), or no
 * figure at all in a reading that is short (psm 6 read almost nothing), names a quote's words or holds a
 * figure that lost its separators ("219000"). A page of prose with no figure is read once.
 */
export function looksPoor(text: string): boolean {
  const { amounts, withCurrency } = moneyFigures(text);
  if (amounts > 0) return withCurrency < amounts;
  return text.replace(/\s+/g, '').length < 40 || QUOTE_WORD.test(text) || /\d{4,}/.test(text);
}

/**
 * Whether `candidate` holds more money figures than `current` (less those that lost their separators), or
 * as many with more of them beside a currency.
 */
export function betterReading(candidate: string, current: string): boolean {
  const a = moneyFigures(candidate);
  const b = moneyFigures(current);
  const score = (r: typeof a) => r.amounts - r.broken;
  return score(a) > score(b) || (score(a) === score(b) && a.withCurrency > b.withCurrency);
}

const BAR = String.raw`[Il\[\]!]`;
const CURRENCY = String.raw`(?:USD|US\$|BRL|R\$|EUR|€)`;
/** A bar read as I, l, [, ] or ! before a value: "20GP I USD 1.850,00", "Transit time [ 32 dias", "20GP IUSD 1.850". */
const BAR_BEFORE_VALUE = new RegExp(
  String.raw`(?<=[\p{L}\p{N})]) ${BAR} (?=${CURRENCY}|\d)|(?<=[\p{L}\p{N})] )${BAR}(?=${CURRENCY} ?\d)`,
  'gu',
);
/** The same after an amount, once the line has a bar: "USD 1.850,00 l por container", "75,00 Ipor BL". */
const BAR_AFTER_AMOUNT = new RegExp(
  String.raw`(?<=\d) ${BAR} (?=\p{L})|(?<=\d )${BAR}(?=(?:por|per|pro)\b)`,
  'gu',
);

/**
 * Column bars of a table as tesseract often reads them: "Frete 20GP I USD 1.850,00 l por container",
 * "Transit time [ 32 dias", "20GP IUSD 1.850,00". Only a lone I/l/[/]/! right before an amount (currency
 * or digit), or right after one in a line that has a bar, becomes "|"; words and figures stay as read.
 */
export function repairOcrSeparators(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const before = line.replace(BAR_BEFORE_VALUE, (bar) => (bar.length === 1 ? '| ' : ' | '));
      return before.includes('|')
        ? before.replace(BAR_AFTER_AMOUNT, (bar) => (bar.length === 1 ? '| ' : ' | '))
        : before;
    })
    .join('\n');
}

/**
 * The charge codes tesseract misreads in a photographed table (QA pass 20: "THE destino… BRL 1.350,00 /
 * cntr" and "BE fee… USD 55,00 /BL" were read as freight, the THC and BL fee lost and the row the cheapest):
 * at the start of a line, "THE"/"THG"/"TNC" before a side word ("destino", "origem") or before the dots or
 * colon leading to an amount is THC; "BE"/"8L"/"BI"/"B1" before "fee" is BL. Nothing else is rewritten.
 */
// Capitals only: "The destination port…" is a sentence, not a code.
const MISREAD_THC =
  /^(\s*[-•*]?\s*)(?:THE|THG|TNC|THO)(?=\s+(?:[Dd]estino|DESTINO|[Oo]rigem|ORIGEM)\b|\s*(?:\.{2,}|:)\s*(?:USD|US\$|BRL|R\$|EUR|€|\d))/gmu;
const MISREAD_BL_FEE = /^(\s*[-•*]?\s*)(?:BE|8L|BI|B1)(?=\s+(?:fee|FEE|Fee)\b)/gmu;

/**
 * A foot mark read as a degree sign (QA pass 35: "THC 20°" lost its size, and the per-size fee counted on
 * every container): 20°, 40°, 45° not followed by C or F (a reefer's "-20°C" is a temperature).
 */
const MISREAD_FEET = /(?<![\d.,-])(20|40|45)\s?[°º](?!\s*[CF]\b)/g;

export function repairOcrCodes(text: string): string {
  return text.replace(MISREAD_THC, '$1THC').replace(MISREAD_BL_FEE, '$1BL').replace(MISREAD_FEET, "$1'");
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cotacoes-ocr-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Text of an image (PNG, JPEG, TIFF, GIF, BMP, WebP: what leptonica reads) by tesseract with por+eng+spa;
 * never throws. The file keeps its format's extension, so the program's messages name the right one.
 */
export async function ocrImage(buffer: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  try {
    return await withTempDir(async (dir) => {
      const path = join(dir, `image.${imageFormat(buffer) ?? 'png'}`);
      await writeFile(path, buffer);
      return ocrFile(path, options);
    });
  } catch (error) {
    return {
      ok: false,
      reason: `OCR não concluído: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Text of a scanned PDF: pages rendered by pdftoppm (300 dpi, grey) and read by tesseract; never throws. */
export async function ocrPdf(buffer: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPages = options.maxPages ?? 5;
  try {
    return await withTempDir(async (dir) => {
      const input = join(dir, 'scan.pdf');
      await writeFile(input, buffer);
      const rendered = await run(
        options.pdftoppm ?? 'pdftoppm',
        ['-r', '300', '-gray', '-png', '-f', '1', '-l', String(maxPages), input, join(dir, 'page')],
        timeoutMs,
      );
      if (rendered.error !== null) {
        if (rendered.error.code === 'ENOENT')
          return {
            ok: false,
            reason:
              'OCR indisponível: o programa pdftoppm (pacote poppler-utils) não está instalado neste servidor',
          };
        return { ok: false, reason: 'OCR não concluído: não foi possível converter o PDF em imagem' };
      }
      const pages = (await readdir(dir)).filter((f) => /^page.*\.png$/.test(f)).sort();
      const texts: string[] = [];
      for (const page of pages) {
        const result = await ocrFile(join(dir, page), options);
        if (!result.ok) return result;
        texts.push(result.text);
      }
      return { ok: true, text: texts.join('\n\f') };
    });
  } catch (error) {
    return {
      ok: false,
      reason: `OCR não concluído: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
