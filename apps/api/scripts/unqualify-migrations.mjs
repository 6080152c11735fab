// drizzle-kit writes REFERENCES "public"."table"; migrations stay schema-free so that the same SQL runs
// in any schema (tests use one schema per file on PostgreSQL).
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, '../src/db/migrations');
for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.sql'))) {
  const file = path.join(dir, name);
  const sql = fs.readFileSync(file, 'utf8');
  const unqualified = sql.replaceAll('"public".', '');
  if (unqualified !== sql) fs.writeFileSync(file, unqualified);
}
