import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app when its bundle is missing or older than its sources (the check `npm start` uses):
 * `npm install` has just built it, and CI's second pass finds it current, so neither pays a rebuild.
 */
export function buildWeb(): void {
  // Vitest runs with NODE_ENV=test, which would make Vite emit React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('node', ['scripts/ensure-web-build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) throw new Error('web build failed');
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/** Starts the real API (which also serves apps/web/dist) on a free port with a fresh data directory. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cotacoes-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  // On PostgreSQL every server gets its own schema, dropped when it stops, so runs never share data.
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  let log = '';
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/server.ts'],
    {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MAIL_TRANSPORT: 'local',
        SEED_DEMO: 'false',
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        // e2e signs in many times from one address; the per-IP auth limit is tested in the API suite.
        AUTH_RATE_LIMIT_MAX: '1000',
        RATE_LIMIT_MAX: '10000',
        // Nothing outside the machine: a name lookup that hangs (no network in CI) holds one of libuv's four
        // threads, which the password hashes and file writes share. Callers pass the local fakes.
        RATES_API_URL: 'http://127.0.0.1:9',
        PTAX_API_URL: 'http://127.0.0.1:9',
        CNPJ_API_URL: 'http://127.0.0.1:9',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
        GMAIL_API_URL: 'http://127.0.0.1:9',
        GRAPH_API_URL: 'http://127.0.0.1:9',
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
        ...extraEnv,
      },
    },
  );
  // Also on disk (`serverLogTail` in trail.ts), so a test that fails prints what the server said.
  const logFile = createWriteStream(path.join(dataDir, 'server.log'));
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    logFile.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => logFile.end(resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) await dropSchemas(databaseUrl, [schema, `${schema}_boss`]);
  };

  try {
    await waitForHealth(baseURL, child, () => log, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

async function dropSchemas(url: string, schemas: string[]): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of schemas) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  } finally {
    await client.end();
  }
}
