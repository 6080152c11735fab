import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts the server in its own process: `src/server.ts` through tsx, or with `compiled` the build that
 * `npm start` runs (`dist/server.js`, made by `npm run build`); with `entry: 'worker'`, the workers alone
 * (`src/worker.ts`, what `npm run worker` runs; PostgreSQL only, no HTTP port).
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { compiled?: boolean; entry?: 'server' | 'worker' } = {},
): ServerProcess {
  const port = env.PORT ?? '0';
  const entry = options.entry ?? 'server';
  const args = options.compiled
    ? ['--enable-source-maps', `dist/${entry}.js`]
    : ['--import', 'tsx', `src/${entry}.ts`];
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RATES_API_URL: 'http://127.0.0.1:9',
      PTAX_API_URL: 'http://127.0.0.1:9',
      WEB_DIST_DIR: '/nonexistent',
      // No network here: the inbound sender checks make no DNS lookup.
      INBOUND_DNS: 'offline',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy in time: ${server.output()}`);
}
