import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.js';
import { freePort, startServerProcess } from './server-process.js';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-start-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('lists every bad variable in Portuguese and English', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'abc', MAIL_TRANSPORT: 'smtp', DATABASE_URL: 'mysql://x', SEED_DEMO: 'talvez' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT: deve ser um número \/ must be a number/);
    expect(problems).toMatch(/DATABASE_URL: deve começar com postgres:\/\//);
    expect(problems).toMatch(/SEED_DEMO: use true ou false/);
  });

  it('requires SMTP_URL with the smtp transport', () => {
    expect(() => parseConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: obrigatório quando MAIL_TRANSPORT=smtp/,
    );
  });

  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.MAIL_TRANSPORT).toBe('local');
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.mailSentDir).toBe(path.resolve('./data/mail/sent'));
    expect(config.isEmbeddedDatabase).toBe(true);
    expect(config.APP_URL).toBe('http://localhost:3000');
  });

  it('reads relative paths from the directory npm was run in (INIT_CWD), not the workspace', () => {
    const config = parseConfig({ INIT_CWD: '/srv/cotacoes', WEB_DIST_DIR: 'web/dist' });
    expect(config.DATA_DIR).toBe('/srv/cotacoes/data');
    expect(config.mailSentDir).toBe('/srv/cotacoes/data/mail/sent');
    expect(config.WEB_DIST_DIR).toBe('/srv/cotacoes/web/dist');
  });

  it('stops the process with the list when the environment is wrong', async () => {
    const server = startServerProcess({ PORT: 'abc', MAIL_TRANSPORT: 'carrier-pigeon', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuração inválida / invalid configuration');
    expect(server.output()).toContain('MAIL_TRANSPORT');
    // A child process starting TypeScript through tsx: seconds when idle, much longer on a loaded CI machine.
  }, 120_000);
});

describe('embedded data directory lock (R5)', () => {
  it('refuses a second process on the same data directory with a clear message', async () => {
    const held = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const server = startServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('já está em uso pelo processo');
      expect(server.output()).toContain(String(process.pid));
    } finally {
      await held.close();
    }
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
  }, 120_000);

  it('takes over the lock file of a process that no longer exists', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-lock-'));
    fs.writeFileSync(path.join(dir, '.lock'), '2147483646');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).not.toThrow();
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports the holder pid', () => {
    const error = new DataDirLockedError('/x', 42);
    expect(error.message).toContain('processo 42');
  });
});
