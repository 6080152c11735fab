import fs from 'node:fs';
import { type Comparison, errorMessages, type PortalAnswerInput } from '@cotacoes/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import {
  createTestApp,
  MINIMAL_PDF,
  readSentMail,
  type TestContext,
  waitFor,
} from '../../../test/helpers.js';
import { cotacaoAnexos, cotacoes, followUpSettings, portalTokens, respostas } from '../../db/schema/index.js';
import { hashPortalToken } from '../../follow-up/portal-tokens.js';
import { formatNumber } from '../comparative/comparative-document.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * The carrier portal (issue 35) over the real app: the link mailed on 'Consultar cotação', the invite in the
 * request e-mail, the token rules, and an answer that becomes a response version through the pipeline and
 * a comparison row equal to the hand computation. The fake Banco Central gives PTAX 5.1177; with the
 * default margin of 2.5 % every total uses 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let s: Scenario;

const TOKEN = /\/portal\/([A-Za-z0-9_-]{43})/;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url, MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  s = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântica Cargas', email: 'pricing@atlantica-p.com.br' },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-p.com.br' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

const db = () => ctx.app.services.database.db;

/** The text of the newest captured mail to `to` whose subject contains `subject`. */
async function mailTo(to: string, subject: string) {
  return waitFor(async () => {
    const mails = (await readSentMail(ctx.config)).filter(
      (mail) => mail.to.includes(to) && mail.subject.includes(subject),
    );
    return mails.at(-1);
  });
}

/** The carrier's own invite: the 'Responder pelo portal' link of the request it received. */
async function inviteOf(scenario: Scenario, carrier: number): Promise<string> {
  const mail = await mailTo(scenario.carriers[carrier]!.email, scenario.quote.tituloEmail);
  const token = TOKEN.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return token!;
}

const askLink = (codigo: string, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/portal/link', payload: { codigo, email } });

const open = (token: string, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/portal/${token}`,
    headers: cookie ? { cookie: `portal_bind=${cookie}` } : {},
  });

function answerForm(dados: unknown, files: { filename: string; content: Buffer }[] = []) {
  const boundary = `----p${Date.now()}${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${typeof dados === 'string' ? dados : JSON.stringify(dados)}\r\n`,
    ),
  ];
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="anexos"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), 'content-type': `multipart/form-data; boundary=${boundary}` };
}

const submit = (
  token: string,
  dados: unknown,
  options: {
    cookie?: string;
    files?: { filename: string; content: Buffer }[];
    ip?: string;
    lang?: 'pt' | 'en';
  } = {},
) => {
  const form = answerForm(dados, options.files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/portal/${token}/resposta${options.lang ? `?lang=${options.lang}` : ''}`,
    payload: form.payload,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: {
      'content-type': form['content-type'],
      origin: ctx.config.APP_URL,
      ...(options.cookie ? { cookie: `portal_bind=${options.cookie}` } : {}),
    },
  });
};

const bindingOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'portal_bind')?.value;

/** 2 × 40HC at USD 2.500, THC BRL 1.450 per container, BL fee USD 50 per BL. */
const ANSWER: PortalAnswerInput = {
  fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2500 }],
  taxas: [
    { nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'conteiner' },
    { nome: 'BL fee', moeda: 'USD', valor: 50, unidade: 'bl' },
  ],
  transitTimeDias: 32,
  freeTimeDias: 14,
  // Thirty days from the run: a validity already past is refused.
  validade: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  condicoesPagamento: 'Pagamento antecipado',
  observacoes: 'Sujeito a espaço no navio.',
};

async function responsesOf(scenario: Scenario) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/quotes/${scenario.quote.id}/respostas`,
    headers: { authorization: `Bearer ${scenario.token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    transportadorId: string;
    atual: { origem: string; versao: number; observacoes: string | null; dadosExtraidos: never } | null;
    versao: number | null;
    dadosExtraidos: {
      final: { confidence_overall: number; fretes: { confidence: number }[] };
      fontes: { origem: string }[];
    } | null;
  }[];
}

describe('the request e-mail offers the portal', () => {
  it("carries each recipient's own 'Responder pelo portal' link (text and HTML), one invite token each", async () => {
    const mail = await mailTo(s.carriers[0]!.email, s.quote.codigo);
    expect(mail.text).toMatch(/Responder pelo portal: http:\/\/127\.0\.0\.1:3000\/portal\/[A-Za-z0-9_-]{43}/);
    const parsed = await simpleParser(fs.readFileSync(mail.file));
    expect(parsed.html).toContain('Responder pelo portal');
    expect(parsed.html).toContain(`/portal/${TOKEN.exec(mail.text)![1]}`);
    const [a, b] = [await inviteOf(s, 0), await inviteOf(s, 1)];
    expect(a).not.toBe(b);
    const rows = await db()
      .select({ kind: portalTokens.kind, hash: portalTokens.tokenHash, expiresAt: portalTokens.expiresAt })
      .from(portalTokens)
      .where(eq(portalTokens.cotacaoId, s.quote.id));
    expect(rows.map((row) => row.kind)).toEqual(['invite', 'invite']);
    // Only the hash is stored.
    expect(rows.map((row) => row.hash).sort()).toEqual([hashPortalToken(a), hashPortalToken(b)].sort());
  });

  it('has no portal link when the company turned the portal off, and its tokens stop working', async () => {
    const off = await quoteScenario(ctx, {
      carriers: [{ nome: 'Sem Portal', email: 'pricing@semportal.com.br' }],
    });
    const invite = await inviteOf(off, 0);
    await db().insert(followUpSettings).values({ empresaId: off.empresaId, portalEnabled: false });
    const refused = await open(invite);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('PORTAL_LINK_INVALID');
    // A quote sent while it is off carries no link.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { authorization: `Bearer ${off.token}` },
      payload: {
        ...(await import('@cotacoes/shared/samples')).sampleQuoteRequest([off.carriers[0]!.id], {
          nomeSolicitante: 'Analista',
          referenciaProcesso: 'IMP-SEM-PORTAL',
        }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await mailTo('pricing@semportal.com.br', created.json().tituloEmail);
    expect(mail.text).not.toMatch(/Responder pelo portal|\/portal/);
    // And 'Consultar cotação' sends nothing for it.
    expect((await askLink(created.json().codigo, 'pricing@semportal.com.br')).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const links = (await readSentMail(ctx.config)).filter((m) => m.to.includes('pricing@semportal.com.br'));
    expect(links.filter((m) => m.subject.startsWith('Acesso à cotação'))).toEqual([]);
  });

  it('in bcc mode, offers the entry page (code and e-mail) instead of a per-recipient link', async () => {
    const bcc = await quoteScenario(ctx, {
      modoEnvio: 'bcc',
      carriers: [
        { nome: 'Bcc Um', email: 'um@bcc-portal.com.br' },
        { nome: 'Bcc Dois', email: 'dois@bcc-portal.com.br' },
      ],
    });
    const mail = await mailTo(bcc.quoteToken, bcc.quote.tituloEmail);
    expect(mail.text).toContain(`acesse http://127.0.0.1:3000/portal e informe o código ${bcc.quote.codigo}`);
    expect(mail.text).not.toMatch(TOKEN);
  });
});

describe("'Consultar cotação' (POST /api/portal/link)", () => {
  it('mails a 30-minute link to a recipient address (any case); any other e-mail gets the same 202 and no mail', async () => {
    const matched = await askLink(s.quote.codigo.toLowerCase(), 'PRICING@Atlantica-P.com.br');
    const unknown = await askLink(s.quote.codigo, 'someone@elsewhere.com.br');
    const wrongCode = await askLink('COT-1999-0001', s.carriers[0]!.email);
    for (const response of [matched, unknown, wrongCode]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(matched.body);
    }
    const mail = await mailTo(s.carriers[0]!.email, `Acesso à cotação ${s.quote.codigo}`);
    expect(mail.text).toMatch(TOKEN);
    expect(mail.text).toContain('30 minutos');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sent = await readSentMail(ctx.config);
    expect(sent.filter((m) => m.to.includes('someone@elsewhere.com.br'))).toEqual([]);
    expect(sent.filter((m) => m.subject.startsWith('Acesso à cotação')).length).toBe(1);
    const [row] = await db()
      .select()
      .from(portalTokens)
      .where(and(eq(portalTokens.cotacaoId, s.quote.id), eq(portalTokens.kind, 'link')));
    expect(row!.email).toBe('pricing@atlantica-p.com.br');
    const minutes = (row!.expiresAt!.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  it("a carrier that chose English on the entry page gets the link e-mail, page and refusals in English, whatever the quote's language (QA pass 42c)", async () => {
    // The scenario's quote is in Portuguese; its second carrier asks for a link from the English page.
    const email = s.carriers[1]!.email;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/link',
      payload: { codigo: s.quote.codigo, email, idioma: 'en' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const mail = await mailTo(email, `Access to quote request ${s.quote.codigo}`);
    const token = TOKEN.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(mail.text).toContain(`/portal/${token}?lang=en`);
    const opened = await open(token!);
    expect(opened.statusCode).toBe(200);
    // The view still says the quote's language; the page follows the link's ?lang=en.
    expect(opened.json().idioma).toBe('pt');
    const cookie = bindingOf(opened);
    // From another address: this file's answers stay under the per-IP limit of 30 a minute.
    const ip = '198.51.100.42';
    const bad = await submit(token!, { fretes: [] }, { cookie, lang: 'en', ip });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Enter at least one freight amount.');
    expect((await submit(token!, { fretes: [] }, { cookie, ip })).json().errors[0].message).toBe(
      'Informe ao menos um valor de frete.',
    );
    const unknownLanguage = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/link',
      payload: { codigo: s.quote.codigo, email, idioma: 'fr' },
    });
    expect(unknownLanguage.statusCode).toBe(400);
  });

  it('refuses a malformed code or e-mail with pt-BR field messages', async () => {
    const response = await askLink('42', 'not-an-email');
    expect(response.statusCode).toBe(400);
    const messages = (response.json().errors as { message: string }[]).map((e) => e.message);
    expect(messages).toContain('Código inválido. Use o formato do e-mail recebido, como COT-2026-0042.');
    expect(messages).toContain(errorMessages.EMAIL_INVALID);
  });

  it('limits requests per e-mail address (429 after 5 in an hour), whatever the IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/portal/link',
            payload: { codigo: s.quote.codigo, email: 'limite@elsewhere.com.br' },
            remoteAddress: `10.77.0.${i + 1}`,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('issues no link for a cancelled or closed quote (the same 202); the portal page says it was cancelled', async () => {
    const cancelled = await quoteScenario(ctx, {
      carriers: [{ nome: 'Boreal Cargas', email: 'pricing@boreal-p.com.br' }],
    });
    const closed = await quoteScenario(ctx, { in: cancelled });
    const invite = await inviteOf(cancelled, 0);
    const end = async (scenario: Scenario, status: 'CANCELADA' | 'FECHADA') => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/quotes/${scenario.quote.id}`,
        headers: { authorization: `Bearer ${scenario.token}` },
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await end(cancelled, 'CANCELADA');
    await end(closed, 'FECHADA');

    // The same answer as for anything else (ADR 0026: it tells nobody which quotes have ended).
    expect((await askLink(cancelled.quote.codigo, 'pricing@boreal-p.com.br')).statusCode).toBe(202);
    expect((await askLink(closed.quote.codigo, 'pricing@boreal-p.com.br')).statusCode).toBe(202);
    // No token, no e-mail inviting a proposal.
    const tokens = await db()
      .select()
      .from(portalTokens)
      .where(and(eq(portalTokens.cotacaoId, cancelled.quote.id), eq(portalTokens.kind, 'link')));
    expect(tokens).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = await readSentMail(ctx.config);
    expect(sent.filter((m) => m.subject.startsWith('Acesso à cotação') && m.to.includes('boreal'))).toEqual(
      [],
    );

    // The invite of the request e-mail opens a page that says the quote was cancelled, not "decidida".
    expect((await open(invite)).json().estado).toBe('cancelada');
    const late = await submit(invite, ANSWER);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'PORTAL_CLOSED_CANCELLED',
      message: errorMessages.PORTAL_CLOSED_CANCELLED,
    });
  });
});

describe('link tokens: bound to the first browser, 30 minutes', () => {
  it('the first open sets an HttpOnly SameSite=Strict cookie; another browser gets 410 reused', async () => {
    await askLink(s.quote.codigo, s.carriers[1]!.email);
    const mail = await mailTo(s.carriers[1]!.email, `Acesso à cotação ${s.quote.codigo}`);
    const token = TOKEN.exec(mail.text)![1]!;
    const first = await open(token);
    expect(first.statusCode, first.body).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'portal_bind')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/portal' });
    expect(first.json()).toMatchObject({ codigo: s.quote.codigo, transportador: 'Pacífico Logística' });
    expect((await open(token, cookie.value)).statusCode).toBe(200);
    for (const other of [undefined, 'another-browser-cookie']) {
      const reused = await open(token, other);
      expect(reused.statusCode).toBe(410);
      expect(reused.json()).toMatchObject({
        code: 'PORTAL_LINK_REUSED',
        message: errorMessages.PORTAL_LINK_REUSED,
      });
      // An answer from there changes nothing.
      expect((await submit(token, ANSWER, { cookie: other })).statusCode).toBe(410);
    }
    const [row] = await db()
      .select()
      .from(portalTokens)
      .where(eq(portalTokens.tokenHash, hashPortalToken(token)));
    expect(row!.bindingHash).toBe(hashPortalToken(cookie.value));
    // Expired: refused even from its own browser.
    await db()
      .update(portalTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalTokens.id, row!.id));
    const expired = await open(token, cookie.value);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('PORTAL_LINK_EXPIRED');
    expect((await submit(token, ANSWER, { cookie: cookie.value })).json().code).toBe('PORTAL_LINK_EXPIRED');
    expect(await responsesOf(s).then((list) => list.every((entry) => entry.atual === null))).toBe(true);
  });

  it('an unknown token answers 404 with the pt-BR message', async () => {
    const unknown = await open('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'PORTAL_LINK_INVALID',
      message: errorMessages.PORTAL_LINK_INVALID,
    });
    expect((await open('bad token!')).statusCode).toBe(400);
  });
});

describe('answering (POST /api/portal/{token}/resposta)', () => {
  it('refuses bad values with pt-BR field messages and stores nothing', async () => {
    const invite = await inviteOf(s, 0);
    const bad = await submit(invite, {
      fretes: [{ unidade: '40HC', moeda: 'GBP', valor: -1 }],
      taxas: [{ nome: '', moeda: 'USD', valor: 10, unidade: 'por contêiner' }],
      transitTimeDias: 1.5,
      validade: '31/12/2026',
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'fretes.0.moeda', message: 'Escolha a moeda: USD, BRL ou EUR.' },
        { path: 'taxas.0.nome', message: 'Informe o nome da taxa (ex.: THC).' },
        { path: 'taxas.0.unidade', message: 'Escolha a unidade de cobrança da taxa.' },
        { path: 'transitTimeDias', message: 'Informe um número inteiro de dias (0 a 365).' },
        { path: 'validade', message: 'Informe uma data válida.' },
      ]),
    );
    expect((await submit(invite, { fretes: [] })).json().errors[0].message).toBe(
      'Informe ao menos um valor de frete.',
    );
    expect((await submit(invite, '{not json')).statusCode).toBe(400);
    // A validity already past is a slip (QA pass 17: 2020-01-01 was taken and shown "expirada").
    const past = await submit(invite, { ...ANSWER, validade: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([
      { path: 'validade', message: 'Esta data já passou. Informe até quando a proposta vale.' },
    ]);
    // With another bad field, both are said at once (QA pass 20: the validity only on a second round).
    const both = await submit(invite, {
      ...ANSWER,
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: -50 }],
      validade: '2020-01-01',
    });
    expect(both.statusCode).toBe(400);
    expect((both.json().errors as { path: string }[]).map((error) => error.path)).toEqual(
      expect.arrayContaining(['fretes.0.valor', 'validade']),
    );
    const exe = await submit(invite, ANSWER, {
      files: [{ filename: 'proposta.exe', content: Buffer.from('MZ\x90\x00') }],
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().code).toBe('PORTAL_FILE_TYPE');
    const [counted] = (
      await db().execute(sql`select count(*)::int as count from respostas where cotacao_id = ${s.quote.id}`)
    ).rows as { count: number }[];
    expect(counted?.count).toBe(0);
  });

  it('creates a response version with origem portal and confidence 1; the comparison row equals the hand computation', async () => {
    const invite = await inviteOf(s, 0);
    const created = await submit(invite, ANSWER, {
      files: [{ filename: 'proposta.pdf', content: Buffer.from(MINIMAL_PDF) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toMatch(/^Resposta enviada\. Você pode alterá-la até \d{2}\/\d{2}\/\d{4}/);
    expect(created.json().data).toMatchObject({
      versao: 1,
      estado: 'aberta',
      resposta: { transitTimeDias: 32 },
    });
    const entry = (await responsesOf(s)).find((e) => e.transportadorId === s.carriers[0]!.id)!;
    // The carrier's remarks on its card, not only inside the message (QA pass 35).
    expect(entry.atual).toMatchObject({
      origem: 'portal',
      versao: 1,
      observacoes: 'Sujeito a espaço no navio.',
    });
    expect(entry.dadosExtraidos!.final.confidence_overall).toBe(1);
    expect(entry.dadosExtraidos!.final.fretes[0]!.confidence).toBe(1);
    expect(entry.dadosExtraidos!.fontes).toEqual([
      { origem: 'portal', confidence: 1, escolhida: true, motivo: null },
    ]);

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}/comparison`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas.find((r) => r.transportadorId === s.carriers[0]!.id)!;
    // USD: 2 × 2.500 + BL 50 = 5.050; BRL: THC 2 × 1.450 = 2.900
    // BRL total 5.050 × 5,2456 + 2.900 = 29.390,28; USD total 2.900 ÷ 5,2456 + 5.050 = 5.602,84
    expect(row).toMatchObject({
      valorUSD: 5050,
      valorBRL: 2900,
      custoTotalBRL: 29390.28,
      custoTotalUSD: 5602.84,
    });
    expect(row.taxas.find((t) => t.nome === 'THC')).toMatchObject({ quantidade: 2, base: 'conteiner' });

    // The conversation labels it as answered on the portal, with its attachment.
    const conversation = await ctx.app.inject({
      method: 'GET',
      url: `/api/emails/by-cotacao/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    const received = (
      conversation.json().items as { direction: string; marcacao: string; anexos: number }[]
    ).find((item) => item.direction === 'received');
    expect(received).toMatchObject({ marcacao: 'Respondida pelo portal', anexos: 1 });
  });

  it('a quote to two ports: each price says its port, and each port is a row priced with its own (QA pass 8)', async () => {
    const two = await quoteScenario(ctx, {
      carriers: [{ nome: 'Maré Alta Portal', email: 'pricing@marealta-p.com.br' }],
      quote: { destino: 'Santos, BR / Itajaí, BR' },
    });
    const invite = await inviteOf(two, 0);
    const page = await open(invite);
    expect(page.json().destinos).toEqual(['Santos', 'Itajaí']);
    // A port the quote does not name is refused beside its field, and nothing is stored.
    const bad = await submit(invite, {
      ...ANSWER,
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2250, destino: 'Paranaguá' }],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'fretes.0.destino', message: 'Escolha um dos destinos da cotação.' },
    ]);
    expect((await responsesOf(two))[0]!.atual).toBeNull();

    const created = await submit(invite, {
      ...ANSWER,
      fretes: [
        { unidade: '40HC', moeda: 'USD', valor: 2250, destino: 'Santos' },
        { unidade: '40HC', moeda: 'USD', valor: 2400, destino: 'itajai' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${two.quote.id}/comparison`,
      headers: { authorization: `Bearer ${two.token}` },
    });
    const rows = (response.json() as Comparison).linhas;
    const santos = rows.find((r) => r.destino === 'Santos')!;
    const itajai = rows.find((r) => r.destino === 'Itajaí')!;
    // Santos USD 2 × 2.250 + 50 = 4.550; Itajaí 2 × 2.400 + 50 = 4.850; BRL THC 2 × 1.450 = 2.900 each
    expect([santos.valorUSD, santos.valorBRL]).toEqual([4550, 2900]);
    expect([itajai.valorUSD, itajai.valorBRL]).toEqual([4850, 2900]);
    // 4.550 × 5,2456 = 23.867,48 + 2.900 (+ road); 4.850 × 5,2456 = 25.441,16 + 2.900 (+ road)
    expect(santos.custoTotalBRL).toBe(Math.round((23867.48 + 2900 + santos.custoRodoviario) * 100) / 100);
    expect(itajai.custoTotalBRL).toBe(Math.round((25441.16 + 2900 + itajai.custoRodoviario) * 100) / 100);
    expect(rows.some((r) => r.destino === null)).toBe(false);
    // The page prefills each price with its port.
    expect((await open(invite)).json().resposta.fretes.map((f: { destino: string }) => f.destino)).toEqual([
      'Santos',
      'Itajaí',
    ]);
  });

  it("a charge for one port counts on that port's row only; one for every port on both (QA pass 17)", async () => {
    const two = await quoteScenario(ctx, {
      carriers: [{ nome: 'Baía Sul Portal', email: 'pricing@baiasul-p.com.br' }],
      quote: { destino: 'Santos, BR / Itajaí, BR' },
    });
    const invite = await inviteOf(two, 0);
    const fretes = [
      { unidade: '40HC' as const, moeda: 'USD' as const, valor: 2250, destino: 'Santos' },
      { unidade: '40HC' as const, moeda: 'USD' as const, valor: 2400, destino: 'Itajaí' },
    ];
    // A charge for a port the quote does not name is refused beside its field, and nothing is stored.
    const bad = await submit(invite, {
      ...ANSWER,
      fretes,
      taxas: [{ nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'conteiner', destino: 'Paranaguá' }],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'taxas.0.destino', message: 'Escolha um dos destinos da cotação.' },
    ]);
    expect((await responsesOf(two))[0]!.atual).toBeNull();

    const created = await submit(invite, {
      ...ANSWER,
      fretes,
      taxas: [
        { nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'conteiner', destino: 'santos' },
        { nome: 'THC', moeda: 'BRL', valor: 1600, unidade: 'conteiner', destino: 'Itajaí' },
        { nome: 'BL fee', moeda: 'USD', valor: 50, unidade: 'bl', destino: null },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${two.quote.id}/comparison`,
      headers: { authorization: `Bearer ${two.token}` },
    });
    const rows = (response.json() as Comparison).linhas;
    const santos = rows.find((r) => r.destino === 'Santos')!;
    const itajai = rows.find((r) => r.destino === 'Itajaí')!;
    // Santos: USD 2 × 2.250 + 50 = 4.550, BRL 2 × 1.450 = 2.900. Itajaí: USD 2 × 2.400 + 50 = 4.850,
    // BRL 2 × 1.600 = 3.200 (before: both ports 2.900 + 3.200 = 6.100).
    expect([santos.valorUSD, santos.valorBRL]).toEqual([4550, 2900]);
    expect([itajai.valorUSD, itajai.valorBRL]).toEqual([4850, 3200]);
    expect(santos.taxas.filter((t) => t.nome === 'THC').map((t) => t.valorTotal)).toEqual([2900]);
    // 4.550 × 5,2456 = 23.867,48 + 2.900 = 26.767,48; 4.850 × 5,2456 = 25.441,16 + 3.200 = 28.641,16 (+ road).
    const santosTotal = Math.round((26767.48 + santos.custoRodoviario) * 100) / 100;
    const itajaiTotal = Math.round((28641.16 + itajai.custoRodoviario) * 100) / 100;
    expect([santos.custoTotalBRL, itajai.custoTotalBRL]).toEqual([santosTotal, itajaiTotal]);

    // The comparative documents say the same totals.
    const headers = { authorization: `Bearer ${two.token}` };
    const excel = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${two.quote.id}/comparative-excel`,
      headers,
    });
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const header = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const totals = [...Array(summary.rowCount).keys()]
      .map((i) => summary.getRow(i + 1))
      .filter((r) => r.getCell(header.indexOf('Agente de carga')).value === 'Baía Sul Portal')
      .map((r) => r.getCell(header.indexOf('Total (BRL)')).value);
    expect(totals.sort()).toEqual([santosTotal, itajaiTotal].sort());
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${two.quote.id}/comparative-pdf`,
      headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(formatNumber(santosTotal));
    expect(flat).toContain(formatNumber(itajaiTotal));

    // The page prefills each charge with its port ('' stands for every port in the form).
    const page = (await open(invite)).json();
    expect(page.resposta.taxas.map((t: { destino: string | null }) => t.destino)).toEqual([
      'Santos',
      'Itajaí',
      null,
    ]);
  });

  it('LCL on W/M and air with a minimum: the portal prices them as the e-mail replies are priced (QA pass 17)', async () => {
    const lcl = await quoteScenario(ctx, {
      carriers: [{ nome: 'Rota Sul Portal', email: 'lcl@rotasul-p.com.br' }],
      quote: {
        tipoFrete: 'LCL',
        pesoBrutoTotal: '5.000 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '6 pallets', dimensoes: 'total 3,1 m³' }],
      },
    });
    const lclInvite = await inviteOf(lcl, 0);
    // W/M is offered first for LCL.
    expect((await open(lclInvite)).json().unidadesSugeridas).toEqual(['WM']);
    const lclAnswer = await submit(lclInvite, {
      fretes: [{ unidade: 'WM', moeda: 'USD', valor: 48, minimo: 100 }],
      taxas: [
        { nome: 'CFS', moeda: 'BRL', valor: 95, unidade: 'wm' },
        { nome: 'BL fee', moeda: 'USD', valor: 60, unidade: 'bl' },
      ],
    });
    expect(lclAnswer.statusCode, lclAnswer.body).toBe(201);
    const headers = (scenario: Scenario) => ({ authorization: `Bearer ${scenario.token}` });
    const lclRow = (
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${lcl.quote.id}/comparison`,
          headers: headers(lcl),
        })
      ).json() as Comparison
    ).linhas[0]!;
    // W/M = max(5,0 t; 3,1 m³) = 5: freight 5 × 48 = 240 (above the minimum 100) + BL 60 = USD 300;
    // CFS 5 × 95 = BRL 475 (per m³ it read 3,1 × 48 and 3,1 × 95). 300 × 5,2456 = 1.573,68 + 475 = 2.048,68.
    expect([lclRow.valorUSD, lclRow.valorBRL]).toEqual([300, 475]);
    expect(lclRow.custoTotalBRL).toBe(Math.round((2048.68 + lclRow.custoRodoviario) * 100) / 100);

    const air = await quoteScenario(ctx, {
      carriers: [{ nome: 'Céu Azul Portal', email: 'air@ceuazul-p.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '80 kg',
        itens: [{ mercadoria: 'Amostras', quantidadeVolumes: '2 caixas', dimensoes: '2 x 40x30x30 cm' }],
      },
    });
    const airInvite = await inviteOf(air, 0);
    const airAnswer = await submit(airInvite, {
      fretes: [{ unidade: 'KG', moeda: 'USD', valor: 1.2, minimo: 150 }],
      taxas: [{ nome: 'AWB fee', moeda: 'USD', valor: 35, unidade: 'bl' }],
    });
    expect(airAnswer.statusCode, airAnswer.body).toBe(201);
    const airRow = (
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${air.quote.id}/comparison`,
          headers: headers(air),
        })
      ).json() as Comparison
    ).linhas[0]!;
    // 80 kg (2 × 0,036 m³ × 166,67 = 12 kg by volume): 80 × 1,20 = 96, below the minimum: USD 150 + AWB 35 = 185.
    expect(airRow.fretes[0]).toMatchObject({ quantidade: 80, valorTotal: 150 });
    expect(airRow.valorUSD).toBe(185);
    expect(airRow.custoTotalBRL).toBe(Math.round((185 * 5.2456 + airRow.custoRodoviario) * 100) / 100);
    // The page prefills the minimum.
    expect((await open(airInvite)).json().resposta.fretes[0]).toMatchObject({ unidade: 'KG', minimo: 150 });
  });

  it('an air charge per kg with its minimum counts no less than the minimum (QA pass 42c)', async () => {
    const air = await quoteScenario(ctx, {
      carriers: [{ nome: 'Nuvem Portal', email: 'air@nuvem-p.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '80 kg',
        itens: [{ mercadoria: 'Amostras', quantidadeVolumes: '2 caixas', dimensoes: '2 x 40x30x30 cm' }],
      },
    });
    const invite = await inviteOf(air, 0);
    const fuel = { nome: 'Fuel surcharge', moeda: 'USD', valor: 0.25, unidade: 'kg' };
    const negative = await submit(invite, {
      fretes: [{ unidade: 'KG', moeda: 'USD', valor: 3.6 }],
      taxas: [{ ...fuel, minimo: -50 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual([
      expect.objectContaining({ path: 'taxas.0.minimo', message: 'O valor não pode ser negativo.' }),
    ]);
    const answer = await submit(invite, {
      fretes: [{ unidade: 'KG', moeda: 'USD', valor: 3.6, minimo: 150 }],
      taxas: [
        { ...fuel, minimo: 50 },
        { nome: 'Security', moeda: 'USD', valor: 0.15, unidade: 'kg' },
        // A minimum on a charge per shipment means nothing: it is not kept.
        { nome: 'AWB fee', moeda: 'USD', valor: 35, unidade: 'embarque', minimo: 500 },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const comparison = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/quotes/${air.quote.id}/comparison`,
        headers: { authorization: `Bearer ${air.token}` },
      })
    ).json() as Comparison;
    const row = comparison.linhas[0]!;
    // 80 kg × 3,60 = 288 (above its minimum 150); fuel 80 × 0,25 = 20, raised to its minimum 50; security
    // 80 × 0,15 = 12; AWB 35 once: USD 385 × 5,2456 = R$ 2.019,56 (the fuel counted at 20: R$ 1.862,19).
    expect(
      row.taxas.map((fee) => [fee.nome, fee.quantidade, fee.valorTotal, fee.minimoAplicado ?? false]),
    ).toEqual([
      ['FSC', 80, 50, true],
      ['SSC', 80, 12, false],
      ['AWB FEE', 1, 35, false],
    ]);
    expect(row.valorUSD).toBe(385);
    expect(comparison.taxa.taxa).toBe(5.2456);
    expect(row.custoTotalBRL).toBe(Math.round((2019.56 + row.custoRodoviario) * 100) / 100);
    // The page prefills the charge's minimum (and none for the AWB fee).
    expect(
      (await open(invite)).json().resposta.taxas.map((fee: { minimo?: number | null }) => fee.minimo),
    ).toEqual([50, null, 500]);
  });

  it('a second answer is version 2, and the page prefills it', async () => {
    const invite = await inviteOf(s, 0);
    const second = await submit(invite, {
      ...ANSWER,
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2400 }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const view = await open(invite);
    expect(view.json()).toMatchObject({
      versao: 2,
      resposta: { fretes: [{ unidade: '40HC', valor: 2400 }] },
    });
    const versions = await db()
      .select({ versao: respostas.versao, atual: respostas.atual })
      .from(respostas)
      .where(eq(respostas.cotacaoId, s.quote.id));
    expect(versions.sort((a, b) => a.versao - b.versao)).toEqual([
      { versao: 1, atual: false },
      { versao: 2, atual: true },
    ]);
  });

  it('the same answer sent twice at once is one version; sent again after another version, a new one (QA pass 40a)', async () => {
    const twice = await quoteScenario(ctx, {
      carriers: [{ nome: 'Maersk Duplo', email: 'pricing@maersk-duplo.com.br' }],
    });
    const invite = await inviteOf(twice, 0);
    // From its own address: the file's other answers use up the per-minute limit of the default one.
    const ip = '203.0.113.40';
    const [first, second] = await Promise.all([
      submit(invite, ANSWER, { ip }),
      submit(invite, ANSWER, { ip }),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([201, 201]);
    const versions = async () =>
      (
        await db()
          .select({ versao: respostas.versao })
          .from(respostas)
          .where(eq(respostas.cotacaoId, twice.quote.id))
      )
        .map((row) => row.versao)
        .sort();
    expect(await versions()).toEqual([1]);
    // A different answer is version 2; the first one again, after it, is version 3 (a real change back).
    const other = { ...ANSWER, fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2400 }] };
    expect((await submit(invite, other, { ip })).statusCode).toBe(201);
    expect((await submit(invite, ANSWER, { ip })).statusCode).toBe(201);
    expect(await versions()).toEqual([1, 2, 3]);
  });

  it('says when a later answer by e-mail is the one that counts, before the portal answer is sent again (QA pass 17)', async () => {
    const later = await quoteScenario(ctx, {
      carriers: [{ nome: 'Pacífico Depois', email: 'pricing@pacifico-d.com.br' }],
    });
    const invite = await inviteOf(later, 0);
    expect((await submit(invite, ANSWER)).statusCode).toBe(201);
    expect((await open(invite)).json()).toMatchObject({ versao: 1, respostaMaisNova: null });
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: later.carriers[0]!.email,
        to: later.replyTo(0),
        text: 'Prezados, revisamos: Frete 40HC USD 2.300,00. Demais condições sem alteração.',
      }),
      { source: 'imap' },
    );
    const view = await waitFor(async () => {
      const body = (await open(invite)).json();
      return body.respostaMaisNova ? body : undefined;
    });
    // The form still holds the portal's version 1; the page says version 2 came by e-mail and counts.
    expect(view).toMatchObject({ versao: 1, respostaMaisNova: { versao: 2 } });
    expect(Date.parse(view.respostaMaisNova.recebidaEm)).toBeGreaterThan(Date.parse(view.respondidaEm));
  });

  it('shows the request this carrier received, its files and nothing of the other carrier', async () => {
    await db()
      .insert(cotacaoAnexos)
      .values({
        empresaId: s.empresaId,
        cotacaoId: s.quote.id,
        tipo: 'arquivo',
        nome: 'pedido.pdf',
        contentType: 'application/pdf',
        tamanho: MINIMAL_PDF.length,
        conteudo: Buffer.from(MINIMAL_PDF),
      });
    const invite = await inviteOf(s, 1);
    const view = await open(invite);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body.pedido.texto).toContain(s.quote.codigo);
    // The request as received, less its own portal offer (the carrier is already on the page), the hint to
    // answer with "Responder" and the blank offer below it (QA pass 42c): the page's form is the offer.
    expect(body.pedido.texto).not.toContain('/portal');
    expect(body.pedido.texto).not.toContain('SUA PROPOSTA');
    expect(body.pedido.texto).not.toContain('"Responder"');
    expect(body.pedido.texto).not.toMatch(/^Transit time: *$/m);
    expect(body.pedido.texto).toContain('DADOS DA SOLICITAÇÃO');
    expect(body.pedido.texto).toMatch(/Atenciosamente,\n/);
    expect(body.unidadesSugeridas).toEqual(['40HC']);
    expect(body.resposta).toBeNull();
    expect(view.body).not.toContain(s.carriers[0]!.email);
    expect(view.body).not.toContain('Atlântica');
    expect(view.body).not.toContain('2400');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/${invite}/anexos/${body.anexos[0].id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
    });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="pedido\.pdf"/);
  });

  it('after the deadline, and once decided, the page is read-only and an answer is refused with the reason', async () => {
    const invite = await inviteOf(s, 0);
    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 60_000) })
      .where(eq(cotacoes.id, s.quote.id));
    expect((await open(invite)).json()).toMatchObject({ estado: 'prazo_encerrado', versao: 2 });
    const late = await submit(invite, ANSWER);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PORTAL_CLOSED_DEADLINE');
    expect(late.json().message).toMatch(/^O prazo desta cotação terminou em \d{2}\/\d{2}\/\d{4}/);
    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() + 86_400_000) })
      .where(eq(cotacoes.id, s.quote.id));
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'FECHADA' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await open(invite)).json().estado).toBe('decidida');
    const decided = await submit(invite, ANSWER);
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({
      code: 'PORTAL_CLOSED_DECIDED',
      message: errorMessages.PORTAL_CLOSED_DECIDED,
    });
    const [counted] = (
      await db().execute(sql`select count(*)::int as count from respostas where cotacao_id = ${s.quote.id}`)
    ).rows as { count: number }[];
    expect(counted?.count).toBe(2);
  });

  it('refuses a cross-site POST (Origin check)', async () => {
    const form = answerForm(ANSWER);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/${await inviteOf(s, 1)}/resposta`,
      payload: form.payload,
      headers: { 'content-type': form['content-type'], origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps the binding cookie out of other paths and sets no cookie for invite tokens', async () => {
    const invite = await inviteOf(s, 1);
    expect(bindingOf(await open(invite))).toBeUndefined();
  });
});

describe('a quote sent in English: the portal answers in English (ADR 0026 addendum)', () => {
  it('the view says its language, the link e-mail and every refusal are in English, and an answer counts', async () => {
    const en = await quoteScenario(ctx, {
      carriers: [{ nome: 'Ocean Star Shipping', email: 'rates@oceanstar-p.com' }],
      quote: { idiomaEmail: 'en', destino: 'Santos, BR / Itajaí, BR' },
    });
    const invite = await inviteOf(en, 0);
    const page = await open(invite);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ idioma: 'en', destinos: ['Santos', 'Itajaí'] });
    expect((await open(await inviteOf(s, 0))).json().idioma).toBe('pt');

    // Field messages of the English catalogue; several at once: the generic message in English too.
    const bad = await submit(invite, {
      fretes: [{ unidade: '40HC', moeda: 'GBP', valor: 2000, destino: 'Santos' }],
      taxas: [{ nome: '', moeda: 'USD', valor: 10, unidade: 'conteiner' }],
      transitTimeDias: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid data. Please check the highlighted fields.');
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'fretes.0.moeda', message: 'Choose the currency: USD, BRL or EUR.' },
        { path: 'taxas.0.nome', message: 'Enter the name of the charge (e.g. THC).' },
        { path: 'transitTimeDias', message: 'Enter a whole number of days (0 to 365).' },
      ]),
    );
    const port = await submit(invite, {
      ...ANSWER,
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2250, destino: 'Paranaguá' }],
    });
    expect(port.statusCode).toBe(400);
    expect(port.json()).toMatchObject({
      message: "Choose one of the request's destinations.",
      errors: [{ path: 'fretes.0.destino', message: "Choose one of the request's destinations." }],
    });
    const exe = await submit(invite, ANSWER, {
      files: [{ filename: 'offer.exe', content: Buffer.from('MZ\x90\x00') }],
    });
    expect(exe.json()).toMatchObject({
      code: 'PORTAL_FILE_TYPE',
      message: expect.stringMatching(/^The file /),
    });
    // A form that is not JSON (a broken client) is refused in English; a remark far over the limit (cut by
    // the form reader) is refused as too large, not read as a JSON cut in half.
    const broken = await submit(invite, '{"fretes": [');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The form arrived incomplete or damaged. Please send it again.');
    const huge = await submit(invite, { ...ANSWER, observacoes: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(errorMessages.PAYLOAD_TOO_LARGE);
    expect((await responsesOf(en))[0]!.atual).toBeNull();

    const created = await submit(invite, {
      ...ANSWER,
      fretes: [
        { unidade: '40HC', moeda: 'USD', valor: 2200, destino: 'santos' },
        { unidade: '40HC', moeda: 'USD', valor: 2400, destino: 'Itajaí' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toMatch(
      /^Offer sent\. You can change it until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\) through the link in the request or a new one from "Access a quote request"\.$/,
    );
    expect(created.json().data).toMatchObject({ idioma: 'en', versao: 1 });
    expect((await responsesOf(en))[0]!.atual?.origem).toBe('portal');

    // 'Consultar cotação' mails the link in the quote's language, and the link keeps it for the web.
    expect((await askLink(en.quote.codigo, 'rates@oceanstar-p.com')).statusCode).toBe(202);
    const link = await mailTo('rates@oceanstar-p.com', `Access to quote request ${en.quote.codigo}`);
    expect(link.text).toContain('The link is valid for 30 minutes');
    expect(link.text).toMatch(/\/portal\/[A-Za-z0-9_-]{43}\?lang=en/);
    const html = (await simpleParser(fs.readFileSync(link.file))).html;
    expect(html).toContain('<html lang="en">');

    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 60_000) })
      .where(eq(cotacoes.id, en.quote.id));
    const late = await submit(invite, ANSWER);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'PORTAL_CLOSED_DEADLINE',
      message: expect.stringMatching(
        /^The deadline for this request ended on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\)/,
      ),
    });
  });
});
