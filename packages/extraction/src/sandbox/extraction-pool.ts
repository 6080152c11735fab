import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExtractFileOptions, ExtractionResult } from '../types.js';
import type { ChildAnswer, ChildTask } from './protocol.js';

export interface SandboxOptions {
  /** Child processes reading files at once. */
  workers: number;
  /** Time one file may take; past it the child (and its OCR programs) is killed. */
  timeoutMs: number;
  /** V8 heap of each child; its resident memory is capped at twice that plus 128 MB. */
  heapMb: number;
  /** Files a child reads before it is replaced, so a slow leak cannot grow without bound. */
  tasksPerChild?: number;
}

/**
 * Why a file was not read: `limit` (a bound of the engine: decoded size, text items, zip), `timeout`,
 * `crash` (the child died: heap or memory cap, a native fault), `error` (the engine threw). All are
 * properties of the file: reading it again gives the same answer.
 */
export type SandboxFailure = 'limit' | 'timeout' | 'crash' | 'error';
export type SandboxOutcome =
  | { ok: true; result: ExtractionResult }
  | { ok: false; failure: SandboxFailure; detail: string };

/** The sandbox could not start a child (a deployment problem, not the file's): worth trying again later. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  tasks: number;
  dead: boolean;
}

const PAGE_BYTES = 4096;

/** Resident memory of a process in bytes (Linux /proc); null where it cannot be read. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const pages = Number((await readFile(`/proc/${pid}/statm`, 'utf8')).split(' ')[1]);
    return Number.isFinite(pages) ? pages * PAGE_BYTES : null;
  } catch {
    return null;
  }
}

/**
 * Where the child's code is: beside this file when it runs as TypeScript source (tests, tsx scripts;
 * the child then runs through tsx too), else beside the bundle that holds this code (apps/api/dist,
 * where scripts/build.mjs writes `extraction-child.js`).
 */
function childEntry(): { path: string; execArgv: string[] } {
  const own = import.meta.url;
  if (own.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(own).resolve('tsx')).href;
    return { path: fileURLToPath(new URL('./extraction-child.ts', own)), execArgv: ['--import', tsx] };
  }
  return { path: fileURLToPath(new URL('./extraction-child.js', own)), execArgv: [] };
}

/**
 * Untrusted files are read in child processes (issue 29 item 6): a heap cap, a resident-memory cap and a
 * time limit per file, each child in its own process group so that a kill also ends the tesseract and
 * pdftoppm it started. A file that kills its child fails alone; the next file gets a fresh child.
 */
export class ExtractionSandbox {
  private readonly idle: Slot[] = [];
  private readonly waiting: Array<{ resolve(slot: Slot): void; reject(error: Error): void }> = [];
  private live = 0;
  private nextId = 1;
  private closed = false;
  private readonly entry = childEntry();

  constructor(private readonly options: SandboxOptions) {}

  async extract(
    buffer: Uint8Array,
    filename: string,
    options: Omit<ExtractFileOptions, 'llm'> = {},
  ): Promise<SandboxOutcome> {
    const slot = await this.acquire();
    // A child at work keeps the parent alive; an idle one does not.
    slot.child.channel?.ref();
    try {
      await slot.ready;
    } catch (error) {
      this.release(slot);
      throw error;
    }
    try {
      return await this.run(slot, { id: this.nextId++, buffer, filename, options });
    } finally {
      this.release(slot);
    }
  }

  /** Ends every child; files waiting for one are refused (their jobs run again later). */
  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.idle.splice(0)) this.kill(slot);
    for (const waiter of this.waiting.splice(0)) waiter.reject(new SandboxUnavailableError('sandbox closed'));
  }

  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(new SandboxUnavailableError('sandbox closed'));
    for (let slot = this.idle.pop(); slot; slot = this.idle.pop()) {
      if (!slot.dead) return Promise.resolve(slot);
      this.live--;
    }
    if (this.live < this.options.workers) return Promise.resolve(this.spawn());
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(slot: Slot): void {
    slot.tasks++;
    if (slot.dead || this.closed || slot.tasks >= (this.options.tasksPerChild ?? 500)) {
      this.kill(slot);
      this.live--;
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(this.spawn());
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(slot);
    else {
      slot.child.channel?.unref();
      this.idle.push(slot);
    }
  }

  private spawn(): Slot {
    this.live++;
    const child = fork(this.entry.path, [], {
      execArgv: [...this.entry.execArgv, `--max-old-space-size=${this.options.heapMb}`],
      serialization: 'advanced',
      // Its own process group: killing the group also ends the OCR programs it started.
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.unref();
    const slot: Slot = { child, tasks: 0, dead: false, ready: Promise.resolve() };
    child.once('exit', () => {
      slot.dead = true;
    });
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: ChildAnswer) => {
        if (message.kind !== 'ready') return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve();
      };
      const onExit = (code: number | null, signal: string | null) => {
        slot.dead = true;
        child.off('message', onMessage);
        reject(new SandboxUnavailableError(`extraction child did not start (${signal ?? code})`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.once('error', () => undefined);
    });
    slot.ready.catch(() => undefined);
    return slot;
  }

  private kill(slot: Slot): void {
    slot.dead = true;
    const pid = slot.child.pid;
    if (pid === undefined || slot.child.exitCode !== null || slot.child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      slot.child.kill('SIGKILL');
    }
  }

  private run(slot: Slot, task: ChildTask): Promise<SandboxOutcome> {
    const { child } = slot;
    const memoryCap = (this.options.heapMb * 2 + 128) * 1024 * 1024;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (outcome: SandboxOutcome | Error, killChild: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (killChild) this.kill(slot);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onMessage = (message: ChildAnswer) => {
        if (message.kind === 'ready' || message.id !== task.id) return;
        if (message.kind === 'result') finish({ ok: true, result: message.result }, false);
        else finish({ ok: false, failure: message.kind, detail: message.detail }, false);
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish({ ok: false, failure: 'crash', detail: `child ended (${signal ?? `exit ${code}`})` }, true);
      const timer = setTimeout(
        () => finish({ ok: false, failure: 'timeout', detail: `over ${this.options.timeoutMs} ms` }, true),
        this.options.timeoutMs,
      );
      const watch = setInterval(async () => {
        const resident = child.pid === undefined ? null : await residentBytes(child.pid);
        if (resident !== null && resident > memoryCap)
          finish({ ok: false, failure: 'crash', detail: `resident memory ${resident} bytes` }, true);
      }, 200);
      watch.unref();
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(task, (error) => {
        if (error)
          finish(new SandboxUnavailableError(`extraction child unreachable: ${error.message}`), true);
      });
    });
  }
}
