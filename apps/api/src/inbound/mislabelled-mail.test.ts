import type { Conversation } from '@cotacoes/shared';
import { and, asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATLANTICA_ANSWER, quoteScenario, type Scenario } from '../../test/factories/index.js';
import { type Dovecot, hasDovecot, startDovecot } from '../../test/fakes/dovecot.js';
import { createTestApp, registerUser, type TestContext, waitFor } from '../../test/helpers.js';
import { inboundMessages, mailboxState, respostas } from '../db/schema/index.js';
import { parseImapUrl } from './sources/imap.js';

/*
 * QA pass on the inbox (ADR 0021 addendum "a reply without Message-ID, mislabelled text, a broken
 * boundary"), through the real pipeline: the inbound SMTP listener, a real Dovecot read by the app's own
 * IMAP source, the extraction job, the conversation route.
 */
const REPLY_ADDRESS = 'cotacoes@importadora.com.br';
let ctx: TestContext;
let dovecot: Dovecot | undefined;
let port: number;

const db = () => ctx.app.services.database.db;
const CRLF = '\r\n';

function smtpSend(s: Scenario, raw: Buffer) {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return client
    .sendMail({ envelope: { from: s.carriers[0]!.email, to: [s.replyTo(0)] }, raw })
    .finally(() => client.close());
}

/** The carrier's reply headers in its quote's thread, with no Message-ID unless given. */
function headers(s: Scenario, extra: string[] = [], subject = `RE: ${s.quote.tituloEmail}`): string[] {
  return [
    `From: Pricing Atlantica <${s.carriers[0]!.email}>`,
    `To: ${s.replyTo(0)}`,
    `Subject: ${subject}`,
    `In-Reply-To: ${s.recipients[0]!.messageId}`,
    `Date: ${new Date(Date.now() - 3_600_000).toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    ...extra,
  ];
}

async function messagesOf(s: Scenario) {
  return db()
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.cotacaoId, s.quote.id))
    .orderBy(asc(inboundMessages.createdAt));
}

async function versionsOf(s: Scenario) {
  return db()
    .select()
    .from(respostas)
    .where(eq(respostas.cotacaoId, s.quote.id))
    .orderBy(asc(respostas.versao));
}

async function conversation(s: Scenario) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/emails/by-cotacao/${s.quote.id}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as Conversation).items.filter((item) => item.direction === 'received');
}

/** The response version of the quote's only carrier once its extraction ran. */
async function extracted(s: Scenario) {
  return waitFor(async () => {
    const [row] = await db()
      .select()
      .from(respostas)
      .where(and(eq(respostas.cotacaoId, s.quote.id), eq(respostas.atual, true)));
    return row && row.extracao !== 'pendente' ? row : undefined;
  }, 30_000);
}

beforeAll(async () => {
  if (hasDovecot) dovecot = await startDovecot();
  ctx = await createTestApp({
    INBOUND_SMTP_PORT: '0',
    MAIL_REPLY_ADDRESS: REPLY_ADDRESS,
    ADMIN_EMAILS: 'dev@importadora.com.br',
    ...(dovecot ? { IMAP_URL: dovecot.url('INBOX'), IMAP_POLL_SECONDS: '1' } : {}),
  });
  const developer = (await registerUser(ctx, 'dev@importadora.com.br')).token;
  const status = await ctx.app.inject({
    method: 'GET',
    url: '/api/inbound/status',
    headers: { authorization: `Bearer ${developer}` },
  });
  port = status.json().smtp.port;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await dovecot?.close();
});

describe.skipIf(!hasDovecot)(
  'a reply without Message-ID, by SMTP and in the mailbox',
  { timeout: 90_000 },
  () => {
    it('is one message and one version; a different reply without Message-ID is still a second version', async () => {
      const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
      expect(s.recipients[0]!.messageId).toBeTruthy();
      const reply = Buffer.from(
        [
          ...headers(s, ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit']),
          '',
          ATLANTICA_ANSWER,
          '',
        ].join(CRLF),
        'utf8',
      );
      expect((await smtpSend(s, reply)).response).toMatch(/^250 /);
      await ctx.app.services.inbound.drain();
      expect(await messagesOf(s)).toHaveLength(1);

      // The mailbox's copy of the same message: what the receiving servers added on top of it.
      const mailboxCopy = Buffer.concat([
        Buffer.from(
          [
            `Return-Path: <${s.carriers[0]!.email}>`,
            `Delivered-To: ${REPLY_ADDRESS}`,
            `Received: from mx.atlantica.com.br (mx.atlantica.com.br [203.0.113.7]) by mx.importadora.com.br with ESMTPS id 4Q9; ${new Date().toUTCString()}`,
            'X-Spam-Status: No, score=-0.1',
            '',
          ].join(CRLF),
          'utf8',
        ),
        reply,
      ]);
      const uid = await dovecot!.append(mailboxCopy);
      const mailboxId = parseImapUrl(dovecot!.url('INBOX')).id;
      await waitFor(async () => {
        const [state] = await db().select().from(mailboxState).where(eq(mailboxState.id, mailboxId));
        return state && state.lastUid >= uid;
      }, 30_000);
      await ctx.app.services.inbound.drain();

      const stored = await messagesOf(s);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ messageId: null, status: 'processada', outcome: 'resposta' });
      expect(stored[0]!.dedupeKey).toMatch(/^conteudo:[0-9a-f]{64}$/);
      expect(await versionsOf(s)).toHaveLength(1);
      expect(await conversation(s)).toHaveLength(1);

      // Another reply, without Message-ID too, differing in its body only: a revision, kept.
      const revised = Buffer.from(
        [
          ...headers(s, ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit']),
          '',
          ATLANTICA_ANSWER.replace('USD 2.350,00', 'USD 2.250,00'),
          '',
        ].join(CRLF),
        'utf8',
      );
      expect((await smtpSend(s, revised)).response).toMatch(/^250 /);
      await ctx.app.services.inbound.drain();
      expect(await messagesOf(s)).toHaveLength(2);
      expect((await versionsOf(s)).map((v) => v.versao)).toEqual([1, 2]);
    });
  },
);

describe('text a sender mislabelled or a structure it broke', { timeout: 90_000 }, () => {
  it('reads Windows-1252 text declared UTF-8, and a raw 8-bit Windows-1252 subject, as Windows-1252', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const body = [
      'Prezados,',
      '',
      'Segue nossa cotação “especial” para o embarque Shanghai → Santos:',
      'Frete marítimo: USD 2.350,00 por contêiner 40HC',
      'Taxa de emissão do BL: USD 75,00',
      'Tempo de trânsito: 32 dias',
      '',
      'Atenciosamente,',
      'Operações — Navegação Atlântica',
    ]
      .join(CRLF)
      .replace('→', '->');
    const subject = `RE: Cotação “especial” ${s.quote.codigo}`;
    const raw = Buffer.concat([
      Buffer.from(
        `${headers(s, ['Message-ID: <cp1252-1@atlantica.com.br>'])
          .filter((l) => !l.startsWith('Subject:'))
          .join(CRLF)}${CRLF}`,
        'utf8',
      ),
      windows1252(`Subject: ${subject}${CRLF}`),
      Buffer.from(
        `Content-Type: text/plain; charset=utf-8${CRLF}Content-Transfer-Encoding: 8bit${CRLF}${CRLF}`,
      ),
      windows1252(`${body}${CRLF}`),
    ]);
    expect((await smtpSend(s, raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();

    const [stored] = await messagesOf(s);
    expect(stored).toMatchObject({ outcome: 'resposta', subject });
    // Kept as received.
    expect(Buffer.compare(stored!.raw!, raw)).toBe(0);
    const [shown] = await conversation(s);
    expect(shown!.subject).toBe(subject);
    expect(shown!.bodyText).toContain('Segue nossa cotação “especial” para o embarque');
    expect(shown!.bodyText).toContain('Operações — Navegação Atlântica');
    expect(shown!.bodyText).not.toContain('\uFFFD');

    const version = await extracted(s);
    expect(version.extracao).toBe('concluida');
    const read = JSON.stringify(version.dadosExtraidos);
    expect(read).not.toContain('\uFFFD');
    expect(read).toContain('emissão');
    const final = (version.dadosExtraidos as { final: Record<string, unknown> }).final;
    expect(final.preco_por_container_40).toBe(2350);
  });

  it('a UTF-8 text with one stray Windows-1252 byte keeps its UTF-8 accents', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const raw = Buffer.concat([
      Buffer.from(
        `${headers(s, ['Message-ID: <misto-1@atlantica.com.br>', 'Content-Type: text/plain; charset=utf-8']).join(CRLF)}${CRLF}${CRLF}`,
        'utf8',
      ),
      Buffer.from(`${ATLANTICA_ANSWER}${CRLF}Operações `, 'utf8'),
      windows1252(`— “Atlântica”${CRLF}`),
    ]);
    expect((await smtpSend(s, raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();
    const [shown] = await conversation(s);
    expect(shown!.bodyText).toContain('Frete marítimo: USD 2.350,00');
    expect(shown!.bodyText).toContain('Operações — “Atlântica”');
  });

  it('shows and reads the text of a multipart whose declared boundary starts no part', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const raw = Buffer.from(
      [
        ...headers(s, [
          'Message-ID: <fronteira-1@atlantica.com.br>',
          'Content-Type: multipart/mixed; boundary="AAA"',
        ]),
        '',
        'This is a multi-part message in MIME format.',
        '',
        '--BBB',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Prezados, segue nossa proposta:',
        'Frete 20GP: USD 1.007,00',
        'Tempo de tr=C3=A2nsito: 30 dias',
        '',
        '--BBB',
        'Content-Type: text/csv; name="tarifa.csv"',
        'Content-Disposition: attachment; filename="tarifa.csv"',
        '',
        'rota;valor',
        '--BBB--',
        '',
      ].join(CRLF),
      'utf8',
    );
    expect((await smtpSend(s, raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();
    const [stored] = await messagesOf(s);
    expect(stored).toMatchObject({ outcome: 'resposta' });
    const [shown] = await conversation(s);
    expect(shown!.bodyText).toContain('Frete 20GP: USD 1.007,00');
    expect(shown!.bodyText).toContain('Tempo de trânsito: 30 dias');
    // The parts' own headers and delimiters are not text.
    expect(shown!.bodyText).not.toContain('--BBB');
    expect(shown!.bodyText).not.toContain('Content-Type');
    expect(shown!.anexos).toBe(1);
    expect(stored!.previa).toContain('Frete 20GP: USD 1.007,00');

    const version = await extracted(s);
    expect(version.extracao).toBe('concluida');
    expect(JSON.stringify(version.dadosExtraidos)).toContain('1007');
  });

  it('shows as text a multipart with no boundary line at all', async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const raw = Buffer.from(
      [
        ...headers(s, [
          'Message-ID: <fronteira-2@atlantica.com.br>',
          'Content-Type: multipart/mixed; boundary="AAA"',
        ]),
        '',
        'Frete 20GP: USD 1.007,00',
        'Validade: 30/12/2026',
        '',
      ].join(CRLF),
      'utf8',
    );
    expect((await smtpSend(s, raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();
    const [shown] = await conversation(s);
    expect(shown!.bodyText).toContain('Frete 20GP: USD 1.007,00');
  });
});

/** `text` in Windows-1252 (every character here has a byte there). */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '—': 0x97, '–': 0x96, '’': 0x92 };
  return Buffer.from(
    [...text].map((char) => {
      const code = high[char] ?? char.codePointAt(0)!;
      if (code > 0xff) throw new Error(`no Windows-1252 byte for ${char}`);
      return code;
    }),
  );
}
