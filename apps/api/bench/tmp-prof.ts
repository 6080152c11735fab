import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openBench } from './harness.js';
const run = promisify(execFile);
const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');
const which = process.env.WHICH ?? 'stack';
let url: string; let headers: Record<string,string> = {};
let bench: any;
if (which === 'bare2') {
  const bare = Fastify({ logger: false });
  const body = {"id":"28d08293-94ea-491c-8316-170027c765bb","name":"Bench","email":"bench-16dc57@bench.com","role":"analista","empresaId":"915c2d01-239c-4f77-ae0e-14899a0b1e1f","receiveEmailCopy":false};
  bare.get('/hello', async (_q, reply) => { reply.headers({'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'strict-origin-when-cross-origin', 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'x-content-type-options': 'nosniff'}); return body; });
  url = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/hello`;
} else if (which === 'bare') {
  const bare = Fastify({ logger: false }); bare.get('/hello', async () => ({ hello: 'world' }));
  url = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/hello`;
} else {
  bench = await openBench('prof', process.env.NOLOG ? { env: { NODE_ENV: 'production', APP_URL: 'http://127.0.0.1' } } : { logger: true, env: { NODE_ENV: 'production', APP_URL: 'http://127.0.0.1', LOG_LEVEL: 'info' } });
  const [empresa] = (await bench.db.execute(sql`insert into empresas (nome, codigo) values ('Bench stack', 'BENCHSTACK') returning id`)).rows as { id: string }[];
  headers = await bench.signIn(empresa!.id);
  url = `${await bench.app.listen({ host: '127.0.0.1', port: 0 })}/api/auth/me`;
}
const h = Object.entries(headers).flatMap(([n, v]) => ['-H', `${n}=${v}`]);
const { performance } = await import('node:perf_hooks'); const elu0 = performance.eventLoopUtilization();
const inspector = await import('node:inspector/promises'); const session = new inspector.Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 1000 }); await session.post('Profiler.start');
const cpu = process.cpuUsage();
const { stdout } = await run(process.execPath, [bin, '-c', '50', '-d', process.env.DUR ?? '8', '-j', ...h, url], { maxBuffer: 1 << 24 });
const used = process.cpuUsage(cpu); const elu = performance.eventLoopUtilization(elu0); console.error('ELU', elu.utilization.toFixed(3));
const { profile } = await session.post('Profiler.stop'); (await import('node:fs')).writeFileSync(`/tmp/${which}.cpuprofile`, JSON.stringify(profile));
const r = JSON.parse(stdout);
console.error(which, r.requests.average, 'req/s', ((used.user + used.system) / r.requests.total).toFixed(1), 'µs/req', 'user', (used.user / r.requests.total).toFixed(1), 'sys', (used.system/r.requests.total).toFixed(1));
if (bench) await bench.close();
process.exit(0);
