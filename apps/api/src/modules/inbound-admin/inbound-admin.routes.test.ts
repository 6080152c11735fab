import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

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
    });
    const unmatched = await ctx.app.services.inbound.ingest(
      Buffer.from(
        'From: alguem@desconhecido.example\r\nTo: cotacoes@importadora.com.br\r\nSubject: Oi\r\nMessage-ID: <sem-cotacao@desconhecido.example>\r\n\r\nOlá\r\n',
      ),
      { source: 'teste' },
    );
    expect(unmatched.outcome).toBe('nao_identificada');
    expect((await status(developer)).json().naoIdentificadas).toBe(before.naoIdentificadas + 1);
  });

  it('is refused to everyone else', async () => {
    expect((await status()).statusCode).toBe(401);
    const user = await signedIn('analista@importadora.com.br', 'usuario');
    expect((await status(user)).statusCode).toBe(403);
  });
});
