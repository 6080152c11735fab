import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';

// ADR 0014: static files go out as the .br/.gz the web build wrote beside them (here written the same
// way), with Vary: Accept-Encoding; API JSON above 1 kB is compressed per request.
let ctx: TestContext;
let distDir: string;
let bundle: Buffer;
const bundleUrl = '/assets/index-abc123.js';

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  bundle = Buffer.from(
    Array.from({ length: 3000 }, (_, i) => `export const valor${i} = "cotação ${i % 97}";\n`).join(''),
  );
  const file = path.join(distDir, bundleUrl);
  fs.writeFileSync(file, bundle);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bundle));
  fs.writeFileSync(`${file}.gz`, gzipSync(bundle));
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the main bundle', () => {
  it('is sent as brotli to a client that accepts it', async () => {
    const response = await get(bundleUrl, 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.rawPayload.length).toBeLessThan(bundle.length / 4);
    expect(brotliDecompressSync(response.rawPayload).equals(bundle)).toBe(true);
  });

  it('is sent as gzip to a client that accepts only gzip', async () => {
    const response = await get(bundleUrl, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).equals(bundle)).toBe(true);
  });

  it('is sent as is to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(bundleUrl, acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.equals(bundle)).toBe(true);
    }
  });
});

describe('API answers', () => {
  it('are compressed above 1 kB for a client that accepts it', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compressed = await get('/api/docs/json', 'br, gzip');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('are sent as is below the threshold', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});
