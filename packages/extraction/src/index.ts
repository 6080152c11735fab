export { type CorpusFee, type CorpusFreight, type CorpusRecord, toCorpusFormat } from './corpus-format.js';
export { DEFAULT_LIMITS, extractFromFile } from './extract-file.js';
export { extractFromText } from './extract-text.js';
export { FileLimitError, type FileLimitKind, isFileLimitError } from './files/limits.js';
export { appliedHintIds } from './hints/applied.js';
export { type CorrectionOfValue, deriveHint, type HintDraft } from './hints/derive-hint.js';
export { FEE_UNITS, FREIGHT_UNITS, hintLabelKey } from './hints/vocabulary.js';
export { completeWithLlm, LLM_SCHEMA } from './llm.js';
export {
  IA_CONFIDENCE,
  IA_DEFAULT_TIMEOUT_MS,
  type LlmFailure,
  type LlmRefinement,
  refineWithLlm,
} from './llm-refine.js';
export { linesOfText, type SourceLine, sourceLinesOf } from './llm-verify.js';
export { canonicalFeeName } from './normalise/fee-names.js';
export { type CaseScore, scoreCase } from './scoring/score.js';
export type * from './types.js';

import { extractFromText } from './extract-text.js';
import { refineWithLlm } from './llm-refine.js';
import type { ExtractionResult, ExtractTextOptions, LlmOptions } from './types.js';

/**
 * extractFromText, then the optional language model for what the rules left missing or unsure; a value
 * it gives is kept only when the text shows it (`refineWithLlm`, issue 32 item 3).
 */
export async function extractFromTextWithLlm(
  text: string,
  opts: ExtractTextOptions & { llm?: LlmOptions } = {},
): Promise<ExtractionResult> {
  const result = extractFromText(text, opts);
  return opts.llm === undefined ? result : (await refineWithLlm(result, text, opts.llm)).result;
}
