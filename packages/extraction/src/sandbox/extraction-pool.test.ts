import { execFileSync, spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { textOperatorsPdf } from '../../test/fixtures/hostile-pdf.js';
import { sampleQuotePdf } from '../../test/fixtures/minimal-pdf.js';
import { extractFromFile } from '../extract-file.js';
import { ocrAvailable } from '../files/ocr.js';
import { ExtractionSandbox } from './extraction-pool.js';

const sandboxes: ExtractionSandbox[] = [];
function sandbox(options: { timeoutMs: number; heapMb: number; workers?: number }): ExtractionSandbox {
  const created = new ExtractionSandbox({ workers: options.workers ?? 1, ...options });
  sandboxes.push(created);
  return created;
}
afterAll(async () => {
  for (const created of sandboxes) await created.close();
});

/** 400,000 pairs: 800,000 text items, 11.6 MB decoded; slow and large once the engine's bounds are lifted. */
const heavy = textOperatorsPdf(400_000, { deflate: true });
const unbounded = { limits: { maxTextItems: 1e9, maxTextChars: 1e9 }, ocr: false as const };

/** Processes whose parent is `pid`. */
function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  const listing = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => Number(cols[1]) === pid)
    .map((cols) => ({ pid: Number(cols[0]), command: cols[2] ?? '' }));
}

/** A grey noise PNG, written by hand (stored zlib, no filter): slow work for tesseract. */
function noisePng(size: number): Uint8Array {
  const rows = Buffer.alloc(size * (size + 1));
  let seed = 7;
  for (let i = 0; i < rows.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    rows[i] = i % (size + 1) === 0 ? 0 : seed >> 23;
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Each case starts child processes (through tsx here): seconds on a busy machine.
describe('extraction sandbox (issue 29 item 6)', { timeout: 90_000 }, () => {
  it('reads a file in a child process and answers what the engine answers in this one', async () => {
    const outcome = await sandbox({ timeoutMs: 30_000, heapMb: 256 }).extract(sampleQuotePdf(), 'p.pdf');
    expect(outcome.ok).toBe(true);
    const here = await extractFromFile(sampleQuotePdf(), 'p.pdf');
    expect(outcome.ok && outcome.result.final).toEqual(here.final);
  });

  it('a file past the engine bounds fails as `limit`; the same child reads the next file', async () => {
    const box = sandbox({ timeoutMs: 30_000, heapMb: 256 });
    const bomb = await box.extract(textOperatorsPdf(2_500_000, { deflate: true }), 'bomba.pdf');
    expect(bomb).toMatchObject({ ok: false, failure: 'limit' });
    expect((await box.extract(sampleQuotePdf(), 'p.pdf')).ok).toBe(true);
  });

  it('a file that takes too long is cut at the time limit; a fresh child reads the next one', async () => {
    const box = sandbox({ timeoutMs: 1_500, heapMb: 512 });
    // The first file starts the child, so that the limit counts reading time only.
    expect((await box.extract(sampleQuotePdf(), 'p.pdf')).ok).toBe(true);
    const started = performance.now();
    expect(await box.extract(heavy, 'lento.pdf', unbounded)).toMatchObject({ ok: false, failure: 'timeout' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await box.extract(sampleQuotePdf(), 'p.pdf')).ok).toBe(true);
  });

  it('a child that runs out of heap fails that file only', async () => {
    const box = sandbox({ timeoutMs: 60_000, heapMb: 64 });
    expect(await box.extract(heavy, 'pesado.pdf', unbounded)).toMatchObject({ ok: false, failure: 'crash' });
    expect((await box.extract(sampleQuotePdf(), 'p.pdf')).ok).toBe(true);
  });

  it('kills the tesseract a child started when the time limit ends it', async (context) => {
    if (!(await ocrAvailable())) context.skip();
    const box = sandbox({ timeoutMs: 1_500, heapMb: 256 });
    expect((await box.extract(sampleQuotePdf(), 'p.pdf')).ok).toBe(true);
    const seen = new Set<number>();
    const watch = setInterval(() => {
      for (const child of childrenOf(process.pid))
        for (const grandchild of childrenOf(child.pid))
          if (grandchild.command.startsWith('tesseract')) seen.add(grandchild.pid);
    }, 100);
    const outcome = await box.extract(noisePng(2_000), 'scan.png', { ocr: { timeoutMs: 60_000 } });
    clearInterval(watch);
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
    expect(seen.size).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A killed process whose parent died too may linger as a zombie until it is reaped: not running.
    const alive = [...seen].filter((pid) => {
      const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
      return state !== '' && !state.startsWith('Z');
    });
    expect(alive).toEqual([]);
  });
});
