import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { dkimSign } from 'mailauth';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario, typicalAnswer } from '../../test/factories/index.js';
import { createTestApp, registerUser, type TestContext, waitFor } from '../../test/helpers.js';
import { auditLog, inboundMessages, respostas } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { parseAuthenticationResults, staticResolver } from './authenticity.js';
import { isReplyAddress, refusalFor } from './sources/smtp.js';

/*
 * Who really sent a reply (issue 29 item 8, ADR 0023), through the real SMTP listener with a DNS served
 * from a table: the carrier's domain publishes SPF (one outside address), DMARC p=reject and a DKIM key.
 * Mail from 127.0.0.1 is outside the SPF record, so only a valid DKIM signature vouches for it.
 */

const CARRIER_DOMAIN = 'atlantica-cargas.com.br';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const resolver = staticResolver({
  [CARRIER_DOMAIN]: { TXT: [['v=spf1 ip4:203.0.113.7 -all']] },
  [`_dmarc.${CARRIER_DOMAIN}`]: { TXT: [['v=DMARC1; p=reject']] },
  [`sel1._domainkey.${CARRIER_DOMAIN}`]: { TXT: [[`v=DKIM1; k=rsa; p=${publicKeyBase64}`]] },
});

const env = {
  INBOUND_SMTP_PORT: '0',
  MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  INBOUND_TRUSTED_AUTHSERV_IDS: 'mx.importadora.com.br',
  ADMIN_EMAILS: 'dev@importadora.com.br',
};

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp(env, { dnsResolver: resolver });
  const dev = await registerUser(ctx, 'dev@importadora.com.br');
  const status = await ctx.app.inject({
    method: 'GET',
    url: '/api/inbound/status',
    headers: { authorization: `Bearer ${dev.token}` },
  });
  port = status.json().smtp.port;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;

async function sendSmtp(from: string, to: string, raw: Buffer): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  const info = await transport.sendMail({ envelope: { from, to: [to] }, raw });
  transport.close();
  await ctx.app.services.inbound.drain();
  return info.response;
}

async function signed(raw: Buffer): Promise<Buffer> {
  // The library reads its keys from `signatureData` (its type file names the fields at the top level).
  const options = {
    canonicalization: 'relaxed/relaxed',
    signatureData: [{ signingDomain: CARRIER_DOMAIN, selector: 'sel1', privateKey: privateKeyPem }],
  };
  const { signatures, errors } = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
  expect(signatures).toContain(`d=${CARRIER_DOMAIN}`);
  expect(errors).toEqual([]);
  return Buffer.concat([Buffer.from(signatures), raw]);
}

async function inboundOf(messageId: string) {
  const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId));
  return row!;
}

async function versionsOf(cotacaoId: string) {
  const rows = await db().select().from(respostas).where(eq(respostas.cotacaoId, cotacaoId));
  return rows.sort((a, b) => a.versao - b.versao);
}

let scenarios = 0;
/** Quote codes repeat across companies: each scenario's carrier has its own address. */
function carrierScenario(modoEnvio: 'individual' | 'bcc' = 'individual'): Promise<Scenario> {
  return quoteScenario(ctx, {
    modoEnvio,
    carriers: [
      { nome: 'Atlântica Cargas', email: `pricing${++scenarios}@${CARRIER_DOMAIN}` },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-log.com.br' },
    ],
  });
}

function confirm(s: Scenario, respostaId: string, token = s.token) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/quotes/${s.quote.id}/respostas/${respostaId}/confirmar-remetente`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('sender verification of the SMTP listener', () => {
  it('verifies a DKIM-signed reply whose key the resolver serves, and holds a forged later version until an analyst confirms it', async () => {
    const s = await carrierScenario();
    const carrier = s.carriers[0]!.email;
    const first = await signed(
      await carrierReply({
        from: `Pricing <${carrier}>`,
        to: s.replyTo(0),
        subject: `RE: ${s.quote.tituloEmail}`,
        messageId: `<dkim-ok-${s.quote.id}@${CARRIER_DOMAIN}>`,
        text: typicalAnswer({ frete40: 2950 }),
      }),
    );
    expect(await sendSmtp(carrier, s.replyTo(0), first)).toMatch(/^250 /);
    const verified = await inboundOf(`<dkim-ok-${s.quote.id}@${CARRIER_DOMAIN}>`);
    expect(verified.outcome).toBe('resposta');
    expect(verified.autenticacao).toMatchObject({
      metodo: 'mailauth',
      dominioRemetente: CARRIER_DOMAIN,
      dkim: 'pass',
      dkimDominio: CARRIER_DOMAIN,
      spf: 'fail',
      dmarc: 'pass',
      verificado: true,
    });
    expect(verified.flags.remetenteNaoVerificado).toBeUndefined();

    // The same From, no signature, from an address outside the SPF record: DMARC fails.
    const forged = await carrierReply({
      from: `Pricing <${carrier}>`,
      to: s.replyTo(0),
      subject: `RE: ${s.quote.tituloEmail}`,
      messageId: `<forjada-${s.quote.id}@${CARRIER_DOMAIN}>`,
      text: typicalAnswer({ frete40: 1 }),
    });
    expect(await sendSmtp(carrier, s.replyTo(0), forged)).toMatch(/^250 /);
    const unverified = await inboundOf(`<forjada-${s.quote.id}@${CARRIER_DOMAIN}>`);
    expect(unverified.autenticacao).toMatchObject({
      dkim: 'none',
      spf: 'fail',
      dmarc: 'fail',
      verificado: false,
    });
    expect(unverified.flags.remetenteNaoVerificado).toBe('autenticacao');

    const [v1, v2] = await versionsOf(s.quote.id);
    expect(v1).toMatchObject({ versao: 1, atual: true, remetenteNaoVerificado: false });
    expect(v2).toMatchObject({
      versao: 2,
      atual: false,
      remetenteNaoVerificado: true,
      aguardandoConfirmacao: true,
      remetenteConfirmadoEm: null,
    });

    // The list keeps the verified version current and shows the held one among the versions, flagged.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}/respostas`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    const entry = list
      .json()
      .data.find((e: { transportadorId: string }) => e.transportadorId === s.carriers[0]!.id);
    expect(entry.versao).toBe(1);
    expect(entry.atual.remetenteNaoVerificado).toBe(false);
    expect(entry.versoes[0]).toMatchObject({
      id: v2!.id,
      versao: 2,
      remetenteNaoVerificado: true,
      aguardandoConfirmacao: true,
      flags: { remetenteNaoVerificado: 'autenticacao' },
    });

    // The comparison still prices version 1, and its row says version 2 waits (QA pass 7: invisible there).
    const comparisonRows = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${s.quote.id}/comparison`,
          headers: { authorization: `Bearer ${s.token}` },
        })
      )
        .json()
        .linhas.filter((row: { transportadorId: string }) => row.transportadorId === s.carriers[0]!.id);
    const held = await waitFor(async () => {
      const rows = await comparisonRows();
      return rows.length > 0 && rows.every((row: { extracao: string }) => row.extracao === 'concluida')
        ? rows
        : undefined;
    });
    expect(
      held.map((row: { versao: number; versaoAguardandoConfirmacao?: number }) => [
        row.versao,
        row.versaoAguardandoConfirmacao,
      ]),
    ).toEqual([[1, 2]]);

    // The analyst confirms: the held version becomes current, audited; a second confirmation is refused.
    const confirmed = await confirm(s, v2!.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Remetente confirmado. Esta versão da resposta passa a valer.');
    expect(confirmed.json().data).toMatchObject({ id: v2!.id, versao: 2 });
    expect(confirmed.json().data.atual).toMatchObject({
      remetenteNaoVerificado: true,
      aguardandoConfirmacao: false,
      remetenteConfirmadoPor: expect.stringMatching(/^Analista /),
    });
    const after = await versionsOf(s.quote.id);
    expect(after.map((v) => [v.versao, v.atual, v.aguardandoConfirmacao])).toEqual([
      [1, false, false],
      [2, true, false],
    ]);
    expect(after[1]!.remetenteConfirmadoPor).toBe(s.userId);
    const confirmedRows = await waitFor(async () => {
      const rows = await comparisonRows();
      return rows.length > 0 &&
        rows.every(
          (row: { versao: number; extracao: string }) => row.versao === 2 && row.extracao === 'concluida',
        )
        ? rows
        : undefined;
    });
    expect(confirmedRows[0].versaoAguardandoConfirmacao).toBeUndefined();
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'resposta.confirmar_remetente'), eq(auditLog.entityId, v2!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: s.userId, empresaId: s.empresaId });

    const again = await confirm(s, v2!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('O remetente desta resposta não precisa de confirmação.');
    // A verified version has nothing to confirm.
    expect((await confirm(s, v1!.id)).statusCode).toBe(409);
  });

  it('flags a reply that forges a recipient’s From and names the quote by its code alone', async () => {
    const s = await carrierScenario();
    const carrier = s.carriers[0]!.email;
    const messageId = `<so-codigo-${s.quote.id}@${CARRIER_DOMAIN}>`;
    // No token, no thread: only the quote code in the subject and the carrier's address as From.
    const raw = await carrierReply({
      from: `Pricing <${carrier}>`,
      to: 'cotacoes@importadora.com.br',
      subject: `RE: ${s.quote.codigo} proposta`,
      inReplyTo: null,
      messageId,
      text: typicalAnswer({ frete40: 10 }),
    });
    expect(await sendSmtp(carrier, 'cotacoes@importadora.com.br', raw)).toMatch(/^250 /);
    const row = await inboundOf(messageId);
    expect(row).toMatchObject({ outcome: 'resposta', matchedBy: 'subject' });
    expect(row.flags.remetenteNaoVerificado).toBe('autenticacao');
    const [version] = await versionsOf(s.quote.id);
    // Nothing verified to replace: it is the current version, flagged.
    expect(version).toMatchObject({
      versao: 1,
      atual: true,
      remetenteNaoVerificado: true,
      aguardandoConfirmacao: false,
    });

    // The flag goes with the answer into the comparison row.
    const comparison = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}/comparison`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(comparison.statusCode).toBe(200);
    const rows = comparison.json().linhas as { respostaId: string; remetenteNaoVerificado?: boolean }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((line) => line.respostaId === version!.id && line.remetenteNaoVerificado === true),
    ).toBe(true);

    // Confirming the current version only clears the doubt.
    const confirmed = await confirm(s, version!.id);
    expect(confirmed.statusCode).toBe(200);
    const [after] = await versionsOf(s.quote.id);
    expect(after).toMatchObject({
      atual: true,
      remetenteNaoVerificado: true,
      remetenteConfirmadoPor: s.userId,
    });
  });
});

describe('sender verification of mail read from a mailbox', () => {
  it('flags a reply under the shared bcc token from an address that is not the matched carrier’s', async () => {
    const s = await carrierScenario('bcc');
    const messageId = `<bcc-outro-${s.quote.id}@${CARRIER_DOMAIN}>`;
    const raw = await carrierReply({
      from: `Comercial <comercial@${CARRIER_DOMAIN}>`,
      to: s.replyTo(0),
      subject: `RE: ${s.quote.tituloEmail}`,
      messageId,
    });
    const result = await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
    expect(result.outcome).toBe('resposta');
    const row = await inboundOf(messageId);
    expect(row.matchedBy).toBe('token');
    expect(row.flags).toMatchObject({
      remetenteDesconhecido: `comercial@${CARRIER_DOMAIN}`,
      remetenteNaoVerificado: 'token_compartilhado',
    });
    expect(row.autenticacao).toBeNull();
    const [version] = await versionsOf(s.quote.id);
    expect(version).toMatchObject({ remetenteNaoVerificado: true, atual: true });

    // The carrier's own address under the same shared token is not flagged.
    const own = await carrierReply({
      from: s.carriers[1]!.email,
      to: s.replyTo(1),
      subject: `RE: ${s.quote.tituloEmail}`,
      messageId: `<bcc-proprio-${s.quote.id}@pacifico-log.com.br>`,
    });
    await ctx.app.services.inbound.ingest(own, { source: 'imap' });
    const ownRow = await inboundOf(`<bcc-proprio-${s.quote.id}@pacifico-log.com.br>`);
    expect(ownRow.flags.remetenteNaoVerificado).toBeUndefined();
  });

  it('a reply without a From: held as "sem remetente", shown in the conversation as received (QA pass 37)', async () => {
    const s = await carrierScenario();
    const messageId = `<sem-de-${s.quote.id}@${CARRIER_DOMAIN}>`;
    const raw = (
      await carrierReply({
        from: `comercial@${CARRIER_DOMAIN}`,
        to: s.replyTo(0),
        subject: `RE: ${s.quote.tituloEmail}`,
        messageId,
        text: typicalAnswer({ frete40: 2100 }),
      })
    )
      .toString('utf8')
      .replace(/^From: .*\r\n/m, '');
    expect(raw).not.toMatch(/^From:/m);
    expect((await ctx.app.services.inbound.ingest(Buffer.from(raw), { source: 'imap' })).outcome).toBe(
      'resposta',
    );
    expect((await inboundOf(messageId)).flags.remetenteNaoVerificado).toBe('sem_remetente');
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/emails/by-cotacao/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(view.statusCode, view.body).toBe(200);
    const directions = (view.json().items as { direction: string }[]).map((message) => message.direction);
    // The request sent and the answer received: none of the carrier's shown as ours.
    expect(directions.filter((direction) => direction === 'received')).toHaveLength(1);
  });

  it("holds a reply under the carrier's own token from another domain until an analyst confirms it; the carrier's domain is not held", async () => {
    const s = await carrierScenario();
    const ingest = async (from: string, messageId: string, frete: number) => {
      const raw = await carrierReply({
        from,
        to: s.replyTo(0),
        subject: `RE: ${s.quote.tituloEmail}`,
        messageId,
        text: typicalAnswer({ frete40: frete }),
      });
      return ctx.app.services.inbound.ingest(raw, { source: 'imap' });
    };
    // A colleague at the carrier's domain: flagged as not registered, not held.
    await ingest(`Comercial <comercial@${CARRIER_DOMAIN}>`, `<colega-${s.quote.id}@${CARRIER_DOMAIN}>`, 2100);
    const colleague = await inboundOf(`<colega-${s.quote.id}@${CARRIER_DOMAIN}>`);
    expect(colleague.flags.remetenteDesconhecido).toBe(`comercial@${CARRIER_DOMAIN}`);
    expect(colleague.flags.remetenteNaoVerificado).toBeUndefined();
    // Someone at another domain holding the token: counted, flagged, and the verified price stays current.
    const strangerId = `<estranho-${s.quote.id}@gmail.com>`;
    expect((await ingest('joao.silva@gmail.com', strangerId, 999)).outcome).toBe('resposta');
    expect((await inboundOf(strangerId)).flags).toMatchObject({
      remetenteDesconhecido: 'joao.silva@gmail.com',
      remetenteNaoVerificado: 'outro_dominio',
    });
    const [verified, held] = await versionsOf(s.quote.id);
    expect(verified).toMatchObject({ versao: 1, atual: true });
    expect(held).toMatchObject({ versao: 2, atual: false, remetenteNaoVerificado: true });
    // The analyst vouches for it: it becomes the current price.
    expect((await confirm(s, held!.id)).statusCode).toBe(200);
    expect((await versionsOf(s.quote.id)).map((v) => [v.versao, v.atual])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('flags a reply matched by the quote code alone even when nothing says its sender is forged', async () => {
    const s = await carrierScenario();
    const messageId = `<codigo-imap-${s.quote.id}@${CARRIER_DOMAIN}>`;
    const raw = await carrierReply({
      from: s.carriers[0]!.email,
      to: 'cotacoes@importadora.com.br',
      subject: `RE: ${s.quote.codigo}`,
      inReplyTo: null,
      messageId,
    });
    await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
    const row = await inboundOf(messageId);
    expect(row).toMatchObject({ outcome: 'resposta', matchedBy: 'subject', autenticacao: null });
    expect(row.flags.remetenteNaoVerificado).toBe('codigo');
    const [version] = await versionsOf(s.quote.id);
    expect(version).toMatchObject({ atual: true, remetenteNaoVerificado: true });
  });

  it('reads the Authentication-Results of the trusted receiving server only', async () => {
    const s = await carrierScenario();
    const carrier = s.carriers[0]!.email;
    const reply = (messageId: string, header: string) =>
      carrierReply({
        from: carrier,
        to: s.replyTo(0),
        subject: `RE: ${s.quote.tituloEmail}`,
        messageId,
        headers: { 'Authentication-Results': header },
      });
    const trusted = `<ar-confiavel-${s.quote.id}@${CARRIER_DOMAIN}>`;
    await ctx.app.services.inbound.ingest(
      await reply(
        trusted,
        `mx.importadora.com.br; dkim=none; spf=fail (sender IP is 198.51.100.9) smtp.mailfrom=${carrier}; dmarc=fail (p=REJECT) header.from=${CARRIER_DOMAIN}`,
      ),
      { source: 'imap' },
    );
    expect((await inboundOf(trusted)).autenticacao).toEqual({
      metodo: 'authentication-results',
      servidor: 'mx.importadora.com.br',
      dominioRemetente: CARRIER_DOMAIN,
      dkim: 'none',
      dkimDominio: null,
      spf: 'fail',
      dmarc: 'fail',
      verificado: false,
    });
    expect((await inboundOf(trusted)).flags.remetenteNaoVerificado).toBe('autenticacao');

    // The same results written by a server the deployment does not trust are not read.
    const untrusted = `<ar-outro-${s.quote.id}@${CARRIER_DOMAIN}>`;
    await ctx.app.services.inbound.ingest(
      await reply(untrusted, `mx.forjado.example; dmarc=pass header.from=${CARRIER_DOMAIN}`),
      { source: 'imap' },
    );
    const row = await inboundOf(untrusted);
    expect(row.autenticacao).toBeNull();
    expect(row.flags.remetenteNaoVerificado).toBeUndefined();
  });

  it('parses Authentication-Results with comments, versions and a 1 MB header without backtracking', () => {
    expect(
      parseAuthenticationResults(
        'MX.Importadora.com.br 1; dkim=pass (2048-bit key; unprotected) header.d=atlantica-cargas.com.br header.s=sel1; spf=softfail smtp.mailfrom=x@outro.example; dmarc=pass header.from=atlantica-cargas.com.br',
        ['mx.importadora.com.br'],
      ),
    ).toMatchObject({
      dkim: 'pass',
      dkimDominio: 'atlantica-cargas.com.br',
      spf: 'softfail',
      dmarc: 'pass',
      verificado: true,
    });
    // Aligned DKIM without a DMARC result vouches; an SPF pass for another domain does not.
    expect(
      parseAuthenticationResults(
        'mx.a; dkim=pass header.d=mail.atlantica-cargas.com.br',
        ['mx.a'],
        'atlantica-cargas.com.br',
      )?.verificado,
    ).toBe(true);
    expect(
      parseAuthenticationResults(
        'mx.a; spf=pass smtp.mailfrom=bounce@outro.example',
        ['mx.a'],
        'atlantica-cargas.com.br',
      )?.verificado,
    ).toBe(false);
    expect(
      parseAuthenticationResults('mx.a; dmarc=temperror', ['mx.a'], 'atlantica-cargas.com.br')?.verificado,
    ).toBeNull();
    const started = performance.now();
    expect(parseAuthenticationResults(`mx.a; ${'('.repeat(1_000_000)}`, ['mx.a'])).toBeNull();
    expect(parseAuthenticationResults(`mx.a; dkim=${'a'.repeat(15_000)}`, ['mx.a'])?.dkim).toHaveLength(
      15_000,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('SMTP listener: recipients and connections', () => {
  function rcptFailure(to: string) {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    return transport
      .sendMail({
        envelope: { from: 'x@spam.example', to: [to] },
        raw: 'From: x@spam.example\r\nSubject: oi\r\n\r\noi\r\n',
      })
      .then(
        () => null,
        (error: { responseCode?: number }) => error.responseCode ?? -1,
      )
      .finally(() => transport.close());
  }

  it('accepts only the reply address and its plus-addresses at RCPT', async () => {
    expect(await rcptFailure('postmaster@importadora.com.br')).toBe(550);
    expect(await rcptFailure('victim%gmail.com@importadora.com.br')).toBe(550);
    expect(await rcptFailure('cotacoes+a%b@importadora.com.br')).toBe(550);
    expect(await rcptFailure('cotacoesx@importadora.com.br')).toBe(550);
    expect(await rcptFailure('cotacoes@outro.com.br')).toBe(550);
    expect(await rcptFailure('Cotacoes+0123abcd@Importadora.com.br')).toBeNull();
    expect(await rcptFailure('cotacoes@importadora.com.br')).toBeNull();
  });

  it('answers 554 to what will never be accepted and 451 to a transient failure', () => {
    expect(refusalFor(new AppError('INBOUND_MESSAGE_PURGED')).responseCode).toBe(554);
    expect(refusalFor(new AppError('VALIDATION_FAILED')).responseCode).toBe(554);
    expect(refusalFor(new AppError('OAUTH_FAILED')).responseCode).toBe(451);
    expect(refusalFor(new Error('Connection terminated unexpectedly')).responseCode).toBe(451);
    expect(isReplyAddress('cotacoes+abc.1_x-y@importadora.com.br', 'cotacoes@importadora.com.br')).toBe(true);
    expect(isReplyAddress('cotacoes+@importadora.com.br', 'cotacoes@importadora.com.br')).toBe(false);
    expect(isReplyAddress('cotacoes+a@b@importadora.com.br', 'cotacoes@importadora.com.br')).toBe(false);
  });

  it('refuses a sixth connection from one address with 421 and takes it again once one closes', async () => {
    const greet = () =>
      new Promise<{ socket: net.Socket; banner: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('data', (data) => resolve({ socket, banner: data.toString() }));
        socket.once('error', reject);
      });
    const open: net.Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const { socket, banner } = await greet();
        open.push(socket);
        expect(banner).toMatch(/^220 /);
      }
      const refused = await greet();
      open.push(refused.socket);
      expect(refused.banner).toMatch(/^421 /);
      const closed = new Promise((resolve) => open[0]!.once('close', resolve));
      open[0]!.end('QUIT\r\n');
      await closed;
      // onClose runs on the next turn of the server's loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await greet();
      open.push(again.socket);
      expect(again.banner).toMatch(/^220 /);
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});
