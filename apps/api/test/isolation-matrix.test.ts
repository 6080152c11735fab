import { randomUUID } from 'node:crypto';
import type { Role } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cotacaoDestinatarios,
  cotacaoMensagens,
  inboundMessages,
  lanePoints,
  respostas,
  transportadorDicas,
} from '../src/db/schema/index.js';
import { checkedTenant } from '../src/db/tenant.js';
import { actorOfUser } from '../src/lib/actor.js';
import { hashToken } from '../src/lib/tokens.js';
import { replyAddress } from '../src/mail/reply-address.js';
import {
  accessMatrix,
  callersAllowedBy,
  type MatrixRole,
  type RouteRule,
} from '../src/modules/access-matrix.js';
import { findUserByEmail, findUserById } from '../src/modules/auth/auth.repository.js';
import * as carriers from '../src/modules/carriers/carriers.repository.js';
import { insertInvite } from '../src/modules/empresas/invites.repository.js';
import type { Access } from '../src/plugins/access.js';
import { caller, companyWithSupervisor, member, signedInUser, signUp, validCnpj } from './factories/index.js';
import { type FakeCnpjServer, startFakeCnpjServer } from './fakes/cnpj-server.js';
import { createTestApp, MINIMAL_PDF, type TestContext } from './helpers.js';

/**
 * S1/S2: every registered /api route × every caller (desenvolvedor, supervisor, analista, usuario,
 * anonymous) × two companies. Each caller belongs to company X (a desenvolvedor acts in X through the
 * visão; a usuario has no company) and calls with X's ids ("own") and with the other company's ids
 * ("foreign"). The expected answer comes from the table in src/modules/access-matrix.ts.
 */

type Company = { empresaId: string; cnpj: string; supervisorEmail: string };
type Actor = { role: MatrixRole; token?: string; userId?: string; empresaId: string | null };
type Target = 'own' | 'foreign';
type ProbeInput = { actor: Actor; company: Company; other: Company; target: Target; targetCompany: Company };
type Request = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
type Probe = {
  /** Builds the request (and any record it needs in the target company) for one caller. */
  request(input: ProbeInput): Promise<Request> | Request;
  /** The answer when access is granted; a 2xx by default. */
  allowed?: (input: ProbeInput) => number | readonly number[];
  /** Runs with a throwaway caller of the same role and company, because the call changes the caller. */
  freshCaller?: boolean;
  /** The answer may show the company named in the request (e.g. a look-up by CNPJ). */
  showsTarget?: boolean;
};

let ctx: TestContext;
let fake: FakeCnpjServer;
let companies: Record<'A' | 'B', Company>;
let actors: Record<'A' | 'B', Actor[]>;
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

async function throwawayUser(
  role: Role,
  empresaId: string | null,
): Promise<{ userId: string; token: string }> {
  return signedInUser(ctx.app, {
    name: `Descartável ${role}`,
    email: `descartavel-${unique()}@teste.com.br`,
    role,
    empresaId,
  });
}

async function inviteIn(
  empresaId: string,
  token = unique().padEnd(32, 'x'),
): Promise<{ id: string; token: string }> {
  const invite = await insertInvite(ctx.app.services.database.db, checkedTenant(empresaId), {
    email: `convite-${unique()}@teste.com.br`,
    role: 'analista',
    tokenHash: hashToken(token),
  });
  return { id: invite.id, token };
}

async function joinRequestIn(company: Company): Promise<string> {
  const requester = await throwawayUser('usuario', null);
  const user = (await findUserById(ctx.app.services.database.db, requester.userId))!;
  const request = await ctx.app.services.members.join(
    { user, sessionId: 'matrix' },
    company.empresaId,
    company.cnpj,
    {},
  );
  return request.id;
}

/** A carrier (with one address) and a group in a company, for the routes that name them. */
async function carrierIn(empresaId: string, email = `agente-${unique()}@frete.com.br`): Promise<string> {
  const db = ctx.app.services.database.db;
  const tenant = checkedTenant(empresaId);
  const [row] = await carriers.insertTransportadores(db, tenant, [
    { nome: `Agente ${unique()}`, ativo: true, createdBy: null },
  ]);
  await carriers.insertEmails(db, tenant, [{ transportadorId: row!.id, email, posicao: 0 }]);
  return row!.id;
}
/** A carrier of a company with one hint learnt from a correction (ADR 0101). */
async function hintIn(empresaId: string): Promise<{ transportadorId: string; hintId: string }> {
  const transportadorId = await carrierIn(empresaId);
  const [row] = await ctx.app.services.database.db
    .insert(transportadorDicas)
    .values({
      empresaId,
      transportadorId,
      tipo: 'unidade',
      alvo: 'frete',
      rotulo: 'O/F',
      rotuloChave: 'o f',
      valor: '40HC',
    })
    .returning({ id: transportadorDicas.id });
  return { transportadorId, hintId: row!.id };
}
async function groupIn(empresaId: string, nome = `Grupo ${unique()}`): Promise<string> {
  const row = await carriers.insertGrupo(ctx.app.services.database.db, checkedTenant(empresaId), {
    nome,
    descricao: null,
    cor: '#0066CC',
    ativo: true,
    createdBy: null,
  });
  return row.id;
}
function multipartFile(name: string, content: string): { payload: string; headers: Record<string, string> } {
  const boundary = `----matrix${unique()}`;
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A manual quote payload addressed to one carrier of `empresaId`. */
async function quotePayload(empresaId: string) {
  return {
    nomeSolicitante: 'Matriz',
    referenciaProcesso: `PROC-${unique()}`,
    tipoFrete: 'FCL',
    origem: 'Shanghai',
    destino: 'Santos',
    destinatarios: { transportadores: [await carrierIn(empresaId)], grupos: [] },
  };
}
async function quoteIn(company: Company): Promise<string> {
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  const quote = await ctx.app.services.quotes.create(
    actorOfUser(user),
    (await import('@cotacoes/shared')).createQuoteBodySchema.parse(await quotePayload(company.empresaId)),
    {},
  );
  return quote.id;
}

/** A quote of `company` and the carrier it went to. */
async function answeredQuoteIn(company: Company): Promise<{ quoteId: string; transportadorId: string }> {
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  const quote = await ctx.app.services.quotes.create(
    actorOfUser(user),
    (await import('@cotacoes/shared')).createQuoteBodySchema.parse(await quotePayload(company.empresaId)),
    {},
  );
  return { quoteId: quote.id, transportadorId: quote.destinatarios[0]!.transportadorId };
}
/** A quote of `company` with one answer typed by hand (its extraction is the typed values). */
/**
 * A lane point of a company (issue 36), its carrier named with the company's supervisor e-mail: an answer
 * that showed it to another company would show that company. Answers the lane's key.
 */
const lanePointsByCompany = new Map<string, string>();
async function lanePointIn(company: Company): Promise<string> {
  const kept = lanePointsByCompany.get(company.empresaId);
  if (kept) return kept;
  const lane = 'FCL|SHANGHAI|SANTOS';
  await ctx.app.services.database.db.insert(lanePoints).values({
    empresaId: company.empresaId,
    lane,
    modal: 'FCL',
    origem: 'SHANGHAI',
    destino: 'SANTOS',
    origemNome: 'Shanghai',
    destinoNome: 'Santos',
    unidade: '40HC',
    cotacaoId: await quoteIn(company),
    respostaId: crypto.randomUUID(),
    versao: 1,
    transportadorId: await carrierIn(company.empresaId),
    transportadorNome: company.supervisorEmail,
    data: new Date(),
    freteUsd: 2950,
    totalBrl: 17000,
    taxa: 5.2,
    aprovado: false,
  });
  lanePointsByCompany.set(company.empresaId, lane);
  return lane;
}
async function quoteWithAnswerIn(company: Company): Promise<{ quoteId: string; respostaId: string }> {
  const { quoteId, transportadorId } = await answeredQuoteIn(company);
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  const registered = await ctx.app.services.responses.register(actorOfUser(user), quoteId, {
    transportadorId,
    modo: 'valores',
    valores: { moeda: 'USD', frete40: 2100, fretes: [], taxas: [] },
  });
  return { quoteId, respostaId: registered.data.id };
}
/** A quote of `company` with one answer pasted as text (a stored message the pipeline reads). */
async function mailedAnswerIn(company: Company): Promise<{ quoteId: string; respostaId: string }> {
  const { quoteId, transportadorId } = await answeredQuoteIn(company);
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  const registered = await ctx.app.services.responses.register(actorOfUser(user), quoteId, {
    transportadorId,
    modo: 'texto',
    texto: 'Frete 40HC USD 2.100,00',
  });
  return { quoteId, respostaId: registered.data.id };
}
/** A quote of `company` whose carrier's answer is an unmatched message its supervisor assigned. */
async function assignedAnswerIn(company: Company): Promise<{ quoteId: string; respostaId: string }> {
  const id = await unmatchedIn(company);
  const { quoteId, transportadorId } = await answeredQuoteIn(company);
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  await ctx.app.services.inbound.assign(
    id,
    { userId: user.id, empresaId: company.empresaId, cotacaoId: quoteId, transportadorId },
    false,
  );
  const [row] = await ctx.app.services.database.db
    .select({ id: respostas.id })
    .from(respostas)
    .where(eq(respostas.inboundMessageId, id));
  return { quoteId, respostaId: row!.id };
}
function textForm(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = `----form${unique()}`;
  return {
    payload: `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
/** A quote of `company` and its carrier's out-of-office reply, set aside (ADR 0015 addendum). */
async function setAsideIn(company: Company): Promise<{ quoteId: string; mensagemId: string }> {
  const { quoteId, transportadorId } = await answeredQuoteIn(company);
  const db = ctx.app.services.database.db;
  const [recipient] = await db
    .select({ replyToken: cotacaoDestinatarios.replyToken, emails: cotacaoDestinatarios.emails })
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, quoteId));
  const raw = Buffer.from(
    `From: ${recipient!.emails[0]}\r\nTo: ${replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient!.replyToken)}\r\nSubject: Resposta automática: ausente\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <ooo${unique()}@frete.com.br>\r\n\r\nEstou fora do escritório.\r\n`,
  );
  await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
  const [message] = await db
    .select({ id: cotacaoMensagens.id, transportadorId: cotacaoMensagens.transportadorId })
    .from(cotacaoMensagens)
    .where(and(eq(cotacaoMensagens.cotacaoId, quoteId), eq(cotacaoMensagens.direction, 'received')));
  if (message?.transportadorId !== transportadorId) throw new Error('the out-of-office was not matched');
  return { quoteId, mensagemId: message.id };
}
/** An unmatched message of `company` (sent by one of its carriers, to no reply address). */
async function unmatchedIn(company: Company): Promise<string> {
  const email = `avulso-${unique()}@frete.com.br`;
  await carrierIn(company.empresaId, email);
  const raw = Buffer.from(
    `From: ${email}\r\nTo: compras@importadora.com.br\r\nSubject: Tabela\r\nMessage-ID: <m${unique()}@frete.com.br>\r\n\r\nFrete 40HC USD 2.000,00\r\n`,
  );
  return (await ctx.app.services.inbound.ingest(raw, { source: 'imap' })).inboundId;
}

/** An unmatched message of `company`, dismissed by its supervisor (listed in 'Dispensadas'). */
async function dismissedIn(company: Company): Promise<string> {
  const id = await unmatchedIn(company);
  const user = (await findUserByEmail(ctx.app.services.database.db, company.supervisorEmail))!;
  await ctx.app.services.inbound.dismiss(id, user.id, company.empresaId, false);
  return id;
}

/** A message from one of `company`'s carriers, stored and failed (as a processing error leaves it). */
async function failedIn(company: Company): Promise<string> {
  const email = `falha-${unique()}@frete.com.br`;
  await carrierIn(company.empresaId, email);
  const raw = Buffer.from(
    `From: ${email}\r\nTo: compras@importadora.com.br\r\nSubject: Tabela\r\nMessage-ID: <f${unique()}@frete.com.br>\r\n\r\nFrete 40HC USD 2.000,00\r\n`,
  );
  const { inboundId } = await ctx.app.services.inbound.receive(raw, { source: 'imap' });
  await ctx.app.services.database.db
    .update(inboundMessages)
    .set({ status: 'falhou', tentativas: 8, erro: 'Erro inesperado ao processar a mensagem.' })
    .where(eq(inboundMessages.id, inboundId));
  return inboundId;
}

/** The request message recorded in a new quote's conversation (its outbox row carries the quote PDF). */
async function requestMessageIn(company: Company): Promise<{ id: string; outboxId: string }> {
  const cotacaoId = await quoteIn(company);
  const [row] = await ctx.app.services.database.db
    .select({ id: cotacaoMensagens.id, outboxId: cotacaoMensagens.outboxId })
    .from(cotacaoMensagens)
    .where(eq(cotacaoMensagens.cotacaoId, cotacaoId));
  return { id: row!.id, outboxId: row!.outboxId! };
}

/** A connected platform Gmail mailbox whose token must be refreshed (Google is not configured here). */
let gmailConnected: Promise<string> | undefined;
function gmailMailbox(): Promise<string> {
  gmailConnected ??= ctx.app.services.mailConnections
    .connect({
      provider: 'gmail',
      email: 'caixa@plataforma.com.br',
      tokens: { accessToken: 'ya29.matriz', refreshToken: '1//matriz' },
      accessExpiresAt: null,
      connectedBy: null,
    })
    .then((row) => row.email);
  return gmailConnected;
}

const withCompany = ({ actor }: ProbeInput) => actor.empresaId !== null && actor.role !== 'desenvolvedor';

/** One probe per route: every route in the app must have one (and an entry in the table). */
const probes: Record<string, Probe> = {
  'GET /api/health': { request: () => ({ method: 'GET', url: '/api/health' }) },
  'GET /api/config': { request: () => ({ method: 'GET', url: '/api/config' }) },
  'POST /api/auth/register': {
    request: () => ({ method: 'POST', url: '/api/auth/register', payload: { email: 'não é e-mail' } }),
    allowed: () => 400,
  },
  'POST /api/auth/verify-email': {
    request: () => ({ method: 'POST', url: '/api/auth/verify-email', payload: { code: '12' } }),
    allowed: () => 400,
  },
  'POST /api/auth/resend-verification': {
    request: () => ({ method: 'POST', url: '/api/auth/resend-verification' }),
    allowed: () => 400,
  },
  'POST /api/auth/complete-registration': {
    request: () => ({ method: 'POST', url: '/api/auth/complete-registration', payload: {} }),
    allowed: () => 400,
  },
  'POST /api/auth/login': {
    request: () => ({ method: 'POST', url: '/api/auth/login', payload: { email: 'x', password: '' } }),
    allowed: () => 400,
  },
  'POST /api/auth/forgot-password': {
    request: () => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'não é e-mail' } }),
    allowed: () => 400,
  },
  'POST /api/auth/reset-password': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code: '123456', password: 'novaSenha123', confirmPassword: 'novaSenha123' },
    }),
    allowed: () => 400,
  },
  'POST /api/auth/logout': {
    request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    freshCaller: true,
  },
  'GET /api/auth/me': { request: () => ({ method: 'GET', url: '/api/auth/me' }) },
  'POST /api/auth/profile': {
    request: () => ({ method: 'POST', url: '/api/auth/profile', payload: { receiveEmailCopy: false } }),
  },
  'POST /api/auth/change-password': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: {
        currentPassword: 'senhaErrada1',
        newPassword: 'novaSenha123',
        confirmPassword: 'novaSenha123',
      },
    }),
    allowed: () => 400,
  },
  // The carrier portal: no session reaches it; its own isolation (token × quote × recipient) is
  // test/portal-isolation.test.ts. An unknown token answers 404 to every caller.
  'POST /api/portal/link': {
    request: () => ({
      method: 'POST',
      url: '/api/portal/link',
      payload: { codigo: 'COT-2026-0001', email: `agente-${unique()}@naoexiste.com.br` },
    }),
    allowed: () => 202,
  },
  'GET /api/portal/:token': {
    request: () => ({ method: 'GET', url: `/api/portal/${'x'.repeat(43)}` }),
    allowed: () => 404,
  },
  'GET /api/portal/:token/anexos/:id': {
    request: () => ({
      method: 'GET',
      url: `/api/portal/${'x'.repeat(43)}/anexos/00000000-0000-4000-8000-000000000000`,
    }),
    allowed: () => 404,
  },
  'GET /api/portal/:token/pedido.pdf': {
    request: () => ({ method: 'GET', url: `/api/portal/${'x'.repeat(43)}/pedido.pdf` }),
    allowed: () => 404,
  },
  'POST /api/portal/:token/resposta': {
    request: () => ({
      method: 'POST',
      url: `/api/portal/${'x'.repeat(43)}/resposta`,
      ...textForm({ dados: '{}' }),
    }),
    allowed: () => 404,
  },
  // Provider webhooks (configured in this app): a session is no credential; every caller's forged request
  // is 401 (signature or basic auth), and nothing is stored.
  'POST /api/inbound/mailgun': {
    request: () => ({
      method: 'POST',
      url: '/api/inbound/mailgun',
      ...textForm({
        timestamp: String(Math.floor(Date.now() / 1000)),
        token: 'x'.repeat(50),
        signature: '0'.repeat(64),
      }),
    }),
    allowed: () => 401,
  },
  'POST /api/inbound/mailgun/mime': {
    request: () => ({
      method: 'POST',
      url: '/api/inbound/mailgun/mime',
      ...textForm({
        timestamp: String(Math.floor(Date.now() / 1000)),
        token: 'y'.repeat(50),
        signature: '0'.repeat(64),
      }),
    }),
    allowed: () => 401,
  },
  'POST /api/inbound/sendgrid': {
    request: () => ({ method: 'POST', url: '/api/inbound/sendgrid', ...textForm({ email: 'From: x@y.z' }) }),
    allowed: () => 401,
  },
  'POST /api/inbound/postmark': {
    request: () => ({ method: 'POST', url: '/api/inbound/postmark', payload: { From: 'x@y.z' } }),
    allowed: () => 401,
  },
  'GET /api/auth/google/login': {
    request: () => ({ method: 'GET', url: '/api/auth/google/login' }),
    allowed: () => 503,
  },
  'GET /api/auth/microsoft/login': {
    request: () => ({ method: 'GET', url: '/api/auth/microsoft/login' }),
    allowed: () => 503,
  },
  'POST /api/auth/google/callback': {
    request: () => ({ method: 'POST', url: '/api/auth/google/callback', payload: {} }),
    allowed: () => 400,
  },
  'GET /api/auth/microsoft/callback': {
    request: () => ({ method: 'GET', url: '/api/auth/microsoft/callback?error=access_denied' }),
    allowed: () => 302,
  },
  'GET /api/rates': { request: () => ({ method: 'GET', url: '/api/rates' }) },
  'POST /api/quotes/extract': {
    request: () => ({
      method: 'POST',
      url: '/api/quotes/extract',
      payload: { text: 'Frete marítimo 40HC: USD 2.350,00' },
    }),
  },
  'GET /api/dev/mailbox': { request: () => ({ method: 'GET', url: '/api/dev/mailbox' }) },
  'GET /api/dev/mailbox/:id': {
    request: () => ({ method: 'GET', url: '/api/dev/mailbox/nao-existe' }),
    allowed: () => 404,
  },
  // Mail integration: Google is not configured here, so a call that reaches the provider answers 503
  // (MAILBOX_NOT_CONFIGURED) — after the role, company and quote checks this matrix is about.
  'GET /api/gmail/auth-url': {
    request: () => ({ method: 'GET', url: '/api/gmail/auth-url' }),
    allowed: () => 503,
  },
  'POST /api/gmail/exchange-code': {
    request: () => ({
      method: 'POST',
      url: '/api/gmail/exchange-code',
      payload: { email: 'caixa@plataforma.com.br', code: '4/0Ab-codigo' },
    }),
    allowed: () => 503,
  },
  'GET /api/gmail/connections': { request: () => ({ method: 'GET', url: '/api/gmail/connections' }) },
  'DELETE /api/gmail/connections/:id': {
    request: () => ({ method: 'DELETE', url: `/api/gmail/connections/${randomUUID()}` }),
    allowed: () => 404,
  },
  'POST /api/gmail/sync-quote': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: '/api/gmail/sync-quote',
      payload: { email: await gmailMailbox(), cotacaoId: await quoteIn(targetCompany) },
    }),
    allowed: () => 503,
  },
  'POST /api/gmail/watch-start': {
    request: async () => ({
      method: 'POST',
      url: '/api/gmail/watch-start',
      payload: { email: await gmailMailbox(), projectId: 'cotacoes', topic: 'gmail' },
    }),
    allowed: () => 503,
  },
  'POST /api/gmail/attachments': {
    request: async () => ({
      method: 'POST',
      url: '/api/gmail/attachments',
      payload: { email: await gmailMailbox(), messageId: '1936f0c2a1b2c3d4' },
    }),
    allowed: () => 503,
  },
  'POST /api/gmail/attachment': {
    request: async () => ({
      method: 'POST',
      url: '/api/gmail/attachment',
      payload: { email: await gmailMailbox(), messageId: '1936f0c2a1b2c3d4', attachmentId: 'ANGjdJ9f' },
    }),
    allowed: () => 503,
  },
  'POST /api/gmail/attachment-url': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: '/api/gmail/attachment-url',
      payload: { key: `out_${(await requestMessageIn(targetCompany)).outboxId}_0` },
    }),
  },
  'POST /api/gmail/push': {
    request: () => ({ method: 'POST', url: '/api/gmail/push', payload: { message: { data: 'e30' } } }),
    allowed: () => 401,
  },
  'GET /api/inbound/status': { request: () => ({ method: 'GET', url: '/api/inbound/status' }) },
  'GET /api/inbound/health': { request: () => ({ method: 'GET', url: '/api/inbound/health' }) },
  // Microsoft 365 mailbox (issue 34 part 2): not configured in this app, so the calls that need Microsoft
  // answer 503 (pt-BR) to a desenvolvedor; a forged notification is refused (401) for every caller.
  'GET /api/microsoft/mailboxes': { request: () => ({ method: 'GET', url: '/api/microsoft/mailboxes' }) },
  'GET /api/microsoft/auth-url': {
    request: () => ({ method: 'GET', url: '/api/microsoft/auth-url' }),
    allowed: () => 503,
  },
  'POST /api/microsoft/exchange-code': {
    request: () => ({
      method: 'POST',
      url: '/api/microsoft/exchange-code',
      payload: { email: 'caixa@naoexiste.com.br', code: 'codigo-falso' },
    }),
    allowed: () => 503,
  },
  'POST /api/microsoft/sync': {
    request: () => ({
      method: 'POST',
      url: '/api/microsoft/sync',
      payload: { email: 'caixa@naoexiste.com.br' },
    }),
    allowed: () => 404,
  },
  'POST /api/microsoft/disconnect': {
    request: () => ({
      method: 'POST',
      url: '/api/microsoft/disconnect',
      payload: { email: 'caixa@naoexiste.com.br' },
    }),
    allowed: () => 404,
  },
  'POST /api/microsoft/notifications': {
    request: () => ({
      method: 'POST',
      url: '/api/microsoft/notifications',
      payload: { value: [{ subscriptionId: 'nao-existe', clientState: 'forjado', changeType: 'created' }] },
    }),
    allowed: () => 401,
  },
  'GET /api/inbound/failed': { request: () => ({ method: 'GET', url: '/api/inbound/failed' }) },
  'POST /api/inbound/messages/:id/reprocess': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/inbound/messages/${await failedIn(targetCompany)}/reprocess`,
    }),
  },
  'POST /api/inbound/messages/:id/discard': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/inbound/messages/${await failedIn(targetCompany)}/discard`,
    }),
  },
  'POST /api/inbound/sources/:id/sync': {
    // The SMTP listener's row exists in every app and is not syncable on request.
    request: () => ({ method: 'POST', url: '/api/inbound/sources/smtp/sync' }),
    allowed: () => 409,
  },

  'GET /api/empresas': { request: () => ({ method: 'GET', url: '/api/empresas' }) },
  'POST /api/empresas': {
    request: () => ({
      method: 'POST',
      url: '/api/empresas',
      payload: { nome: 'Matriz', codigo: `M${unique()}`, cnpj: validCnpj(900_000 + sequence) },
    }),
  },
  'GET /api/empresas/:id': {
    request: ({ targetCompany }) => ({ method: 'GET', url: `/api/empresas/${targetCompany.empresaId}` }),
  },
  'PATCH /api/empresas/:id': {
    request: ({ targetCompany }) => ({
      method: 'PATCH',
      url: `/api/empresas/${targetCompany.empresaId}`,
      payload: { telefone: '(11) 3000-0000' },
    }),
  },
  'DELETE /api/empresas/:id': {
    // A throwaway company with an invite (only a desenvolvedor gets through, and reaches every company).
    request: async () => {
      const disposable = await ctx.app.services.empresas.create(
        {
          nome: 'Descartável',
          codigo: `D${unique()}`,
          cnpj: null,
          razaoSocial: null,
          email: null,
          telefone: null,
          endereco: null,
        },
        {},
      );
      await inviteIn(disposable.id);
      return { method: 'DELETE', url: `/api/empresas/${disposable.id}?forceDelete=true` };
    },
  },
  'GET /api/empresas/search/cnpj/:cnpj': {
    request: ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/empresas/search/cnpj/${targetCompany.cnpj}`,
    }),
    showsTarget: true,
  },
  'POST /api/empresas/onboarding': {
    request: () => ({
      method: 'POST',
      url: '/api/empresas/onboarding',
      payload: { nome: 'Nova', cnpj: validCnpj(800_000 + sequence++) },
    }),
    allowed: (input) => (withCompany(input) ? 409 : 201),
    freshCaller: true,
  },
  'POST /api/empresas/join/:id': {
    request: ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/empresas/join/${targetCompany.empresaId}`,
      payload: { cnpj: targetCompany.cnpj },
    }),
    allowed: ({ actor }) => (actor.empresaId !== null || actor.role === 'desenvolvedor' ? 409 : 201),
    freshCaller: true,
    showsTarget: true,
  },
  'GET /api/empresas/join-requests/mine': {
    request: () => ({ method: 'GET', url: '/api/empresas/join-requests/mine' }),
  },
  'GET /api/empresas/invites/:token': {
    request: async ({ targetCompany }) => {
      const invite = await inviteIn(targetCompany.empresaId);
      return { method: 'GET', url: `/api/empresas/invites/${invite.token}` };
    },
    showsTarget: true,
  },
  'GET /api/empresas/my-company/join-requests': {
    request: () => ({ method: 'GET', url: '/api/empresas/my-company/join-requests?status=all' }),
  },
  'POST /api/empresas/join-requests/:id/approve': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/empresas/join-requests/${await joinRequestIn(targetCompany)}/approve`,
    }),
  },
  'POST /api/empresas/join-requests/:id/reject': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/empresas/join-requests/${await joinRequestIn(targetCompany)}/reject`,
      payload: { motivo: 'teste' },
    }),
  },
  'POST /api/empresas/assign-user': {
    request: ({ targetCompany }) => ({
      method: 'POST',
      url: '/api/empresas/assign-user',
      payload: { userEmail: `vincular-${unique()}@teste.com.br`, empresaId: targetCompany.empresaId },
    }),
  },
  'DELETE /api/empresas/unlink-user/:id': {
    request: async ({ targetCompany }) => {
      const { userId } = await throwawayUser('analista', targetCompany.empresaId);
      return { method: 'DELETE', url: `/api/empresas/unlink-user/${userId}` };
    },
  },
  'GET /api/empresas/my-company/users': {
    request: () => ({ method: 'GET', url: '/api/empresas/my-company/users' }),
  },
  'GET /api/empresas/:id/users': {
    request: ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/empresas/${targetCompany.empresaId}/users`,
    }),
  },
  'POST /api/empresas/pending-users': {
    request: ({ targetCompany }) => ({
      method: 'POST',
      url: '/api/empresas/pending-users',
      payload: { email: `convidar-${unique()}@teste.com.br`, empresaId: targetCompany.empresaId },
    }),
  },
  'GET /api/empresas/my-company/pending-users': {
    request: () => ({ method: 'GET', url: '/api/empresas/my-company/pending-users' }),
  },
  'GET /api/empresas/:id/pending-users': {
    request: ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/empresas/${targetCompany.empresaId}/pending-users`,
    }),
  },
  'DELETE /api/empresas/pending-users/:id': {
    request: async ({ targetCompany }) => ({
      method: 'DELETE',
      url: `/api/empresas/pending-users/${(await inviteIn(targetCompany.empresaId)).id}`,
    }),
  },
  'POST /api/empresas/set-visao/:id': {
    request: ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/empresas/set-visao/${targetCompany.empresaId}`,
    }),
    freshCaller: true,
  },
  'GET /api/empresas/current/visao': {
    request: () => ({ method: 'GET', url: '/api/empresas/current/visao' }),
  },
  'GET /api/empresas/current/empresa': {
    request: () => ({ method: 'GET', url: '/api/empresas/current/empresa' }),
    allowed: ({ actor }) => (actor.empresaId ? 200 : 404),
  },

  'GET /api/transporters': { request: () => ({ method: 'GET', url: '/api/transporters' }) },
  'GET /api/transporters/ids': {
    request: () => ({ method: 'GET', url: '/api/transporters/ids?search=agente' }),
  },
  'POST /api/transporters': {
    request: () => ({
      method: 'POST',
      url: '/api/transporters',
      payload: {
        nome: `Novo Agente ${unique()}`,
        email: `novo-${unique()}@frete.com.br`,
        grupos: [],
        ativo: true,
      },
    }),
  },
  'PATCH /api/transporters/:id': {
    request: async ({ targetCompany }) => ({
      method: 'PATCH',
      url: `/api/transporters/${await carrierIn(targetCompany.empresaId)}`,
      payload: { nome: `Renomeado ${unique()}` },
    }),
  },
  'DELETE /api/transporters/:id': {
    request: async ({ targetCompany }) => ({
      method: 'DELETE',
      url: `/api/transporters/${await carrierIn(targetCompany.empresaId)}`,
    }),
  },
  'GET /api/transporters/:id/hints': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/transporters/${(await hintIn(targetCompany.empresaId)).transportadorId}/hints`,
    }),
  },
  'DELETE /api/transporters/:id/hints/:hintId': {
    // Both ids of the target company: another company's hint must be neither removed nor shown.
    request: async ({ targetCompany }) => {
      const { transportadorId, hintId } = await hintIn(targetCompany.empresaId);
      return { method: 'DELETE', url: `/api/transporters/${transportadorId}/hints/${hintId}` };
    },
  },
  'POST /api/transporters/import/preview': {
    request: () => ({
      method: 'POST',
      url: '/api/transporters/import/preview',
      ...multipartFile(
        'agentes.csv',
        `Nome;Emails;Grupos\r\nImportado;imp-${unique()}@frete.com.br;Ásia\r\n`,
      ),
    }),
  },
  'POST /api/transporters/import': {
    request: () => ({
      method: 'POST',
      url: '/api/transporters/import',
      payload: {
        linhas: [
          { linha: 2, nome: `Importado ${unique()}`, emails: [`imp-${unique()}@frete.com.br`], grupos: [] },
        ],
      },
    }),
  },
  'GET /api/transporters/export': {
    request: () => ({ method: 'GET', url: '/api/transporters/export?format=csv' }),
  },
  'GET /api/groups': { request: () => ({ method: 'GET', url: '/api/groups' }) },
  'POST /api/quotes': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: '/api/quotes',
      payload: await quotePayload(targetCompany.empresaId),
    }),
  },
  'POST /api/quotes/create-with-file': {
    request: async ({ targetCompany }) => {
      const payload = await quotePayload(targetCompany.empresaId);
      const boundary = `----quote${unique()}`;
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body =
        field('nomeSolicitante', payload.nomeSolicitante) +
        field('referenciaProcesso', payload.referenciaProcesso) +
        field('tipoFrete', 'FCL') +
        field('metodoEnvio', 'PDF') +
        field('destinatarios[transportadores]', JSON.stringify(payload.destinatarios.transportadores)) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pedido.pdf"\r\nContent-Type: application/pdf\r\n\r\n${MINIMAL_PDF}\r\n--${boundary}--\r\n`;
      return {
        method: 'POST',
        url: '/api/quotes/create-with-file',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
  },
  'GET /api/quotes': { request: () => ({ method: 'GET', url: '/api/quotes?tab=enviadas' }) },
  'GET /api/quotes/:id': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}`,
    }),
  },
  'GET /api/quotes/:id/pdf': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}/pdf`,
    }),
  },
  'PATCH /api/quotes/:id': {
    request: async ({ targetCompany }) => ({
      method: 'PATCH',
      url: `/api/quotes/${await quoteIn(targetCompany)}`,
      payload: { referenciaProcesso: 'Alterada' },
    }),
  },
  'DELETE /api/quotes/:id': {
    request: async ({ targetCompany }) => ({
      method: 'DELETE',
      url: `/api/quotes/${await quoteIn(targetCompany)}`,
    }),
  },
  'GET /api/quotes/:id/respostas': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}/respostas`,
    }),
  },
  'GET /api/quotes/:id/responses': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}/responses`,
    }),
  },
  'GET /api/quotes/:id/comparison': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}/comparison?exchangeMargin=2.5`,
    }),
  },
  'POST /api/quotes/:id/respostas/registrar': {
    request: async ({ targetCompany }) => {
      const { quoteId, transportadorId } = await answeredQuoteIn(targetCompany);
      return {
        method: 'POST',
        url: `/api/quotes/${quoteId}/respostas/registrar`,
        ...textForm({ transportadorId, modo: 'texto', texto: 'Frete 40HC USD 2.100,00' }),
      };
    },
    allowed: () => 201,
  },
  'POST /api/quotes/:id/mensagens/:mensagemId/contar-como-resposta': {
    request: async ({ targetCompany }) => {
      const { quoteId, mensagemId } = await setAsideIn(targetCompany);
      return { method: 'POST', url: `/api/quotes/${quoteId}/mensagens/${mensagemId}/contar-como-resposta` };
    },
  },
  'POST /api/quotes/:id/respostas-teste': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/quotes/${await quoteIn(targetCompany)}/respostas-teste`,
      payload: { texto: 'Frete 40HC USD 2.200,00' },
    }),
    allowed: () => 201,
  },
  'PUT /api/quotes/:id/respostas/:respostaId/correcoes': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await quoteWithAnswerIn(targetCompany);
      return {
        method: 'PUT',
        url: `/api/quotes/${quoteId}/respostas/${respostaId}/correcoes`,
        payload: { campo: 'preco_por_container_40', valor: 1990 },
      };
    },
  },
  'POST /api/quotes/:id/respostas/:respostaId/ler-de-novo': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await mailedAnswerIn(targetCompany);
      // Read already (the probe must not meet 'being read'): as a failed reading leaves it.
      await ctx.app.services.database.db
        .update(respostas)
        .set({ extracao: 'falhou' })
        .where(eq(respostas.id, respostaId));
      return { method: 'POST', url: `/api/quotes/${quoteId}/respostas/${respostaId}/ler-de-novo` };
    },
  },
  'POST /api/quotes/:id/respostas/:respostaId/desfazer-atribuicao': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await assignedAnswerIn(targetCompany);
      return { method: 'POST', url: `/api/quotes/${quoteId}/respostas/${respostaId}/desfazer-atribuicao` };
    },
  },
  'POST /api/quotes/:id/respostas/:respostaId/confirmar-remetente': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await quoteWithAnswerIn(targetCompany);
      // As the pipeline leaves an answer whose sender failed the checks (ADR 0023).
      await ctx.app.services.database.db
        .update(respostas)
        .set({ remetenteNaoVerificado: true })
        .where(eq(respostas.id, respostaId));
      return { method: 'POST', url: `/api/quotes/${quoteId}/respostas/${respostaId}/confirmar-remetente` };
    },
  },
  'POST /api/quotes/:id/respostas/:respostaId/taxas': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await quoteWithAnswerIn(targetCompany);
      return {
        method: 'POST',
        url: `/api/quotes/${quoteId}/respostas/${respostaId}/taxas`,
        payload: { nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'CNTR', origem: 'manual' },
      };
    },
  },
  'POST /api/quotes/:id/request-revision': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/quotes/${(await quoteWithAnswerIn(targetCompany)).quoteId}/request-revision`,
      payload: { revisarTodos: true, mensagem: 'Favor rever o frete.' },
    }),
  },
  'POST /api/quotes/:id/approve': {
    request: async ({ targetCompany }) => {
      const { quoteId, respostaId } = await quoteWithAnswerIn(targetCompany);
      return { method: 'POST', url: `/api/quotes/${quoteId}/approve`, payload: { responseId: respostaId } };
    },
  },
  'GET /api/quotes/:id/comparative-excel': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${(await quoteWithAnswerIn(targetCompany)).quoteId}/comparative-excel?exchangeMargin=2.5`,
    }),
  },
  'GET /api/quotes/:id/comparative-pdf': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${(await quoteWithAnswerIn(targetCompany)).quoteId}/comparative-pdf`,
    }),
  },
  'POST /api/quotes/:id/send-comparative': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/quotes/${(await quoteWithAnswerIn(targetCompany)).quoteId}/send-comparative`,
      payload: { exchangeMargin: 2.5, emails: ['gerencia@importadora.com.br'] },
    }),
  },
  'GET /api/inbound/unmatched': {
    request: () => ({ method: 'GET', url: '/api/inbound/unmatched?page=1&pageSize=20&search=proposta' }),
  },
  'POST /api/inbound/messages/:id/assign': {
    request: async ({ targetCompany }) => {
      const id = await unmatchedIn(targetCompany);
      const { quoteId, transportadorId } = await answeredQuoteIn(targetCompany);
      return {
        method: 'POST',
        url: `/api/inbound/messages/${id}/assign`,
        payload: { cotacaoId: quoteId, transportadorId },
      };
    },
  },
  'POST /api/inbound/messages/:id/dismiss': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/inbound/messages/${await unmatchedIn(targetCompany)}/dismiss`,
    }),
  },
  'POST /api/inbound/messages/:id/restore': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/inbound/messages/${await dismissedIn(targetCompany)}/restore`,
    }),
  },
  'POST /api/dev/mailbox/:id/reply': {
    request: () => ({
      method: 'POST',
      url: '/api/dev/mailbox/nao-existe/reply',
      ...textForm({ from: 'x@y.com', texto: 'oi' }),
    }),
    allowed: () => 404,
  },
  'POST /api/quotes/upload': {
    request: () => {
      const boundary = `----upload${unique()}`;
      return {
        method: 'POST',
        url: '/api/quotes/upload',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pedido.pdf"\r\nContent-Type: application/pdf\r\n\r\n${MINIMAL_PDF}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
  },
  'GET /api/empresas/my-company/follow-up': {
    request: () => ({ method: 'GET', url: '/api/empresas/my-company/follow-up' }),
  },
  'PUT /api/empresas/my-company/follow-up': {
    request: () => ({
      method: 'PUT',
      url: '/api/empresas/my-company/follow-up',
      payload: {
        remindersEnabled: true,
        reminderAfterSendHours: 48,
        reminderBeforeDeadlineHours: 24,
        portalEnabled: true,
        lostBidFeedbackDefault: false,
        deadlineSummaryEnabled: true,
      },
    }),
  },
  'GET /api/empresas/my-company/extraction': {
    request: () => ({ method: 'GET', url: '/api/empresas/my-company/extraction' }),
  },
  'PUT /api/empresas/my-company/extraction': {
    request: () => ({
      method: 'PUT',
      url: '/api/empresas/my-company/extraction',
      payload: { llmEnabled: false },
    }),
  },
  'GET /api/quotes/:id/lembretes': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/quotes/${await quoteIn(targetCompany)}/lembretes`,
    }),
  },
  'PATCH /api/quotes/:id/lembretes': {
    request: async ({ targetCompany }) => ({
      method: 'PATCH',
      url: `/api/quotes/${await quoteIn(targetCompany)}/lembretes`,
      payload: { ativos: false },
    }),
  },
  'POST /api/quotes/:id/lembretes/enviar': {
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/quotes/${await quoteIn(targetCompany)}/lembretes/enviar`,
      payload: {},
    }),
  },
  'GET /api/emails/by-cotacao/:id': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/emails/by-cotacao/${await quoteIn(targetCompany)}`,
    }),
  },
  'GET /api/imap/attachments/:messageId': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/imap/attachments/${(await requestMessageIn(targetCompany)).id}`,
    }),
  },
  'GET /api/attachments/:key': {
    request: async ({ targetCompany }) => ({
      method: 'GET',
      url: `/api/attachments/out_${(await requestMessageIn(targetCompany)).outboxId}_0`,
    }),
  },
  'POST /api/groups': {
    request: () => ({ method: 'POST', url: '/api/groups', payload: { nome: `Grupo ${unique()}` } }),
  },
  'PATCH /api/groups/:id': {
    request: async ({ targetCompany }) => ({
      method: 'PATCH',
      url: `/api/groups/${await groupIn(targetCompany.empresaId)}`,
      payload: { descricao: 'Atualizado' },
    }),
  },
  'DELETE /api/groups/:id': {
    request: async ({ targetCompany }) => ({
      method: 'DELETE',
      url: `/api/groups/${await groupIn(targetCompany.empresaId)}`,
    }),
  },
  'POST /api/groups/:id/transporters': {
    // The group is the target; the carrier is always the caller's own.
    request: async ({ targetCompany, company }) => ({
      method: 'POST',
      url: `/api/groups/${await groupIn(targetCompany.empresaId)}/transporters`,
      payload: { transportadorIds: [await carrierIn(company.empresaId)] },
    }),
  },
  'POST /api/groups/:id/transporters/:transporterId': {
    // Both ids of the target company: a foreign pair must not be linked either.
    request: async ({ targetCompany }) => ({
      method: 'POST',
      url: `/api/groups/${await groupIn(targetCompany.empresaId)}/transporters/${await carrierIn(targetCompany.empresaId)}`,
    }),
  },
  'GET /api/dashboard': { request: () => ({ method: 'GET', url: '/api/dashboard' }) },
  'GET /api/dashboard/stats': { request: () => ({ method: 'GET', url: '/api/dashboard/stats' }) },
  'GET /api/dashboard/atividades': { request: () => ({ method: 'GET', url: '/api/dashboard/atividades' }) },
  'GET /api/dashboard/vencimentos': { request: () => ({ method: 'GET', url: '/api/dashboard/vencimentos' }) },
  'GET /api/indicators/response-times': {
    // With the other company's carrier as the filter: it matches nothing and shows nothing of it.
    request: async ({ other }) => ({
      method: 'GET',
      url: `/api/indicators/response-times?transportadorId=${await carrierIn(other.empresaId)}`,
    }),
  },
  'GET /api/indicators/response-times/transportadores': {
    request: () => ({ method: 'GET', url: '/api/indicators/response-times/transportadores' }),
  },
  'GET /api/indicators/response-times/export': {
    request: () => ({ method: 'GET', url: '/api/indicators/response-times/export' }),
  },
  'GET /api/lanes': { request: () => ({ method: 'GET', url: '/api/lanes' }) },
  'GET /api/lanes/export.csv': { request: () => ({ method: 'GET', url: '/api/lanes/export.csv' }) },
  'GET /api/lanes/:key': {
    // The other company's lane (a point of it is seeded): the caller reads an empty lane of its own.
    request: async ({ other }) => ({
      method: 'GET',
      url: `/api/lanes/${encodeURIComponent(await lanePointIn(other))}`,
    }),
  },
  'DELETE /api/groups/:id/transporters/:transporterId': {
    request: async ({ targetCompany }) => {
      const grupoId = await groupIn(targetCompany.empresaId);
      const transportadorId = await carrierIn(targetCompany.empresaId);
      await carriers.addMembers(ctx.app.services.database.db, checkedTenant(targetCompany.empresaId), [
        { grupoId, transportadorId },
      ]);
      return { method: 'DELETE', url: `/api/groups/${grupoId}/transporters/${transportadorId}` };
    },
  },
};

/** What the table says a caller gets: denied (401/403), 404 for another company's record, or the probe's answer. */
function expectedStatuses(rule: RouteRule, probe: Probe, input: ProbeInput): readonly number[] {
  const { actor, target } = input;
  if (!rule.allow.includes(actor.role)) return [actor.role === 'anonymous' ? 401 : 403];
  if (rule.company && !actor.empresaId) return [403];
  const crosses = actor.role !== 'anonymous' && (rule.crossTenant ?? []).includes(actor.role);
  if (rule.target && target === 'foreign' && !crosses) return [404];
  const allowed = probe.allowed?.(input);
  if (allowed === undefined) return [200, 201];
  return typeof allowed === 'number' ? [allowed] : allowed;
}

function declaredRoutes(): Map<string, Access> {
  return ctx.app.routeAccess;
}

beforeAll(async () => {
  fake = await startFakeCnpjServer();
  ctx = await createTestApp({
    ADMIN_EMAILS: 'dev-a@plataforma.com.br,dev-b@plataforma.com.br',
    CNPJ_API_URL: fake.url,
    MAILGUN_SIGNING_KEY: 'key-matriz-de-isolamento',
    INBOUND_WEBHOOK_USER: 'provedor',
    INBOUND_WEBHOOK_PASSWORD: 'senha-do-provedor',
  });
  const call = caller(ctx);
  const build = async (key: 'A' | 'B', seed: number) => {
    const cnpj = validCnpj(seed);
    const domain = key === 'A' ? 'alfa' : 'beta';
    const { supervisor, empresaId } = await companyWithSupervisor(
      ctx,
      `sup@${domain}.com.br`,
      `Empresa ${key}`,
      cnpj,
    );
    const analista = await member(ctx, supervisor.token, empresaId, `analista@${domain}.com.br`, 'analista');
    const developer = await signUp(ctx, `dev-${key.toLowerCase()}@plataforma.com.br`, `Dev ${key}`);
    const visao = await call('POST', `/api/empresas/set-visao/${empresaId}`, developer.token);
    if (visao.statusCode !== 200) throw new Error(`set-visao failed: ${visao.body}`);
    const usuario = await signUp(ctx, `usuario-${domain}@teste.com.br`, `Usuário ${key}`);
    companies = { ...companies, [key]: { empresaId, cnpj, supervisorEmail: supervisor.email } };
    // Company data that a leak would show: a carrier with the supervisor's address in a group named by CNPJ.
    const grupoId = await groupIn(empresaId, `Clientes ${cnpj}`);
    const transportadorId = await carrierIn(empresaId, supervisor.email);
    await carriers.addMembers(ctx.app.services.database.db, checkedTenant(empresaId), [
      { grupoId, transportadorId },
    ]);
    return [
      { role: 'desenvolvedor', token: developer.token, userId: developer.id, empresaId },
      { role: 'supervisor', token: supervisor.token, userId: supervisor.id, empresaId },
      { role: 'analista', token: analista.token, userId: analista.id, empresaId },
      { role: 'usuario', token: usuario.token, userId: usuario.id, empresaId: null },
      { role: 'anonymous', empresaId: null },
    ] satisfies Actor[];
  };
  actors = { A: await build('A', 111_111), B: await build('B', 222_222) };
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('route permission table (S2)', () => {
  it('has an entry and a probe for every registered /api route, and none for routes that do not exist', () => {
    const registered = [...declaredRoutes().keys()].sort();
    expect(
      registered.filter((route) => !accessMatrix[route]),
      'routes missing from access-matrix.ts',
    ).toEqual([]);
    expect(
      registered.filter((route) => !probes[route]),
      'routes without a probe in this test',
    ).toEqual([]);
    expect(
      Object.keys(accessMatrix).filter((route) => !declaredRoutes().has(route)),
      'stale entries',
    ).toEqual([]);
  });

  it("agrees with each route's declared access rule", () => {
    for (const [route, declared] of declaredRoutes()) {
      const rule = accessMatrix[route]!;
      const allowed = callersAllowedBy(declared);
      if (allowed === 'custom') {
        expect(rule.note, `${route}: custom rule must be explained`).toMatch(/custom/);
        continue;
      }
      expect([...rule.allow].sort(), route).toEqual([...allowed].sort());
      const requiresCompany = declared.kind === 'user' && Boolean(declared.requireEmpresa);
      expect(Boolean(rule.company), `${route}: company flag`).toBe(requiresCompany);
    }
  });
});

describe('tenant isolation matrix (S1)', () => {
  for (const pass of ['A', 'B'] as const) {
    it(`company ${pass}: every route × every caller, with its own and the other company's ids`, async () => {
      const other = pass === 'A' ? 'B' : 'A';
      const failures: string[] = [];
      let checked = 0;
      for (const [route, rule] of Object.entries(accessMatrix)) {
        const probe = probes[route]!;
        const targets: Target[] = rule.target ? ['own', 'foreign'] : ['own'];
        for (const base of actors[pass]) {
          for (const target of targets) {
            let actor = base;
            if (probe.freshCaller && base.role !== 'anonymous') {
              const fresh = await throwawayUser(base.role as Role, base.empresaId);
              actor = { ...base, ...fresh };
            }
            const input: ProbeInput = {
              actor,
              company: companies[pass],
              other: companies[other],
              target,
              targetCompany: target === 'own' ? companies[pass] : companies[other],
            };
            const request = await probe.request(input);
            const response = await ctx.app.inject({
              method: request.method,
              url: request.url,
              payload: request.payload as object | string | undefined,
              headers: {
                ...request.headers,
                ...(actor.token ? { authorization: `Bearer ${actor.token}` } : {}),
              },
              remoteAddress: `10.9.${checked % 250}.${(checked >> 8) % 250}`,
            });
            checked++;
            const expected = expectedStatuses(rule, probe, input);
            const label = `${route} as ${actor.role} of ${pass} with ${target} ids`;
            if (!expected.includes(response.statusCode)) {
              failures.push(
                `${label}: expected ${expected.join('|')}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
              );
              continue;
            }
            // A caller confined to their company never sees the other company in an answer.
            const crosses = actor.role !== 'anonymous' && (rule.crossTenant ?? []).includes(actor.role);
            const mayShowOther = crosses || rule.platformWide || (probe.showsTarget && target === 'foreign');
            const foreign = companies[other];
            if (
              !mayShowOther &&
              [foreign.empresaId, foreign.cnpj, foreign.supervisorEmail].some((v) =>
                response.body.includes(v),
              )
            ) {
              failures.push(`${label}: the answer shows company ${other}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(Object.keys(accessMatrix).length * 5);
      // Hundreds of requests: generous on a loaded CI machine, and the table only grows.
    }, 600_000);
  }
});
