import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; smaller ones gain less than their headers. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file
 * of `dir`, once at build time; the server sends them to clients that accept them (ADR 0014). A variant
 * that is not smaller than the original is not written.
 */
export function precompressDirectory(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const original = fs.readFileSync(file);
    if (original.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    });
    const gzip = gzipSync(original, { level: 9 });
    if (brotli.length < original.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < original.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files++;
    totals.bytes += original.length;
    totals.brotliBytes += Math.min(brotli.length, original.length);
  }
  return totals;
}

/** Vite plugin: pre-compresses the build output when the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cotacoes-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDirectory(outDir);
      this.info?.(
        `pre-compressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB brotli`,
      );
    },
  };
}
