import { randomBytes } from 'node:crypto';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { pgliteTypes } from './client.js';

/*
 * A reply's raw bytes are stored and read as bytea. On the embedded database they go through
 * `pgliteTypes` (Node's hex codec instead of PGlite's one string per byte, which held the server for 10 s
 * on a 19 MB reply): the bytes must come back exactly, on either database.
 */
describe('bytea values', () => {
  it('come back byte for byte: every byte value, an empty value and 3 MB of random bytes', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const large = randomBytes(3 * 1024 * 1024);
      for (const value of [every, Buffer.alloc(0), large]) {
        const [row] = (
          await database.db.execute(sql`select ${value}::bytea as b, length(${value}::bytea) as n`)
        ).rows as { b: Uint8Array; n: number }[];
        expect(row!.n).toBe(value.length);
        expect(Buffer.from(row!.b).equals(value)).toBe(true);
      }
    } finally {
      await drop();
    }
  });

  it("write and read PGlite's own text form of bytea", () => {
    const value = Buffer.from([0, 1, 127, 128, 254, 255]);
    const own = types.serializers[types.BYTEA]!(value);
    expect(pgliteTypes.serializers[types.BYTEA](value)).toBe(own);
    expect(Buffer.from(pgliteTypes.parsers[types.BYTEA](own)).equals(value)).toBe(true);
    // A view into a larger buffer serializes its own bytes only.
    const view = new Uint8Array([9, 9, 1, 2, 9]).subarray(2, 4);
    expect(pgliteTypes.serializers[types.BYTEA](view)).toBe('\\x0102');
  });
});
