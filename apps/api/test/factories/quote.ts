import fs from 'node:fs';
import type { QuoteDetail } from '@cotacoes/shared';
import { SAMPLE_CARRIERS, sampleQuoteRequest } from '@cotacoes/shared/samples';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { cotacaoDestinatarios, cotacoes } from '../../src/db/schema/index.js';
import { replyAddress } from '../../src/mail/reply-address.js';
import { readSentMail, type TestContext, waitFor } from '../helpers.js';
import { quickCompany } from './company.js';

/*
 * Carriers and quotes, made through the API as a person would: a company (see company.ts), its carriers,
 * and one quote sent to them.
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

/** Creates `carriers` (POST /api/transporters) as the holder of `token`; answers them with their ids. */
export async function createCarriers(
  ctx: TestContext,
  token: string,
  carriers: readonly { nome: string; email: string; grupos?: string[] }[] = SAMPLE_CARRIERS,
): Promise<ScenarioCarrier[]> {
  const created: ScenarioCarrier[] = [];
  for (const carrier of carriers) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/transporters',
      headers: { authorization: `Bearer ${token}` },
      payload: { grupos: [], ativo: true, ...carrier },
    });
    if (response.statusCode !== 201) throw new Error(`carrier failed: ${response.body}`);
    created.push({ id: response.json().id, nome: carrier.nome, email: carrier.email.split(';')[0]! });
  }
  return created;
}

let counter = 0;

/** A company (its supervisor made directly, see quickCompany), `carriers`, and one quote sent to all of them. */
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
    /** Another quote of an earlier scenario's company, to the same carriers (a company's history). */
    in?: Pick<Scenario, 'token' | 'userId' | 'empresaId' | 'carriers'>;
    /** A request file (PDF/Excel format): uploaded with POST /api/quotes/upload, its id sent as `arquivoId`. */
    arquivo?: { filename: string; content: Buffer };
  } = {},
): Promise<Scenario> {
  const label = options.label ?? `c${++counter}-${Date.now().toString(36)}`;
  const db = ctx.app.services.database.db;
  const company =
    options.in ?? (await quickCompany(ctx, { label, receiveEmailCopy: options.receiveEmailCopy }));
  const { token, empresaId, userId } = company;
  const carriers = options.in?.carriers ?? (await createCarriers(ctx, token, options.carriers));
  const arquivoId = options.arquivo ? await uploadRequestFile(ctx, token, options.arquivo) : undefined;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { authorization: `Bearer ${token}` },
    payload: sampleQuoteRequest(
      carriers.map((c) => c.id),
      {
        nomeSolicitante: `Analista ${label}`,
        referenciaProcesso: `IMP-${label}`,
        modoEnvio: options.modoEnvio ?? 'individual',
        ...(arquivoId ? { arquivoId } : {}),
        ...options.quote,
        ...options.fields,
      },
    ),
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
    userId,
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

/** POST /api/quotes/upload of one request file; answers its id. */
async function uploadRequestFile(
  ctx: TestContext,
  token: string,
  file: { filename: string; content: Buffer },
): Promise<string> {
  const boundary = `----upload${++counter}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/api/quotes/upload',
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  return uploaded.json().id;
}

export type SentQuote = {
  quoteId: string;
  codigo: string;
  empresaId: string;
  carrierEmail: string;
  /** The request as the carrier received it. */
  request: { messageId: string; replyTo: string; subject: string };
};

/**
 * A company, one carrier and a quote sent to it in individual mode (quoteScenario), once the outbox has
 * sent the request: answers the request as the carrier received it.
 */
export async function sendQuoteToCarrier(
  ctx: TestContext,
  options: { seed: number; carrierEmail: string },
): Promise<SentQuote> {
  const s = await quoteScenario(ctx, {
    label: `s${options.seed}-${Date.now().toString(36)}`,
    carriers: [{ nome: 'Navegação Atlântica', email: options.carrierEmail }],
  });
  const { id: quoteId, codigo } = s.quote;
  const sent = await waitFor(async () =>
    (await readSentMail(ctx.config)).find(
      (mail) => mail.to.includes(options.carrierEmail) && mail.subject.includes(codigo),
    ),
  );
  const parsed = await simpleParser(fs.readFileSync(sent.file));
  return {
    quoteId,
    codigo,
    empresaId: s.empresaId,
    carrierEmail: options.carrierEmail,
    request: {
      messageId: parsed.messageId ?? '',
      replyTo: parsed.replyTo?.text ?? '',
      subject: sent.subject,
    },
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
