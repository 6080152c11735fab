import { describe, expect, it } from 'vitest';
import { textOperatorsPdf } from '../../test/fixtures/hostile-pdf.js';
import { extractFromFile } from '../extract-file.js';
import { checkPdfDecodedSize, FileLimitError } from './limits.js';

describe('PDF limits (issue 29 item 6)', () => {
  it('refuses a small PDF whose stream inflates past the decoded-size bound, before pdf.js reads it', async () => {
    // 5 million text operators: 72,500,026 bytes once inflated, a few hundred kB as sent.
    const bomb = textOperatorsPdf(2_500_000, { deflate: true });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await extractFromFile(bomb, 'proposta.pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileLimitError);
    expect((error as FileLimitError).limit).toBe('decoded-size');
  });

  it('counts what a Flate stream decodes to, and what an uncompressed one holds not at all', () => {
    const small = textOperatorsPdf(1_000, { deflate: true });
    // 'BT\n/F1 10 Tf\n50 800 Td\n' (23) + 1,000 × '(a) Tj 0 -9 Td (b) Tj 0 9 Td\n' (29) + 'ET\n' (3)
    expect(checkPdfDecodedSize(small, 1024 * 1024)).toBe(23 + 29_000 + 3);
    expect(checkPdfDecodedSize(textOperatorsPdf(1_000, { deflate: false }), 1024 * 1024)).toBe(0);
    expect(() => checkPdfDecodedSize(small, 29_000)).toThrow(FileLimitError);
  });

  it('refuses a PDF past the text-item bound and reads one under it', async () => {
    // 750 pairs: 1,500 text items.
    const pdf = textOperatorsPdf(750, { deflate: false });
    const error = await extractFromFile(pdf, 'a.pdf', { limits: { maxTextItems: 1_000 } }).catch((e) => e);
    expect(error).toBeInstanceOf(FileLimitError);
    expect((error as FileLimitError).limit).toBe('text-items');
    const read = await extractFromFile(pdf, 'a.pdf', { limits: { maxTextItems: 2_000 }, ocr: false });
    expect(read.detect.fileKind).toBe('pdf');
    await expect(extractFromFile(pdf, 'a.pdf', { limits: { maxTextChars: 1_000 } })).rejects.toThrow(
      /characters/,
    );
  });
});
