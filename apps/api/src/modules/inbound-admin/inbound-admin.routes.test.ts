import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories/index.js';
import { type Dovecot, hasDovecot, startDovecot } from '../../../test/fakes/dovecot.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { inboundMessages, mailboxState } from '../../db/schema/inbound.js';
import { mailConnections } from '../../db/schema/mail-connections.js';

describe('GET /api/inbound/status', () => {
  let ctx: TestContext;
  let developer: string;
  beforeAll(async () => {
    // IMAP configured but no workers in this process: the mailbox is reported before its first sync.
    ctx = await createTestApp(
      {
        IMAP_URL: 'imaps://cotacoes%40importadora.com.br:segredo@imap.example.com/Respostas',
        ADMIN_EMAILS: 'dev@importadora.com.br',
      },
      { workers: false },
    );
    developer = await signedIn('dev@importadora.com.br', 'desenvolvedor');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Accounts made directly: without workers no verification code is delivered. */
  async function signedIn(email: string, role: 'desenvolvedor' | 'usuario'): Promise<string> {
    return (await signedInUser(ctx.app, { email, role })).token;
  }

  const status = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/inbound/status',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('shows a desenvolvedor the configured sources and counts the unmatched messages', async () => {
    const before = (await status(developer)).json();
    expect(before).toEqual({
      imap: {
        mailbox: 'imap:cotacoes@importadora.com.br@imap.example.com/Respostas',
        lastSyncAt: null,
        lastError: null,
        lastErrorAt: null,
        leaseOwner: null,
        messagesIngested: 0,
      },
      smtp: null,
      localMode: true,
      naoIdentificadas: before.naoIdentificadas,
      comFalha: 0,
      sources: before.sources,
    });
    // One row per source: the mailbox (no process reads it here), the listener (off), the three webhooks
    // (no secret set).
    expect(before.sources).toEqual([
      {
        id: 'imap:cotacoes@importadora.com.br@imap.example.com/Respostas',
        kind: 'imap',
        label: 'Caixa IMAP cotacoes@importadora.com.br@imap.example.com/Respostas',
        state: 'inativo',
        lastSyncAt: null,
        lastError: null,
        lastErrorAt: null,
        received: 0,
        canSync: false,
      },
      expect.objectContaining({ id: 'smtp', kind: 'smtp', state: 'inativo', canSync: false }),
      expect.objectContaining({ id: 'webhook:mailgun', state: 'inativo', received: 0 }),
      expect.objectContaining({ id: 'webhook:sendgrid', state: 'inativo', received: 0 }),
      expect.objectContaining({ id: 'webhook:postmark', state: 'inativo', received: 0 }),
    ]);
    // The password of IMAP_URL is never part of the answer.
    expect(JSON.stringify(before)).not.toContain('segredo');
    const unmatched = await ctx.app.services.inbound.ingest(
      Buffer.from(
        'From: alguem@desconhecido.example\r\nTo: cotacoes@importadora.com.br\r\nSubject: Oi\r\nMessage-ID: <sem-cotacao@desconhecido.example>\r\n\r\nOlá\r\n',
      ),
      { source: 'teste' },
    );
    expect(unmatched.outcome).toBe('nao_identificada');
    expect((await status(developer)).json().naoIdentificadas).toBe(before.naoIdentificadas + 1);
    // A dismissed message leaves the count, as it leaves the list (it showed "1" above an empty list).
    // (This desenvolvedor has no company, so the route would refuse it: the service the route calls.)
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${developer}` },
    });
    await ctx.app.services.inbound.dismiss(unmatched.inboundId, me.json().id, null, true);
    expect((await status(developer)).json().naoIdentificadas).toBe(before.naoIdentificadas);
  });

  it('is refused to everyone else', async () => {
    expect((await status()).statusCode).toBe(401);
    const user = await signedIn('analista@importadora.com.br', 'usuario');
    expect((await status(user)).statusCode).toBe(403);
  });

  it('GET /api/inbound/health: a connected mailbox waiting to be reconnected is shown to a usuario; one that failed a minute after a read is not yet', async () => {
    const user = await signedIn('usuario.saude@importadora.com.br', 'usuario');
    const db = ctx.app.services.database.db;
    const health = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/inbound/health',
          headers: { authorization: `Bearer ${user}` },
        })
      ).json();
    // The IMAP mailbox here was never read by a process (no workers) and never failed: not a failure.
    expect(await health()).toEqual({ falhas: [] });
    const readAt = new Date(Date.now() - 60 * 60_000);
    const [reconnect] = await db
      .insert(mailConnections)
      .values({
        provider: 'gmail',
        email: 'cotacoes@gmail.example',
        tokens: 'sealed',
        state: 'reconectar',
        lastSyncAt: readAt,
      })
      .returning();
    await db.insert(mailConnections).values({
      provider: 'microsoft',
      email: 'respostas@m365.example',
      tokens: 'sealed',
      state: 'erro',
      lastSyncAt: new Date(Date.now() - 60_000),
      lastError: 'Graph 503',
      lastErrorAt: new Date(),
    });
    await db.insert(mailConnections).values({
      provider: 'gmail',
      email: 'antiga@gmail.example',
      tokens: 'sealed',
      state: 'desconectada',
    });
    expect(await health()).toEqual({
      falhas: [
        {
          id: `gmail:${reconnect!.id}`,
          kind: 'gmail',
          fonte: 'cotacoes@gmail.example',
          estado: 'reconectar',
          ultimaLeitura: readAt.toISOString(),
        },
      ],
    });
    await db.delete(mailConnections);
  });

  const sync = (id: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/inbound/sources/${encodeURIComponent(id)}/sync`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("'Sincronizar agora': 404 for an unknown source, 409 where it does not apply, 403 to others", async () => {
    const unknown = await sync('imap:outra@caixa.example/INBOX', developer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Fonte de e-mail não encontrada.');
    // The mailbox is configured, but no process here reads it (no workers).
    const notRunning = await sync('imap:cotacoes@importadora.com.br@imap.example.com/Respostas', developer);
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().code).toBe('INBOUND_SOURCE_NOT_SYNCABLE');
    expect((await sync('webhook:mailgun', developer)).statusCode).toBe(409);
    expect((await sync('smtp', developer)).statusCode).toBe(409);
    expect((await sync('smtp')).statusCode).toBe(401);
    const user = await signedIn('outro@importadora.com.br', 'usuario');
    expect((await sync('smtp', user)).statusCode).toBe(403);
  });
});

describe.skipIf(!hasDovecot)('the IMAP source in the status view, against a real IMAP server', () => {
  let ctx: TestContext;
  let dovecot: Dovecot;
  let developer: string;
  let mailboxId: string;
  beforeAll(async () => {
    dovecot = await startDovecot();
    // A long poll: only IDLE or 'Sincronizar agora' reads new mail during the test.
    ctx = await createTestApp({
      IMAP_URL: dovecot.url(),
      IMAP_POLL_SECONDS: '3600',
      ADMIN_EMAILS: 'dev@importadora.com.br',
    });
    developer = (await signedInUser(ctx.app, { email: 'dev@importadora.com.br', role: 'desenvolvedor' }))
      .token;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await dovecot?.close();
  });

  async function imapRow() {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/inbound/status',
      headers: { authorization: `Bearer ${developer}` },
    });
    return (response.json().sources as Array<Record<string, unknown>>).find((row) => row.kind === 'imap')!;
  }

  const sync = () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/inbound/sources/${encodeURIComponent(mailboxId)}/sync`,
      headers: { authorization: `Bearer ${developer}` },
    });

  it('syncs on request, then reports the failure in pt-BR when the server is down', async () => {
    const row = await waitFor(async () => {
      const current = await imapRow();
      return current.state === 'ok' && current.lastSyncAt ? current : undefined;
    }, 20_000);
    mailboxId = row.id as string;
    expect(row).toMatchObject({ kind: 'imap', canSync: true, lastError: null, received: 0 });

    const before = Date.now();
    await dovecot.append(
      'From: pricing@atlantica.com.br\r\nTo: cotacoes+0123456789abcdef0123456789abcdef@importadora.com.br\r\nSubject: RE: frete\r\nMessage-ID: <sincronizar-agora@atlantica.com.br>\r\n\r\nFrete: USD 900\r\n',
    );
    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(`Sincronização concluída: ${row.label}.`);
    // The sync that answered ran after the request: the message is stored and the time moved on.
    const [stored] = await ctx.app.services.database.db
      .select({ source: inboundMessages.source })
      .from(inboundMessages)
      .where(eq(inboundMessages.messageId, '<sincronizar-agora@atlantica.com.br>'));
    expect(stored).toEqual({ source: 'imap' });
    const after = await imapRow();
    expect(new Date(after.lastSyncAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.received).toBe(1);

    await dovecot.stop();
    const failed = await sync();
    expect([409, 502]).toContain(failed.statusCode);
    const broken = await waitFor(async () => {
      const current = await imapRow();
      return current.state === 'erro' ? current : undefined;
    }, 20_000);
    expect(broken.lastError).toMatch(/^Falha ao ler a caixa IMAP: /);
    await dovecot.start();
  }, 90_000);

  it('tells every signed-in user, not only a desenvolvedor, when the mailbox has not been read for minutes (QA pass 41b)', async () => {
    const analyst = (await signedInUser(ctx.app, { email: 'ana@importadora.com.br', role: 'analista' }))
      .token;
    const health = async (token?: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/inbound/health',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.statusCode, body: response.json() };
    };
    await waitFor(async () => ((await imapRow()).state === 'ok' ? true : undefined), 20_000);
    expect(await health(analyst)).toEqual({ status: 200, body: { falhas: [] } });
    expect((await health()).status).toBe(401);

    await dovecot.stop();
    const broken = await waitFor(async () => {
      const current = await imapRow();
      return current.state === 'erro' ? current : undefined;
    }, 20_000);
    // A failure right after a read is not shown yet: a dropped connection comes back within seconds.
    expect((await health(analyst)).body).toEqual({ falhas: [] });

    // The mailbox was last read 10 minutes ago (as if it had been down since): now everyone is told.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.app.services.database.db
      .update(mailboxState)
      .set({ lastSyncAt: tenMinutesAgo })
      .where(eq(mailboxState.id, mailboxId));
    expect(await health(analyst)).toEqual({
      status: 200,
      body: {
        falhas: [
          {
            id: mailboxId,
            kind: 'imap',
            fonte: `${dovecot.user}@127.0.0.1/INBOX`,
            estado: 'erro',
            ultimaLeitura: tenMinutesAgo.toISOString(),
          },
        ],
      },
    });
    expect(broken.label).toContain(`${dovecot.user}@127.0.0.1/INBOX`);

    // Back up: the next read clears it.
    await dovecot.start();
    await sync();
    await waitFor(async () => ((await health(analyst)).body.falhas.length === 0 ? true : undefined), 30_000);
  }, 90_000);
});
