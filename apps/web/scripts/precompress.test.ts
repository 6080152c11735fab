import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip copies that decode to each text file, and skips small or binary files', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const bundle = Buffer.from('export const texto = "cotação de frete";\n'.repeat(500));
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), bundle);
  fs.writeFileSync(path.join(dir, 'assets/tiny.css'), 'a{}');
  fs.writeFileSync(path.join(dir, 'assets/logo.png'), Buffer.alloc(5000, 1));

  const totals = precompressDirectory(dir);

  expect(totals.files).toBe(1);
  const file = path.join(dir, 'assets/index-abc.js');
  expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(bundle)).toBe(true);
  expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(bundle)).toBe(true);
  expect(fs.statSync(`${file}.br`).size).toBeLessThan(bundle.length / 10);
  expect(fs.existsSync(path.join(dir, 'assets/tiny.css.br'))).toBe(false);
  expect(fs.existsSync(path.join(dir, 'assets/logo.png.br'))).toBe(false);
});
