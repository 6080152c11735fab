import { or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A unique index was violated (PostgreSQL 23505), optionally a given one; drivers nest the error. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** One of the columns contains `search`, ignoring case and accents. */
export function matchesSearch(columns: AnyPgColumn[], search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return or(
    ...columns.map((column) => sql`immutable_unaccent(lower(${column})) like immutable_unaccent(${pattern})`),
  );
}
