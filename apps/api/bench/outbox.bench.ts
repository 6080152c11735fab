/**
 * P8 for the outbox: commits 1,000 bulk messages (10 per transaction, like quote requests to 10 carriers)
 * and, while they drain, a verification code every 200 ms; a real SMTP server on loopback accepts them.
 *
 *   npm run bench:outbox                                                        # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:outbox   # PostgreSQL
 *
 * Prints messages/s (first commit → last SMTP accept; target ≥ 50) and the p50/p95 delay from a code's
 * commit to its SMTP accept (target p95 ≤ 2 s); exits 1 when a target is missed.
 */
import { startSmtpSink } from '../test/fakes/smtp-sink.js';
import { openBench } from './harness.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const PER_TRANSACTION = 10;
const CODE_EVERY_MS = 200;
const TARGET = { messagesPerSecond: 50, codeP95Ms: 2000 };

const accepted = new Map<string, number>();
let acceptedBulk = 0;
const sink = await startSmtpSink({
  onAccept(message) {
    accepted.set(message.messageId, message.acceptedAt);
    if (message.subject.startsWith('Cotação')) acceptedBulk++;
  },
});
const bench = await openBench('outbox', {
  workers: true,
  env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url },
});
const { app, db } = bench;
const { mailer, config } = app.services;
const body = `Prezados,\n\nSolicitamos cotação de frete FCL Ningbo → Itajaí.\n${'Detalhes da carga. '.repeat(40)}\n`;

const started = performance.now();
const bulk = (async () => {
  for (let sent = 0; sent < MESSAGES; sent += PER_TRANSACTION) {
    await db.transaction(async (tx) => {
      for (let i = sent; i < Math.min(MESSAGES, sent + PER_TRANSACTION); i++) {
        await mailer.enqueue(tx, {
          kind: 'quote.request',
          to: [`agente${i}@transportadora.com.br`],
          replyTo: config.MAIL_REPLY_ADDRESS,
          subject: `Cotação COT-2026-${String(i).padStart(5, '0')}`,
          text: body,
        });
      }
    });
  }
})();

const codes: { messageId: string; committedAt: number }[] = [];
while (acceptedBulk < MESSAGES) {
  const messageId = await db.transaction(async (tx) => {
    const queued = await mailer.enqueue(tx, {
      kind: 'auth.verification',
      to: [`pessoa${codes.length}@importadora.com.br`],
      subject: `Seu código de verificação: ${String(100000 + codes.length)}`,
      text: 'Use o código para confirmar seu e-mail.',
    });
    return queued.messageId;
  });
  codes.push({ messageId, committedAt: performance.now() });
  await new Promise((resolve) => setTimeout(resolve, CODE_EVERY_MS));
  if (performance.now() - started > 120_000) break;
}
await bulk;
const total = MESSAGES + codes.length;
const deadline = performance.now() + 30_000;
while (accepted.size < total && performance.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const lastAccept = Math.max(...accepted.values());
const perSecond = (accepted.size / (lastAccept - started)) * 1000;
const delays = codes
  .map((code) => (accepted.get(code.messageId) ?? Number.POSITIVE_INFINITY) - code.committedAt)
  .sort((a, b) => a - b);
const percentile = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))]!;
const p95 = percentile(95);

console.log(
  `\noutbox on ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'}: ${MESSAGES} bulk + ${codes.length} codes, ` +
    `MAIL_CONCURRENCY=${config.MAIL_CONCURRENCY}`,
);
console.log(`delivered ${accepted.size}/${total} in ${((lastAccept - started) / 1000).toFixed(1)} s`);
console.log(
  `messages/s: ${perSecond.toFixed(0)} (target ≥ ${TARGET.messagesPerSecond})` +
    (perSecond < TARGET.messagesPerSecond ? '  MISS' : ''),
);
console.log(
  `code commit → SMTP accept: p50 ${percentile(50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${delays.at(-1)!.toFixed(0)} ms` +
    ` (target p95 ≤ ${TARGET.codeP95Ms})${p95 > TARGET.codeP95Ms ? '  MISS' : ''}`,
);
const ok = accepted.size === total && perSecond >= TARGET.messagesPerSecond && p95 <= TARGET.codeP95Ms;
console.log(ok ? 'RESULT: PASS' : 'RESULT: some targets missed');
await bench.close();
await sink.close();
process.exit(ok ? 0 : 1);
