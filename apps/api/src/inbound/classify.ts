import { htmlToPlainText } from '@cotacoes/extraction/eml';
import { addressesIn, fieldValues, leadingMessageId, leadingStatus, withoutType } from '../lib/mail-text.js';
import type { ParsedInbound } from './parse.js';

const AUTO_SUBJECT =
  /^\s*(auto(matic)?[\s-]*(reply|response)|out of (the )?office|resposta autom[aá]tica|aus[eê]ncia|ausente|fora do escrit[oó]rio|respuesta autom[aá]tica|fuera de la oficina|abwesenheit)/i;

function header(parsed: ParsedInbound, name: string): string {
  const value = parsed.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
}

/** An amount of money in a body ("USD 2.640,00", "R$ 1.450"): what a quote has and an out-of-office has not. */
const MONEY = /(?:\bUSD|US\$|R\$|\bBRL|\bEUR|€)\s?\d/i;

/** What the platform sets aside instead of counting: an automatic reply, or a receipt without a quote. */
export type SetAsideKind = 'automatica' | 'confirmacao' | 'semAnexo';

/**
 * An automatic reply: an out-of-office or an acknowledgement (RFC 3834 `Auto-Submitted: auto-replied`,
 * vendor headers, out-of-office subjects). A message a system generated (`Auto-Submitted: auto-generated`,
 * `Precedence: bulk`) is one only when it states no price: forwarders' quoting systems (CargoWise and the
 * like) send their quotes that way, and such a quote is the carrier's answer (the inbox QA's finding).
 * Without any of those headers, a receipt ("Recebemos sua solicitação… retornaremos em breve", a ticket
 * system's "Case 01234567 has been created", "estamos cotando com os armadores") or a courtesy only
 * ("Ok, obrigado.") that states no price, attaches no file and declines nothing is a 'confirmacao': the
 * carrier has not quoted yet. Either can be counted by hand
 * ('Contar como resposta', `InboundPipeline.countAsAnswer`).
 */
export function setAsideKind(parsed: ParsedInbound): SetAsideKind | null {
  const autoSubmitted = header(parsed, 'auto-submitted').toLowerCase().trim();
  if (autoSubmitted.startsWith('auto-replied')) return 'automatica';
  if (header(parsed, 'x-autoreply') || header(parsed, 'x-autorespond')) return 'automatica';
  if (AUTO_SUBJECT.test(parsed.subject)) return 'automatica';
  const body = `${parsed.text.slice(0, 50_000)}\n${(parsed.html ?? '').slice(0, 200_000)}`;
  if (MONEY.test(body)) return null;
  const generated =
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    /^(auto_reply|bulk|junk)$/i.test(header(parsed, 'precedence').trim());
  if (generated) return 'automatica';
  if (isReceiptOnly(parsed)) return 'confirmacao';
  return announcesMissingFile(parsed) ? 'semAnexo' : null;
}

/** "Segue cotação em anexo", "please find attached": the words of a reply whose quote is a file. */
const ANNOUNCES_FILE =
  /\bsegue(?:m)?\b.{0,60}\b(?:anexo|anexa|anexad[oa]s?|arquivo|planilha|pdf|proposta|cota[cç][aã]o)|\bem anexo\b|\banexo (?:segue|a |o )|\banexad[oa]s?\b|\battached\b|\bplease find\b|\badjunt[oa]s?\b/i;

/**
 * A short reply that announces its quote as a file ("Segue cotação conforme solicitado") and brought none:
 * no document and no picture attached (a signature's logo shown inside the body does not count), no amount,
 * no figure named for the quote, no decline (QA pass 18: it counted as the answer, read nothing, and stopped
 * the reminders of a carrier who had not quoted). Counted by hand with 'Contar como resposta'.
 */
function announcesMissingFile(parsed: ParsedInbound): boolean {
  if (parsed.attachmentsSkipped > 0) return false;
  if (parsed.attachments.some((attachment) => isDocument(attachment) || !attachment.inline)) return false;
  const text = ownText(parsed, 1_501);
  if (text.length > 1_500) return false;
  return ANNOUNCES_FILE.test(text) && !ANSWER_SIGNS.slice(1).some((pattern) => pattern.test(text));
}

/**
 * "We received your request" and nothing else. Read in the reply's own text (above the quoted request),
 * line by line: every pattern here runs on text the sender wrote, bounded (issue 29 item 7).
 */
const RECEIPT = [
  /\brecebemos (?:a |o )?(?:sua|seu|vossa|tua) (?:solicita[cç][aã]o|pedido|e-?mail|mensagem|cota[cç][aã]o|consulta|requisi[cç][aã]o)/i,
  /\b(?:sua|seu|vossa) (?:solicita[cç][aã]o|pedido|chamado|e-?mail|mensagem|consulta|requisi[cç][aã]o) (?:foi|est[aá]) (?:recebid|registrad|abert|encaminhad|em an[aá]lise)/i,
  /\b(?:chamado|protocolo|ticket|caso)\b.{0,40}\b(?:aberto|registrado|criado|gerado)\b/i,
  /\bretorn(?:aremos|amos|o|arei)\b.{0,40}\b(?:em breve|assim que|o mais breve|at[eé] o fim)/i,
  /\bwe(?: have|'ve)? received your (?:request|e-?mail|message|inquiry|enquiry|rfq)/i,
  /\byour (?:request|case|ticket|inquiry|enquiry|e-?mail|message|rfq)\b.{0,40}\b(?:has been|was|is being) (?:received|created|logged|opened|registered|forwarded|reviewed)/i,
  /\b(?:will|shall) (?:revert|get back to you|come back to you|reply|respond)\b/i,
  /\bhemos recibido (?:su|tu) (?:solicitud|mensaje|correo|consulta|cotizaci[oó]n)/i,
  /\b(?:su|tu) (?:solicitud|caso|ticket|consulta)\b.{0,40}\b(?:ha sido|fue) (?:recibid|registrad|cread|abiert)/i,
  // "Estamos cotando com os armadores", "em breve retornamos", "we are checking with the carriers".
  /\b(?:estamos|vamos|iremos|estaremos) (?:cotando|verificando|checando|consultando|analisando|levantando)\b/i,
  /\bem breve (?:retorn|envi|respond|mand|encaminh)/i,
  /\b(?:we are|we're|currently) (?:checking|quoting|working on|reviewing)\b/i,
  /\b(?:estamos|vamos a estar) (?:cotizando|verificando|revisando|consultando)\b|\ben breve (?:le |te )?(?:respond|envi|contact)/i,
];

/** A greeting line ("Bom dia,", "Prezada Ana,", "Hi team,"): not what a reply says. */
const GREETING =
  /^(?:ol[aá]|oi|bom dia|boa tarde|boa noite|prezad[oa]s?|car[oa]s?|hi|hello|dear|hola|estimad[oa]s?|buen(?:os|as) (?:d[ií]as|tardes|noches))\b[^\n]{0,60}$/i;

/** Courtesy words and nothing else: "Ok, obrigado.", "Bem recebido!", "Noted with thanks", "Gracias". */
const COURTESY_WORD =
  '(?:ok(?:ay)?|certo|ciente|recebid[oa]s?|bem recebid[oa]s?|obrigad[oa]s?|muito obrigad[oa]s?|grat[oa]s?|agrade[cç]o|agradecemos|de acordo|perfeito|entendido|anotado|combinado|noted|well received|received|thanks|thank you|many thanks|thanks a lot|with thanks|perfect|gracias|muchas gracias|recibido|entendido|pelo retorno|pelo contato|pela oportunidade|pela solicita[cç][aã]o|for the opportunity|for your request|por la oportunidad|por su solicitud)';
const COURTESY_ONLY = new RegExp(`^${COURTESY_WORD}(?:[\\s,;!.:-]+${COURTESY_WORD})*[\\s!.:]*$`, 'i');

/**
 * A reply whose first words after the greeting are courtesy only ("Ok, obrigado.", "Bem recebido!") and
 * that says nothing else before its signature a quote would need: a short message, no figure named for
 * the quote, no decline, no file (the lifecycle QA pass: "ok, obrigado" counted as the answer and stopped
 * the reminders of a carrier who had not quoted).
 */
function isCourtesyOnly(text: string): boolean {
  if (text.length > 600) return false;
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines.find((line) => !GREETING.test(line));
  return first !== undefined && COURTESY_ONLY.test(first);
}

/**
 * The words of a carrier declining the quote (pt-BR, English, Spanish): "não atendemos a rota", "vamos
 * declinar", "não temos interesse", "sem espaço", "unable to quote", "we regret", "no podemos cotizar", "no
 * tenemos espacio". Only what says the carrier will not quote: "não temos o peso" is a question back.
 */
const DECLINE =
  /\bn[aã]o (?:atendemos|trabalhamos|operamos|cotamos|vamos cotar|iremos cotar|temos (?:interesse|espa[cç]o|disponibilidade|equipamento|como (?:cotar|atender))|conseguimos (?:cotar|atender|ofertar|oferecer))\b|\bsem (?:disponibilidade|espa[cç]o|equipamento)\b|\bdeclin|\bunable to (?:quote|offer|assist)|\bcan(?:not|'t|’t) (?:quote|offer)|\bno space\b|\bwe regret\b|\bregret to (?:inform|advise)\b|\bno (?:podemos (?:cotizar|ofertar|atender)|tenemos (?:espacio|disponibilidad|equipo)|trabajamos|operamos|atendemos)\b/i;

/**
 * The inbound message's flag (`inbound_messages.flags`) set when its own words decline the quote: the
 * extraction job reads it to mark the version declined when nothing priced was read.
 */
export const DECLINE_WORDS_FLAG = 'declinaNoTexto';

/**
 * Whether a reply's own words (`ownText`, above the quoted request) decline the quote. With no freight and
 * no fee read from the reply, its version is a declined answer (`final.declinou`, extract-response.ts).
 */
export function declinesQuote(text: string): boolean {
  return DECLINE.test(text.slice(0, 20_000));
}

/** What makes a short reply an answer after all: a document, a decline, a figure named for the quote. */
const ANSWER_SIGNS = [
  /\bsegue(?:m)?\b|\bem anexo\b|\banexad[oa]s?\b|\battached\b|\bplease find\b|\badjunt[oa]s?\b|\bsee below\b|\babaixo\b/i,
  // A decline, or a broader "não temos / no podemos" (a question back is an answer too, not a decline).
  new RegExp(`${DECLINE.source}|\\bn[aã]o (?:temos|conseguimos)\\b|\\bno (?:podemos|tenemos)\\b`, 'i'),
  /\b(?:transit|free ?time|frete|freight|flete|thc|validade|validity)\b[^\n]{0,30}\d/i,
];

/** Where the quoted request starts in a reply's text (a '>' line or a mail client's attribution line). */
const QUOTED_START =
  /^(?:>|-{2,}\s*(?:original message|mensagem original|mensaje original)|(?:em|on|el)\s.{0,200}(?:escreveu|wrote|escribi[oó]):\s*$|(?:de|from):\s)/i;

/** A file that may hold a quote (a signature's logo does not). */
const isDocument = (attachment: ParsedInbound['attachments'][number]) =>
  !/^image\//i.test(attachment.contentType);

function isReceiptOnly(parsed: ParsedInbound): boolean {
  // A document or a picture attached (not a logo shown inside the body) may be the quote.
  if (parsed.attachments.some((a) => isDocument(a) || !a.inline) || parsed.attachmentsSkipped > 0)
    return false;
  const text = ownText(parsed, 1_501);
  // A receipt is a few lines; a long message says more than that.
  if (text.length > 1_500) return false;
  if (ANSWER_SIGNS.some((pattern) => pattern.test(text))) return false;
  return isCourtesyOnly(text) || RECEIPT.some((pattern) => pattern.test(text));
}

/**
 * The reply's own words: its text (or, without one, its HTML as a mail client shows it) above the quoted
 * message, at most `limit` characters.
 */
export function ownText(parsed: ParsedInbound, limit = 20_000): string {
  const body = parsed.text.trim() ? parsed.text : htmlToPlainText((parsed.html ?? '').slice(0, 50_000));
  const own: string[] = [];
  let length = 0;
  for (const line of body.slice(0, 20_000).split('\n')) {
    if (QUOTED_START.test(line.trim())) break;
    own.push(line);
    length += line.length + 1;
    if (length >= limit) break;
  }
  return own.join('\n').slice(0, limit);
}

const QUOTE_CODES = /\bCOT-\d{4}-\d{3,}\b/gi;

/** The quote codes ('COT-2026-0012') the texts name, upper-cased, each once, in order. */
export function quoteCodesIn(...texts: (string | null | undefined)[]): string[] {
  const codes = texts.flatMap((text) =>
    [...(text ?? '').matchAll(QUOTE_CODES)].map((m) => m[0].toUpperCase()),
  );
  return [...new Set(codes)];
}

/**
 * The quote codes a reply names in its own words and its subject (at most five), and whether its own words
 * name `code`: a reply in one quote's thread that names only another quote was meant for that one.
 */
export function citedQuoteCodes(parsed: ParsedInbound, code: string): { cited: string[]; namesOwn: boolean } {
  const own = ownText(parsed, 5_000);
  const inOwn = new Set(quoteCodesIn(own));
  const inSubject = quoteCodesIn(parsed.subject.slice(0, 500));
  const cited = [...new Set([...inOwn, ...inSubject])].slice(0, 5);
  return { cited, namesOwn: inOwn.has(code.toUpperCase()) };
}

export type Bounce = {
  /** Message-IDs of the original message named in the report. */
  originalMessageIds: string[];
  /** Addresses that failed (Final-Recipient / Original-Recipient). */
  recipients: string[];
  /** pt-BR reason shown on the detail screen. */
  reason: string;
};

const DSN_SENDER = /^(mailer-daemon|postmaster|mail-daemon)@/i;

/**
 * A delivery status notification (RFC 3464 multipart/report, or a mailer-daemon message): which original
 * message and which recipients failed, and why. Null for anything else.
 */
export function readBounce(parsed: ParsedInbound, raw: Buffer): Bounce | null {
  const contentType = header(parsed, 'content-type').toLowerCase();
  const report = /multipart\/report/.test(contentType) && /delivery-status/.test(contentType);
  const statusPart = parsed.attachments.find((a) => /delivery-status/i.test(a.contentType));
  const fromDaemon = DSN_SENDER.test(parsed.from.address ?? '');
  if (!report && !statusPart && !fromDaemon) return null;

  const body = raw.subarray(0, Math.min(raw.length, 512 * 1024)).toString('utf8');
  const statusText = statusPart ? statusPart.content.toString('utf8') : body;
  // Field by field, line by line: every pattern here runs on text the sender wrote (issue 29 item 7).
  const recipients = [
    ...fieldValues(statusText, 'Final-Recipient'),
    ...fieldValues(statusText, 'Original-Recipient'),
  ].flatMap((value) => addressesIn([withoutType(value, 'rfc822')]).slice(0, 1));
  const status = fieldValues(statusText, 'Status').map(leadingStatus).find(Boolean);
  const diagnostic = fieldValues(statusText, 'Diagnostic-Code')
    .map((value) => withoutType(value, 'smtp'))
    .find(Boolean);
  // The original's headers come back in a message/rfc822 or text/rfc822-headers part; the first
  // Message-ID in the raw report is the report's own, so read the ones after it.
  const ids = fieldValues(body, 'Message-ID')
    .map(leadingMessageId)
    .filter((id): id is string => id !== null);
  const originalMessageIds = ids.filter((id) => id !== parsed.messageId);
  if (!report && !statusPart && recipients.length === 0 && originalMessageIds.length === 0) return null;

  const parts = [status ? `status ${status}` : null, diagnostic ? diagnostic.slice(0, 300) : null].filter(
    Boolean,
  );
  return {
    originalMessageIds,
    recipients: [...new Set(recipients)],
    reason:
      parts.length > 0 ? `Entrega falhou (${parts.join(': ')})` : 'Entrega falhou (devolução do servidor)',
  };
}
