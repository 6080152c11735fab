import type { QuoteDetail } from '@cotacoes/shared';
import { eq, sql } from 'drizzle-orm';
import { cotacaoDestinatarios, cotacoes, empresas, users } from '../src/db/schema/index.js';
import { composeMessage } from '../src/inbound/compose.js';
import { replyAddress } from '../src/mail/reply-address.js';
import { type TestContext, waitFor } from './helpers.js';

/*
 * Test data for the replies pipeline, shared by the inbound, sources, conversation and e2e tests: a company
 * with carriers and a quote sent to them, and realistic carrier replies as raw RFC 822 messages.
 */

export type ScenarioCarrier = { id: string; nome: string; email: string };
export type ScenarioRecipient = {
  id: string;
  transportadorId: string;
  emails: string[];
  replyToken: string;
  messageId: string | null;
};
export type Scenario = {
  token: string;
  userId: string;
  empresaId: string;
  carriers: ScenarioCarrier[];
  quote: QuoteDetail;
  /** The quote's own reply token and request Message-ID (bcc mode). */
  quoteToken: string;
  quoteMessageId: string | null;
  recipients: ScenarioRecipient[];
  /** Where a carrier's reply goes: the recipient's token (individual) or the quote's (bcc). */
  replyTo(carrierIndex: number): string;
};

let counter = 0;

/** A company (its supervisor made directly), `carriers`, and one quote sent to all of them. */
export async function quoteScenario(
  ctx: TestContext,
  options: {
    modoEnvio?: 'bcc' | 'individual';
    carriers?: { nome: string; email: string }[];
    receiveEmailCopy?: boolean;
    label?: string;
    /** Fields of the quote that replace the default FCL 2 × 40HC Shanghai → Santos ask. */
    quote?: Record<string, unknown>;
    /** Request fields set on top of the defaults (e.g. evitarArmador, tempoTransito). */
    fields?: Record<string, unknown>;
  } = {},
): Promise<Scenario> {
  const label = options.label ?? `c${++counter}-${Date.now().toString(36)}`;
  const db = ctx.app.services.database.db;
  const [empresa] = await db
    .insert(empresas)
    .values({ nome: `Importadora ${label}`, codigo: `IMP${label}`.toUpperCase().slice(0, 20) })
    .returning({ id: empresas.id });
  const empresaId = empresa!.id;
  const [user] = await db
    .insert(users)
    .values({
      name: `Analista ${label}`,
      email: `analista-${label}@importadora.com.br`,
      role: 'supervisor',
      empresaId,
      receiveEmailCopy: options.receiveEmailCopy ?? false,
    })
    .returning();
  const { token } = await ctx.app.services.sessions.create(db, user!.id, {});
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const carriers: ScenarioCarrier[] = [];
  for (const carrier of options.carriers ?? [
    { nome: 'Atlântica Cargas', email: 'pricing@atlantica-cargas.com.br' },
    { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-log.com.br' },
    { nome: 'Rota Sul Agenciamento', email: 'import@rotasul-ag.com.br' },
  ]) {
    const created = await inject('POST', '/api/transporters', { ...carrier, grupos: [], ativo: true });
    if (created.statusCode !== 201) throw new Error(`carrier failed: ${created.body}`);
    carriers.push({ id: created.json().id, nome: carrier.nome, email: carrier.email.split(';')[0]! });
  }
  const prazo = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const created = await inject('POST', '/api/quotes', {
    nomeSolicitante: `Analista ${label}`,
    referenciaProcesso: `IMP-${label}`,
    tipoFrete: 'FCL',
    prazoResposta: prazo,
    metodoEnvio: 'EMAIL',
    modoEnvio: options.modoEnvio ?? 'individual',
    idiomaEmail: 'pt',
    origem: 'Shanghai, CN',
    destino: 'Santos, BR',
    incoterm: 'FOB',
    tempoTransito: '35 dias',
    cargaPerigosa: false,
    itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }],
    destinatarios: { transportadores: carriers.map((c) => c.id), grupos: [] },
    ...options.quote,
    ...options.fields,
  });
  if (created.statusCode !== 201) throw new Error(`quote failed: ${created.body}`);
  const quote = created.json() as QuoteDetail;
  const [row] = await db
    .select({ replyToken: cotacoes.replyToken, messageId: cotacoes.messageId })
    .from(cotacoes)
    .where(eq(cotacoes.id, quote.id));
  const recipientRows = await db
    .select({
      id: cotacaoDestinatarios.id,
      transportadorId: cotacaoDestinatarios.transportadorId,
      emails: cotacaoDestinatarios.emails,
      replyToken: cotacaoDestinatarios.replyToken,
      messageId: cotacaoDestinatarios.messageId,
    })
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, quote.id));
  const recipients = carriers.map((carrier) => recipientRows.find((r) => r.transportadorId === carrier.id)!);
  const base = ctx.config.MAIL_REPLY_ADDRESS;
  return {
    token,
    userId: user!.id,
    empresaId,
    carriers,
    quote,
    quoteToken: row!.replyToken,
    quoteMessageId: row!.messageId,
    recipients,
    replyTo: (index) =>
      replyAddress(
        base,
        (options.modoEnvio ?? 'individual') === 'bcc' ? row!.replyToken : recipients[index]!.replyToken,
      ),
  };
}

/**
 * Waits until the outbox has nothing left to send: its rows (the recipients' send state) are part of the
 * answers a test may revalidate by ETag, and a message still being sent changes them.
 */
export async function outboxSettled(ctx: TestContext): Promise<void> {
  await waitFor(async () => {
    const { rows } = await ctx.app.services.database.db.execute(
      sql`select count(*)::int as waiting from mail_outbox where status = 'pending'`,
    );
    return (rows[0] as { waiting: number }).waiting === 0;
  });
}

/** A typical pt-BR carrier answer with freight per container, fees, transit, free time and validity. */
export function typicalAnswer(options: { frete40?: number; frete20?: number; thc?: number } = {}): string {
  const frete20 = (options.frete20 ?? 1850).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  const frete40 = (options.frete40 ?? 2950).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  const thc = (options.thc ?? 1450).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  return [
    'Prezados, boa tarde.',
    '',
    'Segue nossa proposta para Shanghai x Santos:',
    '',
    `Frete marítimo 20DC: USD ${frete20}`,
    `Frete marítimo 40HC: USD ${frete40}`,
    `THC destino: BRL ${thc} por contêiner`,
    'BL fee: USD 75,00 por BL',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Equipe de Pricing',
  ].join('\n');
}

/** A carrier's reply as raw RFC 822 bytes. */
export function carrierReply(options: {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  inReplyTo?: string | null;
  references?: string[];
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  date?: Date;
}): Promise<Buffer> {
  return composeMessage({
    from: options.from,
    to: [options.to],
    subject: options.subject ?? 'RE: Cotação',
    text: options.text ?? typicalAnswer(),
    messageId: options.messageId ?? `<reply-${++counter}-${Date.now()}@carrier.example>`,
    inReplyTo: options.inReplyTo,
    references: options.references,
    headers: options.headers,
    attachments: options.attachments,
    date: options.date,
  });
}
