import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, inThreadOf, sendQuoteToCarrier } from '../../../test/factories/index.js';
import { type Dovecot, hasDovecot, startDovecot } from '../../../test/fakes/dovecot.js';
import { createTestApp, registerUser, type TestContext, waitFor } from '../../../test/helpers.js';
import { cure, nulReply, poison, poisonedReply } from '../../../test/poison-mail.js';
import { inboundMessages, mailboxState, respostas } from '../../db/schema/inbound.js';
import type { IngestInput } from '../pipeline.js';
import { explainError, ImapSource, type ImapSourceOptions, parseImapUrl } from './imap.js';

if (!hasDovecot) {
  console.warn(
    'IMAP source tests SKIPPED: /usr/sbin/dovecot is absent (apt-get install -y dovecot-imapd; .ci/run does).',
  );
}

const log = pino({ level: process.env.IMAP_TEST_LOG ?? 'silent' });

let dovecot: Dovecot;
let ctx: TestContext;
const running: ImapSource[] = [];
let sequence = 0;

/** A plain carrier message; `messageId: null` leaves the header out (the pipeline hashes the content). */
function message(folder: string, options: { messageId?: string | null } = {}): string {
  const n = ++sequence;
  const messageId = options.messageId === undefined ? `<${folder}-${n}@atlantica.com.br>` : options.messageId;
  return [
    'From: Pricing <pricing@atlantica.com.br>',
    'To: cotacoes+0123456789abcdef0123456789abcdef@importadora.com.br',
    `Subject: RE: Cotação ${n}`,
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    'Date: Thu, 26 Nov 2026 07:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Frete: USD ${1000 + n},00 (${folder} ${n})`,
    '',
  ].join('\r\n');
}

/** The real pipeline, with a record of every message handed to it. */
function recordingPipeline() {
  const handed: string[] = [];
  return {
    handed,
    receive(raw: Buffer, input: IngestInput) {
      handed.push(/^Message-ID: (.*)$/im.exec(raw.toString('latin1'))?.[1]?.trim() ?? '(none)');
      return ctx.app.services.inbound.receive(raw, input);
    },
    processSoon(inboundId: string) {
      ctx.app.services.inbound.processSoon(inboundId);
    },
  };
}

function startSource(folder: string, options: Partial<ImapSourceOptions> = {}): ImapSource {
  const source = new ImapSource({
    db: ctx.app.services.database.db,
    pipeline: ctx.app.services.inbound,
    url: dovecot.url(folder),
    log,
    pollSeconds: 1,
    leaseSeconds: 3,
    renewSeconds: 0.5,
    backoffSeconds: { first: 0.2, max: 1 },
    ...options,
  });
  running.push(source);
  source.start();
  return source;
}

async function stateOf(folder: string) {
  const [row] = await ctx.app.services.database.db
    .select()
    .from(mailboxState)
    .where(eq(mailboxState.id, parseImapUrl(dovecot.url(folder)).id));
  return row;
}

async function rowsWith(messageIds: string[]) {
  return ctx.app.services.database.db
    .select({ id: inboundMessages.id, messageId: inboundMessages.messageId, source: inboundMessages.source })
    .from(inboundMessages)
    .where(inArray(inboundMessages.messageId, messageIds));
}

async function totalRows(): Promise<number> {
  const [row] = await ctx.app.services.database.db
    .select({ total: sql<number>`count(*)::int` })
    .from(inboundMessages);
  return row!.total;
}

/** Waits until the folder's checkpoint reached `uid`. */
async function syncedTo(folder: string, uid: number, timeoutMs = 15_000) {
  return waitFor(async () => {
    const state = await stateOf(folder);
    return state && state.lastUid >= uid ? state : undefined;
  }, timeoutMs);
}

describe.skipIf(!hasDovecot)('IMAP source against a real Dovecot', () => {
  beforeAll(async () => {
    dovecot = await startDovecot();
    ctx = await createTestApp({
      IMAP_URL: dovecot.url('INBOX'),
      IMAP_POLL_SECONDS: '1',
      MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
      ADMIN_EMAILS: 'dev@importadora.com.br',
    });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((source) => source.stop()));
  });
  afterAll(async () => {
    await ctx?.close();
    await dovecot?.close();
  });

  it("ingests a carrier's reply to a quote from the app's mailbox (matched, extracted), leaves it unread, and reports the state", async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 7201, carrierEmail: 'pricing@atlantica.com.br' });
    const messageId = '<resposta-imap-1@atlantica.com.br>';
    const uid = await dovecot.append(await carrierReply({ ...inThreadOf(quote), messageId }));
    const [row] = await waitFor(async () => {
      const rows = await rowsWith([messageId]);
      return rows.length ? rows : undefined;
    }, 20_000);
    expect(row).toMatchObject({ source: 'imap', messageId });
    expect(await dovecot.flagsOf(uid)).not.toContain('\\Seen');
    // The pipeline matched it to the quote and carrier (store first: processed right after it was
    // stored, so the row may be seen 'pendente' for a moment), and the extraction job read the figures.
    const stored = await waitFor(async () => {
      const [found] = await ctx.app.services.database.db
        .select()
        .from(inboundMessages)
        .where(eq(inboundMessages.id, row!.id));
      return found?.status === 'pendente' ? undefined : found;
    });
    expect(stored).toMatchObject({
      status: 'processada',
      outcome: 'resposta',
      cotacaoId: quote.quoteId,
      empresaId: quote.empresaId,
    });
    const response = await waitFor(async () => {
      const [found] = await ctx.app.services.database.db
        .select()
        .from(respostas)
        .where(eq(respostas.inboundMessageId, row!.id));
      return found?.extracao === 'concluida' ? found : undefined;
    }, 20_000);
    expect(response).toMatchObject({ cotacaoId: quote.quoteId, versao: 1, atual: true });
    expect(JSON.stringify(response.dadosExtraidos)).toContain('2350');

    const dev = await registerUser(ctx, 'dev@importadora.com.br');
    const status = await waitFor(async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/inbound/status',
        headers: { authorization: `Bearer ${dev.token}` },
      });
      const body = response.json();
      return body.imap?.messagesIngested >= 1 ? body : undefined;
    });
    expect(status).toMatchObject({
      imap: {
        mailbox: `imap:${dovecot.user}@127.0.0.1/INBOX`,
        lastSyncAt: expect.any(String),
        lastError: null,
        leaseOwner: expect.any(String),
        messagesIngested: 1,
      },
      smtp: null,
      localMode: true,
      naoIdentificadas: expect.any(Number),
    });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/inbound/status' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("counts an answer from its arrival in the mailbox (INTERNALDATE), not from a sender's Date hours off", async () => {
    const quote = await sendQuoteToCarrier(ctx, {
      seed: 7202,
      carrierEmail: 'pricing@atlantica-relogio.com.br',
    });
    const db = ctx.app.services.database.db;
    // Sent two hours ago; the answer reached the mailbox 80 minutes later, its Date header says 5 h ago
    // (a sender's clock or zone off by hours: it looked answered before it was asked, '0 min').
    const hour = 3_600_000;
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * hour);
    await db.execute(sql`
      update mail_outbox set sent_at = ${sentAt.toISOString()}::timestamptz
      where id = (select outbox_id from cotacao_destinatarios where cotacao_id = ${quote.quoteId})`);
    await db.execute(sql`
      update cotacao_destinatarios set created_at = ${sentAt.toISOString()}::timestamptz
      where cotacao_id = ${quote.quoteId}`);
    const arrived = new Date(sentAt.getTime() + 80 * 60_000);
    const messageId = '<resposta-relogio@atlantica-relogio.com.br>';
    await dovecot.append(
      await carrierReply({ ...inThreadOf(quote), messageId, date: new Date(Date.now() - 5 * hour) }),
      'INBOX',
      arrived,
    );
    const answered = await waitFor(async () => {
      const { rows } = await db.execute(sql`
        select respondeu_em from cotacao_destinatarios where cotacao_id = ${quote.quoteId}`);
      return (rows[0] as { respondeu_em: Date | string | null } | undefined)?.respondeu_em ?? undefined;
    }, 20_000);
    expect(new Date(answered).toISOString()).toBe(arrived.toISOString());
  });

  it('issue 29: a NUL-laden message and one that fails to process do not hold the mailbox; the reply behind them arrives', async () => {
    const folder = 'Veneno';
    await dovecot.createFolder(folder);
    const quote = await sendQuoteToCarrier(ctx, {
      seed: 7203,
      carrierEmail: 'pricing@veneno-maritima.com.br',
    });
    await poison(ctx);
    try {
      const ids = [
        '<imap-nul@atlantica.com.br>',
        '<imap-veneno@atlantica.com.br>',
        '<imap-normal@atlantica.com.br>',
      ];
      await dovecot.append(nulReply(quote, ids[0]!), folder);
      await dovecot.append(await poisonedReply(quote, ids[1]!), folder);
      const lastUid = await dovecot.append(
        await carrierReply({ ...inThreadOf(quote), messageId: ids[2]! }),
        folder,
      );
      startSource(folder);
      const state = await syncedTo(folder, lastUid);
      expect(state.lastError).toBeNull();
      const rows = await waitFor(async () => {
        const found = await ctx.app.services.database.db
          .select()
          .from(inboundMessages)
          .where(inArray(inboundMessages.messageId, ids));
        return found.length === 3 && found.every((row) => row.status !== 'pendente') ? found : undefined;
      }, 20_000);
      const byId = new Map(rows.map((row) => [row.messageId, row]));
      expect(byId.get(ids[0]!)).toMatchObject({ source: 'imap', status: 'processada', outcome: 'resposta' });
      expect(byId.get(ids[0]!)!.subject).not.toContain('\u0000');
      expect(byId.get(ids[1]!)).toMatchObject({ source: 'imap', status: 'falhou', outcome: null });
      expect(byId.get(ids[1]!)!.erro).toMatch(/banco de dados recusou/);
      expect(byId.get(ids[2]!)).toMatchObject({
        source: 'imap',
        status: 'processada',
        outcome: 'resposta',
        cotacaoId: quote.quoteId,
      });
      // The checkpoint passed all three: the failed one waits in the database, not in the mailbox.
      expect((await stateOf(folder))!.messagesIngested).toBe(3);
    } finally {
      await cure(ctx);
    }
  });

  it("a Message-ID longer than an index holds (3,200 characters) neither stops the mailbox nor loses the reply; other companies' replies behind it arrive", async () => {
    const folder = 'IdLongo';
    await dovecot.createFolder(folder);
    const first = await sendQuoteToCarrier(ctx, { seed: 7311, carrierEmail: 'pricing@idlongo-a.com.br' });
    const second = await sendQuoteToCarrier(ctx, { seed: 7312, carrierEmail: 'pricing@idlongo-b.com.br' });
    expect(second.empresaId).not.toBe(first.empresaId);
    const longId = `<${'x'.repeat(3200)}@erp.idlongo-a.com.br>`;
    const behindId = '<imap-behind-long@idlongo-b.com.br>';
    await dovecot.append(await carrierReply({ ...inThreadOf(first), messageId: longId }), folder);
    const lastUid = await dovecot.append(
      await carrierReply({ ...inThreadOf(second), messageId: behindId }),
      folder,
    );
    startSource(folder);
    const state = await syncedTo(folder, lastUid);
    expect(state.lastError).toBeNull();
    const answered = await waitFor(async () => {
      const found = await ctx.app.services.database.db
        .select()
        .from(inboundMessages)
        .where(inArray(inboundMessages.cotacaoId, [first.quoteId, second.quoteId]));
      return found.length === 2 && found.every((row) => row.status === 'processada') ? found : undefined;
    }, 20_000);
    const byQuote = new Map(answered.map((row) => [row.cotacaoId, row]));
    expect(byQuote.get(first.quoteId)).toMatchObject({ source: 'imap', outcome: 'resposta' });
    expect(byQuote.get(first.quoteId)!.messageId).toMatch(/^<sha256-[0-9a-f]{64}@long-message-id\.invalid>$/);
    expect(byQuote.get(second.quoteId)).toMatchObject({
      source: 'imap',
      outcome: 'resposta',
      messageId: behindId,
    });
    expect((await stateOf(folder))!.messagesIngested).toBe(2);
  });

  it('resumes from the checkpoint after a restart without handing old messages to the pipeline again', async () => {
    const folder = 'Retomar';
    await dovecot.createFolder(folder);
    const first = [message(folder), message(folder), message(folder)];
    let lastUid = 0;
    for (const raw of first) lastUid = await dovecot.append(raw, folder);
    const before = recordingPipeline();
    const a = startSource(folder, { pipeline: before });
    await syncedTo(folder, lastUid);
    await a.stop();
    expect(before.handed).toHaveLength(3);

    const later = [message(folder), message(folder)];
    for (const raw of later) lastUid = await dovecot.append(raw, folder);
    const after = recordingPipeline();
    startSource(folder, { pipeline: after });
    const state = await syncedTo(folder, lastUid);
    const laterIds = later.map((raw) => /^Message-ID: (.*)$/m.exec(raw)![1]!.trim());
    expect(after.handed).toEqual(laterIds);
    expect(state.messagesIngested).toBe(5);
  });

  it('notices new mail through IDLE, long before the next poll', async () => {
    const folder = 'Idle';
    await dovecot.createFolder(folder);
    startSource(folder, { pollSeconds: 3600 });
    await waitFor(async () => (await stateOf(folder))?.lastSyncAt);
    const uid = await dovecot.append(message(folder), folder);
    await syncedTo(folder, uid);
  });

  it('R4: syncing the same mailbox 10 times creates no duplicate', async () => {
    const folder = 'R4';
    await dovecot.createFolder(folder);
    const raws = [message(folder), message(folder), message(folder, { messageId: null }), message(folder)];
    let lastUid = 0;
    for (const raw of raws) lastUid = await dovecot.append(raw, folder);
    const rowsBefore = await totalRows();
    const pipeline = recordingPipeline();
    const mailboxId = parseImapUrl(dovecot.url(folder)).id;
    for (let round = 0; round < 10; round++) {
      // Forget the checkpoint, as a lost database row or a UIDVALIDITY change would.
      await ctx.app.services.database.db
        .update(mailboxState)
        .set({ lastUid: 0 })
        .where(eq(mailboxState.id, mailboxId));
      const source = startSource(folder, { pipeline });
      await syncedTo(folder, lastUid);
      await source.stop();
    }
    expect(pipeline.handed).toHaveLength(40);
    expect((await totalRows()) - rowsBefore).toBe(4);
    expect((await stateOf(folder))!.messagesIngested).toBe(4);
  });

  it('reads the folder again from the start when its UIDVALIDITY changes', async () => {
    const folder = 'Validade';
    await dovecot.createFolder(folder);
    await dovecot.append(message(folder), folder);
    let lastUid = await dovecot.append(message(folder), folder);
    const a = startSource(folder);
    const before = await syncedTo(folder, lastUid);
    await a.stop();

    const newValidity = Number(before.uidValidity) + 1000;
    await dovecot.setUidValidity(newValidity, folder);
    const rowsBefore = await totalRows();
    lastUid = await dovecot.append(message(folder), folder);
    const pipeline = recordingPipeline();
    startSource(folder, { pipeline });
    const after = await syncedTo(folder, lastUid);
    await waitFor(() => pipeline.handed.length >= 3);
    expect(after.uidValidity).toBe(newValidity);
    expect(pipeline.handed).toHaveLength(3);
    expect((await totalRows()) - rowsBefore).toBe(1);
    expect(after.messagesIngested).toBe(3);
  });

  it('lets exactly one of two processes hold the mailbox and hands it over when the holder stops', async () => {
    const folder = 'Lease';
    await dovecot.createFolder(folder);
    const one = recordingPipeline();
    const two = recordingPipeline();
    const a = startSource(folder, { pipeline: one, owner: 'processo-a' });
    const b = startSource(folder, { pipeline: two, owner: 'processo-b' });
    const holderState = await waitFor(async () => {
      const state = await stateOf(folder);
      return state?.leaseOwner ? state : undefined;
    });
    const [holder, other] = holderState.leaseOwner === 'processo-a' ? [a, b] : [b, a];
    const [holderPipeline, otherPipeline] = holder === a ? [one, two] : [two, one];
    let lastUid = 0;
    for (let i = 0; i < 3; i++) lastUid = await dovecot.append(message(folder), folder);
    await syncedTo(folder, lastUid);
    expect(holder.isHolder).toBe(true);
    expect(other.isHolder).toBe(false);
    expect(holderPipeline.handed).toHaveLength(3);
    expect(otherPipeline.handed).toHaveLength(0);

    await holder.stop();
    const taken = await waitFor(async () => {
      const state = await stateOf(folder);
      return state?.leaseOwner === other.owner ? state : undefined;
    });
    expect(taken.leaseOwner).toBe(other.owner);
    lastUid = await dovecot.append(message(folder), folder);
    await syncedTo(folder, lastUid);
    expect(otherPipeline.handed).toHaveLength(1);
    expect(holderPipeline.handed).toHaveLength(3);
  });

  it('takes over a lease its holder stopped renewing (a dead process) once it expires', async () => {
    const folder = 'Orfa';
    await dovecot.createFolder(folder);
    const mailboxId = parseImapUrl(dovecot.url(folder)).id;
    // What a process killed with SIGKILL leaves behind: its lease, never released, about to expire.
    await ctx.app.services.database.db
      .insert(mailboxState)
      .values({ id: mailboxId, leaseOwner: 'morto:1', leaseUntil: sql`now() + interval '2 seconds'` });
    startSource(folder, { owner: 'sucessor' });
    const uid = await dovecot.append(message(folder), folder);
    const state = await syncedTo(folder, uid);
    expect(state.leaseOwner).toBe('sucessor');
  });

  it('records the error while the server is away and catches up when it is back', async () => {
    const folder = 'Queda';
    await dovecot.createFolder(folder);
    startSource(folder);
    let lastUid = await dovecot.append(message(folder), folder);
    await syncedTo(folder, lastUid);

    await dovecot.stop();
    const failing = await waitFor(async () => {
      const state = await stateOf(folder);
      return state?.lastError ? state : undefined;
    });
    expect(failing.lastError).toMatch(/closed|ECONNREFUSED|ECONNRESET/);
    expect(failing.lastErrorAt).toBeInstanceOf(Date);
    // The settings screen says what it means, then the server's text (QA pass 41b: raw English only).
    expect(explainError(failing.lastError!)).toMatch(
      /^o servidor de e-mail não respondeu .*O sistema tenta de novo sozinho\. Detalhe técnico: /,
    );
    expect(explainError('Command failed Authentication failed.')).toContain(
      'o servidor recusou o usuário ou a senha',
    );
    expect(explainError('something else')).toBe('something else');

    await dovecot.start();
    lastUid = await dovecot.append(message(folder), folder);
    const recovered = await syncedTo(folder, lastUid, 20_000);
    expect(recovered.lastSyncAt!.getTime()).toBeGreaterThan(failing.lastErrorAt!.getTime());
    expect(recovered.messagesIngested).toBe(2);
  });

  it('spaces its attempts out after a refused password (providers lock the account) and tries at once on "Sincronizar agora"', async () => {
    const folder = 'SenhaErrada';
    await dovecot.createFolder(folder);
    const attempts: number[] = [];
    const counting = pino(
      { level: 'warn' },
      {
        write(line: string) {
          const entry = JSON.parse(line) as { msg: string; retryInSeconds?: number };
          if (entry.msg === 'imap: sync failed, reconnecting') attempts.push(entry.retryInSeconds ?? -1);
        },
      },
    );
    const source = startSource(folder, {
      url: dovecot.url(folder).replace(`:${dovecot.password}@`, ':errada@'),
      log: counting,
      backoffSeconds: { first: 0.1, max: 0.2 },
      authBackoffSeconds: { first: 60, max: 600 },
    });
    const refused = await waitFor(async () => {
      const state = await stateOf(folder);
      return state?.lastError ? state : undefined;
    });
    expect(explainError(refused.lastError!)).toMatch(
      /^o servidor recusou o usuário ou a senha; .*até 30 min/,
    );
    // Dovecot answers a wrong password after about 2 s; at the ordinary 0.1–0.2 s backoff two more
    // attempts would have failed within these 5 s.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(attempts).toEqual([60]);

    // 'Sincronizar agora' does not wait for the backoff: it tries now, and the next wait doubles.
    await expect(source.syncNow(15_000)).rejects.toThrow('Command failed');
    expect(attempts).toEqual([60, 120]);
  });
});
