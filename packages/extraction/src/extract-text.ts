import { emptyResult } from './empty-result.js';
import { analyseText } from './pipeline/run.js';
import type { ExtractionResult, ExtractTextOptions, FileKind } from './types.js';

/** Extracts a freight quote from plain text (an e-mail, text pulled from a PDF, a flattened sheet). Never throws. */
export function extractFromText(text: string, opts: ExtractTextOptions = {}): ExtractionResult {
  return extractTextAs(text, opts, 'txt');
}

export function extractTextAs(text: string, opts: ExtractTextOptions, fileKind: FileKind): ExtractionResult {
  if (typeof text !== 'string' || text.trim() === '')
    return emptyResult('texto vazio', fileKind, opts.sourceHint);
  try {
    return analyseText(text, opts, fileKind);
  } catch (error) {
    return emptyResult(
      `falha na extração: ${error instanceof Error ? error.message : String(error)}`,
      fileKind,
      opts.sourceHint,
    );
  }
}
