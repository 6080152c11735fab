import type { Line } from '../blocks/lines.js';
import type { Segmentation } from '../blocks/segment.js';
import type { Block, BlockKind } from '../types.js';
import type { ScopeAnalysis } from './analyse-scope.js';

const MAX_BLOCK_LINES = 60;

function block(
  lines: Line[],
  kind: BlockKind,
  start: number,
  end: number,
  title: string | null,
  origin = 'body',
): Block {
  const text = lines
    .slice(start - 1, end)
    .filter((l) => !l.blank)
    .slice(0, MAX_BLOCK_LINES)
    .map((l) => l.trimmed.slice(0, 300));
  return { kind, startLine: start, endLine: end, title, origin, lines: text };
}

/** Segments for display: header, newest message and its sections/tables, alternatives, signature, history. */
export function buildBlocks(
  lines: Line[],
  seg: Segmentation,
  newest: ScopeAnalysis,
  olderLines: Line[],
): Block[] {
  const blocks: Block[] = [];
  if (seg.headerEnd > 0) blocks.push(block(lines, 'header', 1, seg.headerEnd, seg.subject?.trimmed ?? null));
  const bodyEnd = seg.signatureStart ?? seg.quotedStart ?? lines.length;
  if (bodyEnd > seg.headerEnd) blocks.push(block(lines, 'body', seg.headerEnd + 1, bodyEnd, null));
  for (const section of newest.sections) {
    blocks.push(block(lines, section.context.kind, section.start, section.end, section.context.title));
  }
  for (const table of newest.tables) {
    blocks.push(
      block(
        lines,
        table.perDestination ? 'per_destination_table' : 'table',
        table.start,
        table.end,
        table.title,
      ),
    );
  }
  for (const alternative of seg.alternatives) {
    const kind = alternative.selected ? 'alternative' : 'alternative_discarded';
    const option = block(lines, kind, alternative.start + 1, alternative.end, alternative.title);
    blocks.push({ ...option, recomendada: alternative.recommended });
  }
  if (seg.signatureStart !== null)
    blocks.push(block(lines, 'signature', seg.signatureStart + 1, seg.quotedStart ?? lines.length, null));
  // A forwarded offer read as the reply's (QA pass 28): shown as the body it is read as.
  if (seg.forwarded !== null)
    blocks.push(block(lines, 'body', seg.forwarded[0] + 1, seg.forwarded[1], 'mensagem encaminhada'));
  seg.quotedMessages.forEach(([start, end], i) => {
    const used = i === 0 && olderLines.length > 0;
    blocks.push(block(lines, 'quoted_history', start + 1, end, used ? 'still applies' : null, 'quoted'));
  });
  return blocks.sort((a, b) => a.startLine - b.startLine);
}
