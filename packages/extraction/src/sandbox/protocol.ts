import type { ExtractFileOptions, ExtractionResult } from '../types.js';

/** What the pool sends a child: one file and the engine's options (no LLM: it stays in the parent). */
export interface ChildTask {
  id: number;
  buffer: Uint8Array;
  filename: string;
  options: Omit<ExtractFileOptions, 'llm'>;
}

export type ChildAnswer =
  | { kind: 'ready' }
  | { id: number; kind: 'result'; result: ExtractionResult }
  | { id: number; kind: 'limit'; detail: string }
  | { id: number; kind: 'error'; detail: string };
