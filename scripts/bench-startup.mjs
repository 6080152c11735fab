// P6: `npm start` on an empty embedded data directory must serve the login page within 15 s
// (migrations and the demo seed included). Prints the measured time and PASS/FAIL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-bench-start-'));
const port = 3900 + Math.floor(Math.random() * 90);
const started = performance.now();
const child = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: 'ignore',
  detached: true,
});

let seconds;
while (performance.now() - started < 60_000) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/login`);
    if (response.ok && (await response.text()).includes('<div id="root">')) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.kill(-child.pid, 'SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
if (seconds === undefined) {
  console.log('startup: login page not served within 60 s — FAIL');
  process.exit(1);
}
console.log(
  `startup: login page served after ${seconds.toFixed(1)} s on an empty data dir (target ≤ 15 s) — ${seconds <= 15 ? 'PASS' : 'FAIL'}`,
);
process.exit(seconds <= 15 ? 0 : 1);
