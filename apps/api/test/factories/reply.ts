import { typicalAnswer } from '@cotacoes/shared/samples';
import { eq } from 'drizzle-orm';
import { respostas } from '../../src/db/schema/index.js';
import { composeMessage } from '../../src/inbound/compose.js';
import { type TestContext, waitFor } from '../helpers.js';
import type { Scenario, SentQuote } from './quote.js';

/*
 * Carrier replies: the raw e-mail a forwarder writes back, in the quote's thread. The typical answer texts
 * live in '@cotacoes/shared/samples' (the browser tests write the same answers).
 */

let counter = 0;

export type CarrierReplyOptions = {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  /** An HTML alternative, e.g. with a signature logo shown by `cid:`. */
  html?: string;
  inReplyTo?: string | null;
  references?: string[];
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType?: string; cid?: string }[];
  date?: Date;
};

/** A carrier's reply as raw RFC 822 bytes (a fresh Message-ID unless given). */
export function carrierReply(options: CarrierReplyOptions): Promise<Buffer> {
  return composeMessage({
    from: options.from,
    to: [options.to],
    subject: options.subject ?? 'RE: Cotação',
    text: options.text ?? typicalAnswer(),
    html: options.html,
    messageId: options.messageId ?? `<reply-${++counter}-${Date.now()}@carrier.example>`,
    inReplyTo: options.inReplyTo,
    references: options.references,
    headers: options.headers,
    attachments: options.attachments,
    date: options.date,
  });
}

/** The short answer of 'Navegação Atlântica' to a sent quote (freight USD 2.350,00 per 40HC). */
export const ATLANTICA_ANSWER = [
  'Prezados,',
  '',
  'Segue nossa proposta para o embarque Shanghai → Santos:',
  'Frete marítimo: USD 2.350,00 por contêiner 40HC',
  'THC origem: USD 180,00',
  'Tempo de trânsito: 32 dias',
  'Validade: 30/12/2026',
  '',
  'Atenciosamente,',
  'Pricing — Navegação Atlântica',
].join('\n');

/** The reply options of the carrier of `quote` answering its request in its thread. */
/**
 * Two ports after "POD", under "Please find our offer Shanghai to Brazil:" (QA pass 4: no freight was read,
 * each port's price became a fee). Each port its own freight and transit; THC per container, BL fee per BL.
 */
export const POD_PORTS_ANSWER = [
  'Dear Ana,',
  '',
  'Please find our offer Shanghai to Brazil:',
  '',
  'POD Santos: USD 2.300/40HC, transit 32 days',
  'POD Paranagua: USD 2.000/40HC, transit 36 days',
  '',
  'THC BRL 1.450 per container',
  'BL fee USD 75 per BL',
  'Free time 14 days at destination',
  'Validity: 20/12/2026',
  '',
  'Best regards,',
  'Mark',
].join('\n');

export function inThreadOf(quote: SentQuote): CarrierReplyOptions {
  return {
    from: `Pricing Atlântica <${quote.carrierEmail}>`,
    to: quote.request.replyTo,
    subject: `RE: ${quote.request.subject}`,
    inReplyTo: quote.request.messageId,
    references: [quote.request.messageId],
    text: ATLANTICA_ANSWER,
  };
}

/**
 * Carrier `index` of the scenario answers its quote by e-mail (its reply address, in its thread), through
 * the real pipeline; waits for the extraction unless `extracted: false`. Answers the response version and
 * the answer's Message-ID.
 */
export async function answer(
  ctx: TestContext,
  s: Scenario,
  index: number,
  options: { text?: string; inReplyTo?: string | null; to?: string; extracted?: boolean } = {},
): Promise<{ respostaId: string; messageId: string }> {
  const messageId = `<answer-${++counter}-${Date.now()}@carrier.example>`;
  const raw = await carrierReply({
    from: s.carriers[index]!.email,
    to: options.to ?? s.replyTo(index),
    subject: `RE: ${s.quote.tituloEmail}`,
    text: options.text ?? typicalAnswer(),
    inReplyTo: options.inReplyTo === undefined ? s.recipients[index]!.messageId : options.inReplyTo,
    messageId,
  });
  const result = await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
  if (result.outcome !== 'resposta' || !result.responseId)
    throw new Error(`the answer was not a response: ${result.outcome}`);
  const respostaId = result.responseId;
  if (options.extracted !== false)
    await waitFor(async () => {
      const [row] = await ctx.app.services.database.db
        .select({ extracao: respostas.extracao })
        .from(respostas)
        .where(eq(respostas.id, respostaId));
      return row?.extracao === 'concluida' || undefined;
    }, 20_000);
  return { respostaId, messageId };
}

/**
 * The raw DSN a mail server sends back when a request could not be delivered to `email` (550 5.1.1): to the
 * request's reply address, naming the request's Message-ID, as Postfix writes it.
 */
export function deliveryFailureReport(request: {
  replyTo: string;
  messageId: string;
  email: string;
}): Buffer {
  return Buffer.from(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.importadora.com.br>',
      `To: ${request.replyTo}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <dsn-${++counter}-${Date.now()}@mx.importadora.com.br>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.importadora.com.br',
      '',
      `Final-Recipient: rfc822; ${request.email}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${request.messageId}`,
      'Subject: Cotação',
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

export { twoDestinationAnswer, typicalAnswer } from '@cotacoes/shared/samples';
