import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './browser';

/** The last `chars` characters the e2e server wrote (warnings and errors: it runs with LOG_LEVEL=warn). */
export function serverLogTail(chars = 4000): string {
  const file = path.join(dataDir(), 'server.log');
  if (!existsSync(file)) return '(no server log)';
  const text = readFileSync(file, 'utf8');
  return text.length > chars ? `…${text.slice(-chars)}` : text || '(the server logged nothing)';
}

/**
 * The steps a long test has passed, with the seconds each took: when the test times out, the report names
 * the step it was in (a test timeout says only the test's name).
 */
export class Trail {
  private readonly started = Date.now();
  private last = this.started;
  private readonly lines: string[] = [];

  mark(step: string): void {
    const now = Date.now();
    this.lines.push(
      `${((now - this.started) / 1000).toFixed(1)} s (+${((now - this.last) / 1000).toFixed(1)} s) ${step}`,
    );
    this.last = now;
  }

  report(): string {
    const waiting = ((Date.now() - this.last) / 1000).toFixed(1);
    return [...this.lines, `then ${waiting} s in the step after the last one above`].join('\n');
  }
}
