/**
 * GET /api/quotes/{id}/respostas of a quote sent to 30 carriers that all answered (10 of them twice: a
 * current and an earlier version), every answer ingested by the inbound pipeline and extracted, read by
 * 10 concurrent clients through the whole request stack (session, rules, serialisation, compression as a
 * browser asks for it). p50/p95/p99 come from one run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:responses   # PostgreSQL (the target)
 *   npm run bench:responses                                                        # embedded PGlite
 *
 * Exits 1 when p99 exceeds 50 ms on PostgreSQL (on PGlite the numbers are printed only).
 * BENCH_CLIENTS (10), BENCH_ROUNDS (100 per client), BENCH_WARMUP_ROUNDS (10 per client).
 */
import { randomUUID } from 'node:crypto';
import { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { checkedTenant } from '../src/db/tenant.js';
import { extractResponse } from '../src/inbound/extract-response.js';
import { emitRow, openBench } from './harness.js';

const CARRIERS = 30;
const REVISED = 10;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 10);
const TARGET_P99_MS = 50;

const bench = await openBench('responses');
// Replies' files are read in the sandbox's child processes, as the extraction job does (ADR 0022).
const sandbox = new ExtractionSandbox({ workers: 1, timeoutMs: 60_000, heapMb: 512 });
const { app, db } = bench;
const started = performance.now();

const [empresa] = (
  await db.execute(
    sql`insert into empresas (nome, codigo) values ('Bench Respostas', ${`BENCHRE${randomUUID().slice(0, 6)}`}) returning id`,
  )
).rows as { id: string }[];
const headers = await bench.signIn(empresa!.id);
for (let i = 0; i < CARRIERS; i++) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/transporters',
    headers,
    payload: { nome: `Agente de Carga ${i + 1}`, email: `pricing@agente-${i + 1}.com.br` },
  });
  if (created.statusCode !== 201) throw new Error(`carrier: ${created.body}`);
}
// The quote and its recipients are written directly (as bench:inbound does); the answers are not: they go
// through the pipeline and the extraction, so the rows are what production stores.
const [quote] = (
  await db.execute(sql`
    insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
      prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, total_destinatarios,
      respostas_recebidas)
    values (${empresa!.id}, 'COT-2026-0001', 'AGUARDANDO_RESPOSTA', 'Bench', 'BENCH-1', 'FCL',
      now() + interval '7 days', 'EMAIL', 'individual', 'pt', 'Solicitação de cotação COT-2026-0001',
      md5(random()::text), ${CARRIERS}, 0)
    returning id`)
).rows as { id: string }[];
await db.execute(sql`
  insert into cotacao_destinatarios (empresa_id, cotacao_id, transportador_id, nome, emails, reply_token, message_id)
  select t.empresa_id, ${quote!.id}, t.id, t.nome, jsonb_build_array(e.email), md5(random()::text),
    '<' || md5(random()::text) || '@cotacoes.local>'
  from transportadores t
  join lateral (select email from transportador_emails where transportador_id = t.id limit 1) e on true
  where t.empresa_id = ${empresa!.id}`);
const recipients = (
  await db.execute(sql`
    select reply_token, message_id, emails from cotacao_destinatarios
    where cotacao_id = ${quote!.id} order by nome`)
).rows as { reply_token: string; message_id: string; emails: string[] }[];

const replyAddress = app.services.config.MAIL_REPLY_ADDRESS;
const at = replyAddress.lastIndexOf('@');
function reply(recipient: (typeof recipients)[number], i: number, version: number): Promise<Buffer> {
  const frete = (1800 + i * 37 + version * 50).toLocaleString('pt-BR');
  return new MailComposer({
    from: `Pricing <${recipient.emails[0]}>`,
    to: `${replyAddress.slice(0, at)}+${recipient.reply_token}${replyAddress.slice(at)}`,
    subject: 'RE: Solicitação de cotação COT-2026-0001',
    messageId: `<bench-${randomUUID()}@agente.com.br>`,
    inReplyTo: recipient.message_id,
    references: recipient.message_id,
    text: [
      'Prezados, boa tarde.',
      '',
      version > 1 ? 'Segue nossa proposta revisada para Shanghai x Santos:' : 'Segue nossa proposta:',
      '',
      `Frete marítimo 20DC: USD ${frete},00`,
      `Frete marítimo 40HC: USD ${frete},00`,
      'THC destino: BRL 1.450,00 por contêiner',
      'BL fee: USD 75,00 por BL',
      'ISPS: USD 15,00 por contêiner',
      `Transit time: ${28 + (i % 10)} dias`,
      'Free time: 14 dias no destino',
      'Validade: 31/12/2026',
      'Pagamento: 30 dias após o embarque',
      '',
      'Atenciosamente,',
      'Equipe de Pricing',
      '',
      '> Em 20/11/2026, Sistema de Cotações escreveu:',
      '> Solicitamos cotação de frete conforme abaixo.',
    ].join('\n'),
  })
    .compile()
    .build();
}
for (const [i, recipient] of recipients.entries()) {
  for (let version = 1; version <= (i < REVISED ? 2 : 1); version++) {
    const result = await app.services.inbound.ingest(await reply(recipient, i, version), { source: 'imap' });
    if (!result.responseId) throw new Error(`reply ${i}: ${result.outcome}`);
    await extractResponse(db, sandbox, result.responseId);
  }
}
await bench.analyze();

const url = `/api/quotes/${quote!.id}/respostas`;
// What the browser sends: the answer is compressed as it would be in use.
const request = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
const sample = await app.inject({ method: 'GET', url, headers });
const entries = (sample.json() as { data: { status: string }[] }).data;
if (entries.length !== CARRIERS || entries.some((entry) => entry.status !== 'respondido'))
  throw new Error(`expected ${CARRIERS} answered carriers: ${sample.body.slice(0, 300)}`);
const compressed = await app.inject({ method: 'GET', url, headers: request });
console.log(
  `seeded ${CARRIERS} answered carriers (${REVISED} with 2 versions) on ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `answer ${(sample.rawPayload.length / 1024).toFixed(0)} kB (${(compressed.rawPayload.length / 1024).toFixed(0)} kB ${compressed.headers['content-encoding'] ?? 'uncompressed'})`,
);

if (process.env.BENCH_BREAKDOWN) await breakdown();

/** BENCH_BREAKDOWN=1: where one request's time goes, step by step, without concurrency. */
async function breakdown(): Promise<void> {
  const tenant = checkedTenant(empresa!.id);
  const time = async (label: string, work: () => unknown, runs = 100) => {
    for (let i = 0; i < 10; i++) await work();
    const t = performance.now();
    for (let i = 0; i < runs; i++) await work();
    console.log(`  ${label.padEnd(38)} ${((performance.now() - t) / runs).toFixed(2)} ms`);
  };
  const list = await app.services.responses.listForTenant(tenant, quote!.id);
  const json = JSON.stringify(list);
  const { responsesListSchema } = await import('@cotacoes/shared');
  const zlib = await import('node:zlib');
  const dados = list.data[0]!.dadosExtraidos as unknown as Record<string, Record<string, unknown>>;
  const size = (value: unknown) => `${(JSON.stringify(value).length / 1024).toFixed(1)} kB`;
  console.log(
    `one entry ${size(list.data[0])}; its dadosExtraidos ${size(dados)}: ${Object.keys(dados)
      .map((key) => `${key} ${size(dados[key])}`)
      .join(', ')}; final.evidence ${size(dados.final!.evidence)}`,
  );
  console.log('breakdown (sequential, per request):');
  await time('service.list (queries + mapping)', () =>
    app.services.responses.listForTenant(tenant, quote!.id),
  );
  await time('zod encode, whole documented schema', () => responsesListSchema.encode(list));
  await time('JSON.stringify', () => JSON.stringify(list));
  await time('brotli q4 (as the app compresses)', () =>
    zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  );
  await time('GET /api/auth/me (the stack alone)', () =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: request }),
  );
  await time('whole request (inject, br)', () => app.inject({ method: 'GET', url, headers: request }));
}

const times: number[] = [];
const loop = (rounds: number, record: boolean, target = url, into = times) =>
  Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: target, headers: request });
        if (record) into.push(performance.now() - t0);
        if (response.statusCode !== 200)
          throw new Error(`${target}: ${response.statusCode} ${response.body}`);
      }
    }),
  );
const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
// The run's reference (as harness.ts): a signed-in call that reads no table, through the same stack and
// loop, measured first — this machine's floor right now.
const reference: number[] = [];
await loop(WARMUP_ROUNDS, false, '/api/auth/me');
await loop(ROUNDS, true, '/api/auth/me', reference);
reference.sort((a, b) => a - b);
emitRow({
  call: 'reference: GET /api/auth/me',
  p50: percentileOf(reference, 50),
  p99: percentileOf(reference, 99),
  target: 'reference',
  pass: null,
});
console.log(
  `reference GET /api/auth/me: p50 ${percentileOf(reference, 50).toFixed(1)} ms  p99 ${percentileOf(reference, 99).toFixed(1)} ms`,
);
await loop(WARMUP_ROUNDS, false);
// BENCH_PROFILE=file.cpuprofile: a CPU profile of the measured rounds only (open it in Chrome's DevTools).
const profiler = process.env.BENCH_PROFILE ? new (await import('node:inspector/promises')).Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const cpu = process.cpuUsage();
const t0 = performance.now();
await loop(ROUNDS, true);
const seconds = (performance.now() - t0) / 1000;
const used = process.cpuUsage(cpu);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}

times.sort((a, b) => a - b);
const percentile = (p: number) => percentileOf(times, p);
const [p50, p95, p99] = [percentile(50), percentile(95), percentile(99)];
console.log(
  `\nGET /api/quotes/{id}/respostas, ${CLIENTS} clients × ${ROUNDS} rounds: ${(times.length / seconds).toFixed(0)} req/s, ` +
    `${((used.user + used.system) / times.length / 1000).toFixed(1)} ms CPU/request in this process`,
);
console.log(`p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
const ok = p99 <= TARGET_P99_MS;
const compressedKb = compressed.rawPayload.length / 1024;
emitRow({
  call: `GET /quotes/{id}/respostas (${CARRIERS} answers)`,
  p50,
  p99,
  target: `p99 ≤ ${TARGET_P99_MS}`,
  pass: ok,
});
emitRow({
  call: `respostas answer, compressed (${CARRIERS} answers)`,
  value: `${compressedKb.toFixed(0)} kB`,
  target: '< 50 kB',
  pass: compressedKb < 50,
});
if (!bench.onPostgres)
  console.log(`RESULT: ${ok ? 'within' : 'above'} ${TARGET_P99_MS} ms (the target is PostgreSQL's)`);
else console.log(ok ? 'RESULT: PASS' : `RESULT: p99 above ${TARGET_P99_MS} ms`);
await sandbox.close();
await bench.close();
process.exit(ok || !bench.onPostgres ? 0 : 1);
