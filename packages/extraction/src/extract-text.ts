import { emptyResult } from './empty-result.js';
import { analyseText, NO_REPLY_TEXT_REASON } from './pipeline/run.js';
import type { ExtractionResult, ExtractTextOptions, FileKind } from './types.js';

/** Extracts a freight quote from plain text (an e-mail, text pulled from a PDF, a flattened sheet). Never throws. */
export function extractFromText(text: string, opts: ExtractTextOptions = {}): ExtractionResult {
  return extractTextAs(text, opts, 'txt');
}

/** Quote codes as the platform writes them ('COT-2026-0011'). */
const QUOTE_CODE = /\b[A-Z]{2,6}-\d{4}-\d{3,6}\b/g;

/** The reason a result gives for lines about other quotes it left out (matched by the web card). */
export const OTHER_QUOTES_REASON = 'valores de outra cotação ignorados';

/**
 * A text that speaks of this quote and of others ("COT-2026-0010: Frete 40HC USD 2.010,00" then
 * "COT-2026-0011: …"; QA pass 41b: the other quote's price was read as this one's): without the lines naming
 * only another quote, nor the lines under such a heading until a blank line. Unchanged when it does not name
 * this quote's code, or names no other.
 */
export function withoutOtherQuotes(text: string, code: string): { text: string; others: string[] } {
  const lines = text.split('\n');
  const codesOf = (line: string) => [...line.matchAll(QUOTE_CODE)].map((match) => match[0]);
  const all = new Set(lines.flatMap(codesOf));
  if (!all.has(code) || all.size < 2) return { text, others: [] };
  const others = new Set<string>();
  let skipping = false;
  const kept = lines.map((line) => {
    const codes = codesOf(line);
    if (line.trim() === '' || codes.includes(code)) {
      skipping = false;
      return line;
    }
    if (codes.length > 0) {
      for (const other of codes) others.add(other);
      skipping = true;
      return '';
    }
    return skipping ? '' : line;
  });
  return { text: kept.join('\n'), others: [...others] };
}

export function extractTextAs(text: string, opts: ExtractTextOptions, fileKind: FileKind): ExtractionResult {
  if (typeof text !== 'string' || text.trim() === '')
    return emptyResult(
      opts.sourceHint === 'email' ? NO_REPLY_TEXT_REASON : 'texto vazio',
      fileKind,
      opts.sourceHint,
    );
  try {
    if (opts.quoteCode !== undefined) {
      const scoped = withoutOtherQuotes(text, opts.quoteCode);
      if (scoped.others.length > 0) {
        const result = analyseText(scoped.text, opts, fileKind);
        result.detect.reasons.push(`${OTHER_QUOTES_REASON}: ${scoped.others.join(', ')}`);
        return result;
      }
    }
    return analyseText(text, opts, fileKind);
  } catch (error) {
    return emptyResult(
      `falha na extração: ${error instanceof Error ? error.message : String(error)}`,
      fileKind,
      opts.sourceHint,
    );
  }
}
