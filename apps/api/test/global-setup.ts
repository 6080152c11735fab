import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client.js';
import { JobQueue } from '../src/jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite takes seconds to create and migrate, so it is done once: migrated, with the job
 * queue's schema, then dumped; every test file loads the dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ kind: 'pglite', instance: client });
  const jobs = new JobQueue(database, pino({ level: 'silent' }));
  await jobs.start();
  await jobs.stop();
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-template-')), 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
