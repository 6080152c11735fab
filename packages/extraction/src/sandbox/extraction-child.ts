// The child process of the extraction sandbox (extraction-pool.ts): reads one file at a time with the
// engine, under the heap cap and time limit its parent set, and answers over the IPC channel.
import { extractFromFile } from '../extract-file.js';
import { FileLimitError } from '../files/limits.js';
import type { ExtractFileOptions } from '../types.js';
import type { ChildAnswer, ChildTask } from './protocol.js';

function answer(message: ChildAnswer): void {
  process.send?.(message);
}

/** The parent is gone: end this process group too, tesseract or pdftoppm included. */
function endGroup(): void {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(0);
  }
}

process.on('disconnect', endGroup);
process.on('message', async (task: ChildTask) => {
  try {
    const result = await extractFromFile(task.buffer, task.filename, task.options as ExtractFileOptions);
    answer({ id: task.id, kind: 'result', result });
  } catch (error) {
    if (error instanceof FileLimitError) answer({ id: task.id, kind: 'limit', detail: error.message });
    else
      answer({ id: task.id, kind: 'error', detail: error instanceof Error ? error.message : String(error) });
  }
});
answer({ kind: 'ready' });
