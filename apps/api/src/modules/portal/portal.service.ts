import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  formatMessage,
  isFinalStatus,
  isWaitingStatus,
  type PortalAnswer,
  type PortalLinkBody,
  type PortalState,
  type PortalView,
  portalAnswerSchema,
  portalAnswerSchemas,
  successMessages,
  validityIssue,
} from '@cotacoes/shared';
import {
  pricedApartPorts,
  quoteAskedFrom,
  samePlace,
  suggestedFreightUnits,
  todayInSaoPaulo,
} from '@cotacoes/shared/comparison/index';
import { quoteDocumentMessages } from '@cotacoes/shared/messages/quote-document';
import {
  formatPortalDateTime,
  type PortalLanguage,
  portalLanguageOf,
  portalTexts,
} from '@cotacoes/shared/messages/ui-portal';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { checkedTenant, type Tenant } from '../../db/tenant.js';
import { portalResult } from '../../follow-up/portal-answer.js';
import {
  bindPortalToken,
  findPortalToken,
  hashPortalToken,
  isPortalEnabled,
  issuePortalToken,
  newPortalBinding,
  PORTAL_LINK_MINUTES,
  type PortalTokenRow,
  portalTokenProblem,
  portalUrl,
  touchPortalToken,
} from '../../follow-up/portal-tokens.js';
import { composeMessage } from '../../inbound/compose.js';
import type { InboundPipeline } from '../../inbound/pipeline.js';
import { type AuditContext, writeAudit } from '../../lib/audit.js';
import { AppError, type FieldError, validationError } from '../../lib/errors.js';
import { assertFileOpens, CONTENT_TYPES, type FileKind, safeFilename, sniff } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { type Limits, SharedLimiter } from '../../lib/shared-limits.js';
import type { Mailer } from '../../mail/mailer.js';
import { mailTemplates } from '../../mail/templates.js';
import * as repo from './portal.repository.js';

/** How long a second identical answer waits for the first one's processing: 40 × 250 ms. */
const DUPLICATE_WAIT_STEPS = 40;
const DUPLICATE_WAIT_MS = 250;

/** Link requests per e-mail address per hour (besides the per-IP limit of the route). */
export const PORTAL_LINK_REQUESTS_PER_HOUR = 5;
/** Every link request takes at least this long, matched or not, so its timing tells nothing (no enumeration). */
const LINK_ANSWER_FLOOR_MS = 300;
/** Files a carrier may attach to its answer: documents, sheets and pictures (S8: checked by their bytes). */
const ANSWER_FILE_KINDS: readonly FileKind[] = ['pdf', 'xlsx', 'xls', 'docx', 'doc', 'jpg', 'png'];

/** A request to a portal token: the browser's binding cookie and who asks (for the audit). */
export type PortalCaller = { binding: string | undefined; meta: AuditContext };
/** What a portal call answers, and the binding cookie to set when this call bound a link token. */
export type Authorized<T> = { value: T; binding?: string };

type Opened = { row: PortalTokenRow; tenant: Tenant; context: repo.PortalRecipient; binding?: string };

/**
 * The carrier portal (issue 35, ADR 0026 'Carrier portal'): a carrier without an account reaches one
 * quote, as one of its recipients, through a portal token — a 30-minute `link` mailed on request, or the
 * `invite` in its request e-mail — sees the request it received and answers it with a form. The answer
 * goes through the one inbound pipeline (source 'portal'), like an e-mail reply.
 */
export class PortalService {
  private readonly requestsPerEmail: SharedLimiter;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly pipeline: InboundPipeline,
    limits: Limits,
    /** The request's PDF as the e-mail carried it (injected: the quotes module renders it). */
    private readonly requestPdf: (
      tenant: Tenant,
      cotacaoId: string,
    ) => Promise<{ filename: string; body: Buffer }>,
  ) {
    this.requestsPerEmail = new SharedLimiter(
      limits.counters,
      'portal-link',
      PORTAL_LINK_REQUESTS_PER_HOUR,
      60 * 60_000,
    );
  }

  /**
   * 'Consultar cotação': mails a link to `email` for each live quote `codigo` it is a recipient's address
   * of, in a company that offers the portal. The same answer, in about the same time, whether or not
   * anything matched. A quote that no longer takes proposals (cancelled, closed, approved) gets no link
   * (QA pass 28: the link e-mail invited a proposal for a cancelled quote); the answer stays the same 202,
   * so that it tells nobody which codes and addresses belong to an ended quote.
   */
  async requestLink(body: PortalLinkBody, meta: AuditContext): Promise<{ message: string }> {
    const started = Date.now();
    await this.requestsPerEmail.consume(body.email);
    const matches = await repo.recipientsByCodeAndEmail(this.db, body.codigo, body.email);
    for (const match of matches) {
      await this.db.transaction(async (tx) => {
        if (!(await isPortalEnabled(tx, match.empresaId))) return;
        if (isFinalStatus(match.status)) return;
        // The carrier's choice on the entry page, else the quote's language (ADR 0026 addendum 2026-12-08).
        const language = body.idioma ?? portalLanguageOf(match.idiomaEmail);
        const tenant = checkedTenant(match.empresaId);
        const token = await issuePortalToken(
          tx,
          tenant,
          { cotacaoId: match.cotacaoId, destinatarioId: match.destinatarioId },
          'link',
          { email: body.email },
        );
        await this.mailer.enqueue(tx, {
          kind: 'portal.link',
          to: [body.email],
          ...mailTemplates.portalLink({
            codigo: match.codigo,
            empresa: match.empresa,
            url: withLanguage(portalUrl(this.config.APP_URL, token), language, Boolean(body.idioma)),
            minutes: PORTAL_LINK_MINUTES,
            language,
          }),
          empresaId: tenant.empresaId,
        });
        await writeAudit(tx, { ...meta, empresaId: tenant.empresaId }, 'portal.link', {
          entity: 'cotacao_destinatario',
          entityId: match.destinatarioId,
          details: { cotacaoId: match.cotacaoId },
        });
      });
    }
    const wait = LINK_ANSWER_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await sleep(wait);
    return { message: successMessages.portalLinkSent };
  }

  /** GET /portal/{token}: the request as this carrier received it, its state and its own answer. */
  async view(token: string, caller: PortalCaller): Promise<Authorized<PortalView>> {
    const opened = await this.open(token, caller);
    return { value: await this.viewOf(opened), binding: opened.binding };
  }

  /** GET /portal/{token}/anexos/{id}: one file of the token's own quote. */
  async attachment(
    token: string,
    id: string,
    caller: PortalCaller,
  ): Promise<Authorized<{ filename: string; contentType: string; body: Buffer }>> {
    const opened = await this.open(token, caller);
    const file = await repo.attachmentOf(this.db, opened.tenant, opened.context.quote.id, id);
    if (!file) throw new AppError('ATTACHMENT_NOT_FOUND');
    const kind = sniff(file.conteudo);
    return {
      value: {
        filename: safeFilename(file.nome, kind),
        contentType: kind === 'unknown' ? 'application/octet-stream' : CONTENT_TYPES[kind],
        body: file.conteudo,
      },
      binding: opened.binding,
    };
  }

  /** GET /portal/{token}/pedido.pdf: the request as the PDF its e-mail carried ("segue também em PDF"). */
  async requestDocument(
    token: string,
    caller: PortalCaller,
  ): Promise<Authorized<{ filename: string; body: Buffer }>> {
    const opened = await this.open(token, caller);
    return { value: await this.requestPdf(opened.tenant, opened.context.quote.id), binding: opened.binding };
  }

  /**
   * POST /portal/{token}/resposta: the form (validated first: a bad value changes nothing), then a new
   * version of this carrier's response through the pipeline, while the quote is open to it.
   */
  async answer(
    token: string,
    form: { dados: string | undefined; anexos: UploadedFile[] },
    caller: PortalCaller,
    /** The page's language when the carrier chose one (`?lang=`): its refusals are said in it. */
    chosen?: PortalLanguage,
  ): Promise<Authorized<{ data: PortalView; message: string }>> {
    const opened = await this.open(token, caller);
    const { context, tenant, row } = opened;
    const language = chosen ?? portalLanguageOf(context.quote.idiomaEmail);
    const refusals = portalTexts[language].refusals;
    const prazo = formatPortalDateTime(context.quote.prazoResposta, language) ?? '';
    const answer = parseAnswer(form.dados, language);
    const state = stateOf(context.quote, new Date());
    if (state === 'cancelada')
      throw new AppError('PORTAL_CLOSED_CANCELLED').withMessage(refusals.closedCancelled);
    if (state === 'decidida') throw new AppError('PORTAL_CLOSED_DECIDED').withMessage(refusals.closedDecided);
    if (state === 'prazo_encerrado')
      throw new AppError('PORTAL_CLOSED_DEADLINE', { prazo }).withMessage(
        formatMessage(refusals.closedDeadline, { prazo }),
      );
    checkDestinations(answer, pricedApartPorts(context.quote.destino), language);
    const files = await checkedFiles(form.anexos, language);
    const typed = portalResult(answer, context.recipient.nome);
    const from = row.email ?? context.recipient.emails[0]!;
    const host = new URL(this.config.APP_URL).hostname || 'cotacoes.local';
    const text = typed.blocks[0]!.lines.join('\n');
    // One answer, however many times it is sent: the same form (and files) on top of the same version is
    // one message (QA pass 40a: two POSTs in the same instant made an identical version 2). A different
    // answer, or the same one again after another version, is a new message.
    const current = await repo.currentAnswerOf(this.db, tenant, context.recipient.id);
    const identity = createHash('sha256')
      .update(
        JSON.stringify([
          context.recipient.id,
          current?.versao ?? 0,
          // The whole form as parsed (every field, the notes): not only the lines it is written as.
          answer,
          files.map((file) => [file.filename, createHash('sha256').update(file.content).digest('hex')]),
        ]),
      )
      .digest('hex')
      .slice(0, 40);
    const raw = await composeMessage({
      from,
      to: [this.config.MAIL_REPLY_ADDRESS],
      subject: `RE: ${context.quote.tituloEmail}`,
      text,
      messageId: `<portal-${identity}@${host}>`,
      inReplyTo: context.recipient.messageId ?? context.quote.messageId,
      attachments: files,
    });
    let result = await this.pipeline.ingest(raw, {
      source: 'portal',
      portal: {
        empresaId: tenant.empresaId,
        cotacaoId: context.quote.id,
        transportadorId: context.recipient.transportadorId,
        tokenId: row.id,
      },
      typedResult: typed,
      ...(answer.observacoes ? { observacoes: answer.observacoes } : {}),
    });
    // The same answer sent twice at once: the second waits for the first's processing (or takes it over
    // when it failed), and answers as the first does.
    for (
      let wait = 0;
      result.duplicate && result.status !== 'processada' && wait < DUPLICATE_WAIT_STEPS;
      wait++
    ) {
      if (result.status === 'pendente') await sleep(DUPLICATE_WAIT_MS);
      result = await this.pipeline.process(result.inboundId);
      if (result.status === 'falhou') break;
    }
    if (result.status === 'falhou')
      throw new AppError('INBOUND_PROCESSING_FAILED', { erro: result.erro ?? '' });
    const fresh = await this.reload(opened);
    // Decided between the check above and the pipeline's own (it keeps the message as 'tardia').
    if (result.outcome !== 'resposta')
      throw stateOf(fresh.context.quote, new Date()) === 'cancelada'
        ? new AppError('PORTAL_CLOSED_CANCELLED').withMessage(refusals.closedCancelled)
        : new AppError('PORTAL_CLOSED_DECIDED').withMessage(refusals.closedDecided);
    return {
      value: {
        data: await this.viewOf(fresh),
        message: formatMessage(portalTexts[language].answer.success, { prazo }),
      },
      binding: opened.binding,
    };
  }

  /**
   * The token's checks (ADR 0026): unknown, revoked, expired or reused answer 404/410 and change
   * nothing; a `link` token is bound on its first use to the caller's browser (its `portal_bind` cookie,
   * a new one when it has none). The token reaches only its own quote and recipient, in a company that
   * still offers the portal and a quote not deleted.
   */
  private async open(token: string, caller: PortalCaller): Promise<Opened> {
    const now = new Date();
    const row = await findPortalToken(this.db, token);
    const problem = portalTokenProblem(row, caller.binding, now);
    if (problem) throw new AppError(problem);
    const tenant = checkedTenant(row!.empresaId);
    if (!(await isPortalEnabled(this.db, tenant.empresaId))) throw new AppError('PORTAL_LINK_INVALID');
    const context = await repo.recipientOfToken(this.db, tenant, row!);
    if (!context || context.quote.deletedAt) throw new AppError('PORTAL_LINK_INVALID');
    let binding: string | undefined;
    if (row!.kind === 'link' && !row!.bindingHash) {
      // The browser's existing cookie is kept, so one browser may hold links to several quotes.
      const cookie = caller.binding ?? newPortalBinding().cookie;
      if (!(await bindPortalToken(this.db, row!.id, hashPortalToken(cookie), now)))
        throw new AppError('PORTAL_LINK_REUSED');
      binding = cookie;
    } else await touchPortalToken(this.db, row!.id, now);
    return { row: row!, tenant, context, binding };
  }

  private async reload(opened: Opened): Promise<Opened> {
    const context = await repo.recipientOfToken(this.db, opened.tenant, opened.row);
    return context ? { ...opened, context } : opened;
  }

  private async viewOf({ row, tenant, context }: Opened): Promise<PortalView> {
    const { quote, recipient } = context;
    const request = await repo.requestMessageOf(this.db, tenant, quote.id, recipient.transportadorId);
    const anexos = await repo.attachmentsOf(this.db, tenant, quote.id);
    const [own, current] = await Promise.all([
      repo.portalAnswerOf(this.db, tenant, recipient.id),
      repo.currentAnswerOf(this.db, tenant, recipient.id),
    ]);
    const parsed = own ? portalAnswerSchema.safeParse(own.form) : null;
    return {
      idioma: portalLanguageOf(quote.idiomaEmail),
      empresa: context.empresa,
      codigo: quote.codigo,
      transportador: recipient.nome,
      email: row.email ?? recipient.emails[0] ?? null,
      tipoFrete: quote.tipoFrete,
      prazoResposta: quote.prazoResposta.toISOString(),
      estado: stateOf(quote, new Date()),
      pedido: {
        assunto: request?.subject ?? quote.tituloEmail,
        texto: withoutPortalOffer(request?.bodyText ?? '', this.config.APP_URL),
        enviadoEm: request ? new Date(request.createdAt).toISOString() : null,
      },
      anexos,
      unidadesSugeridas: suggestedFreightUnits(quoteAskedFrom(quote)),
      destinos: pricedApartPorts(quote.destino),
      resposta: parsed?.success ? parsed.data : null,
      versao: own?.versao ?? null,
      respondidaEm: own ? new Date(own.createdAt).toISOString() : null,
      // A later answer by e-mail (or typed by the analyst) is the one that counts: the page says so.
      respostaMaisNova:
        current && !current.portal && current.versao > (own?.versao ?? 0)
          ? { versao: current.versao, recebidaEm: new Date(current.createdAt).toISOString() }
          : null,
    };
  }
}

/**
 * Whether the quote takes this carrier's answer: open while it waits (the same statuses in which an
 * e-mail reply counts) and before its deadline; a revision asked (AGUARDANDO_REVISAO) is open past it.
 */
function stateOf(
  quote: { status: string; prazoResposta: Date; deletedAt: Date | null },
  now: Date,
): PortalState {
  if (!quote.deletedAt && quote.status === 'CANCELADA') return 'cancelada';
  if (quote.deletedAt || !isWaitingStatus(quote.status)) return 'decidida';
  if (quote.status !== 'AGUARDANDO_REVISAO' && quote.prazoResposta.getTime() <= now.getTime())
    return 'prazo_encerrado';
  return 'aberta';
}

/**
 * Each price's and each charge's port is one of the quote's (by the same name, however written), or none
 * (a charge: every port); a bad one answers the field message, in the quote's language, and changes nothing.
 */
function checkDestinations(
  answer: PortalAnswer,
  destinos: readonly string[],
  language: PortalLanguage,
): void {
  const check = (group: 'fretes' | 'taxas') => (row: { destino: string | null }, index: number) => {
    if (row.destino === null) return [];
    const known = destinos.find((name) => samePlace(name, row.destino!));
    if (known) {
      row.destino = known;
      return [];
    }
    return [{ path: `${group}.${index}.destino`, message: portalTexts[language].fields.destinationInvalid }];
  };
  const issues = [...answer.fretes.flatMap(check('fretes')), ...answer.taxas.flatMap(check('taxas'))];
  if (issues.length > 0) throw answerValidationError(issues, language);
}

/** 400 with the field messages; with several, the generic message in the quote's language. */
function answerValidationError(issues: FieldError[], language: PortalLanguage): AppError {
  const error = validationError(issues);
  return issues.length > 1 ? error.withMessage(portalTexts[language].refusals.validationFailed) : error;
}

/** The form's JSON (`dados`), with the field messages of the quote's language on every bad value. */
function parseAnswer(dados: string | undefined, language: PortalLanguage): PortalAnswer {
  if (!dados)
    throw new AppError('PORTAL_ANSWER_REQUIRED').withMessage(portalTexts[language].refusals.answerRequired);
  let json: unknown;
  try {
    json = JSON.parse(dados);
  } catch {
    throw new AppError('MULTIPART_INVALID').withMessage(portalTexts[language].refusals.malformed);
  }
  const parsed = portalAnswerSchemas[language].safeParse(json);
  // A validity already past is said with the other fields' messages, not on a second round (QA pass 20).
  const validade = (json as { validade?: unknown } | null)?.validade;
  const past = validityIssue(
    { validade: typeof validade === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(validade) ? validade : null },
    todayInSaoPaulo(),
    portalTexts[language].fields,
  );
  if (!parsed.success || past)
    throw answerValidationError(
      [
        ...(parsed.success
          ? []
          : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))),
        ...(past ? [past] : []),
      ],
      language,
    );
  return parsed.data;
}

/** The answer's files, by their bytes (S8): documents, sheets and pictures that open, with safe names. */
async function checkedFiles(files: UploadedFile[], language: PortalLanguage) {
  const checked: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const file of files) {
    const kind = sniff(file.buffer);
    if (!ANSWER_FILE_KINDS.includes(kind)) {
      const nome = safeFilename(file.filename, 'unknown');
      throw new AppError('PORTAL_FILE_TYPE', { nome }).withMessage(
        formatMessage(portalTexts[language].refusals.fileType, { nome }),
      );
    }
    await assertFileOpens(kind, file);
    checked.push({
      filename: safeFilename(file.filename, kind),
      content: file.buffer,
      contentType: CONTENT_TYPES[kind as Exclude<FileKind, 'unknown'>],
    });
  }
  return checked;
}

/** A link to the portal page that opens in `language` even when the token is refused (the web reads `lang`). */
function withLanguage(url: string, language: PortalLanguage, chosen = false): string {
  // A language the carrier chose is named either way: it outranks the quote's on the page.
  return chosen || language === 'en' ? `${url}?lang=${language}` : url;
}

/** The e-mail's "answer with Reply" hint and its blank offer's heading, in both languages. */
const REPLY_HINTS = new Set<string>(Object.values(quoteDocumentMessages).map((t) => t.replyHint));
const OFFER_HEADINGS = new Set<string>(
  Object.values(quoteDocumentMessages).map((t) => t.sectionOffer.toUpperCase()),
);
/** A blank line of the offer to fill in ("Frete 40HC: ", "Transit time: "). */
const BLANK_FIELD = /^[^:]{1,80}:\s*$/;

/**
 * The request as the carrier received it, less what only the e-mail needs: the lines that offered this very
 * portal (each holding an address under APP_URL/portal), the hint to answer with "Responder" and the blank
 * offer to fill in below it (QA pass 42c: the portal page showed them above its own form).
 */
export function withoutPortalOffer(text: string, appUrl: string): string {
  const portal = new URL('/portal', appUrl).toString();
  const kept: string[] = [];
  let inOffer = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (inOffer) {
      if (BLANK_FIELD.test(trimmed)) continue;
      inOffer = false;
    }
    if (OFFER_HEADINGS.has(trimmed)) {
      inOffer = true;
      continue;
    }
    if (line.includes(portal) || REPLY_HINTS.has(trimmed)) continue;
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\s+$/, '');
}
