import { randomUUID } from 'node:crypto';
import {
  type CreateQuoteBody,
  DEFAULT_PRAZO_DIAS,
  deadlineError,
  firstAmountError,
  formatMessage,
  hasRecipients,
  type ListQuotesQuery,
  QUOTE_UPLOAD_TTL_HOURS,
  type QuoteDetail,
  type QuoteSummary,
  type QuoteUpload,
  quoteDocumentMessages,
  quoteStatusInfo,
  routeFieldErrors,
  successMessages,
  type UpdatedQuote,
  type UpdateQuoteBody,
} from '@cotacoes/shared';
import { fileContainersOf } from '@cotacoes/shared/comparison/index';
import type { AppConfig } from '../../config/env.js';
import { sendInConversation } from '../../conversation/outgoing.js';
import type { Database } from '../../db/client.js';
import { QUOTE_CANCELLED_ACTION, QUOTE_CLOSED_ACTION } from '../../db/schema/index.js';
import type { Tenant } from '../../db/tenant.js';
import {
  isPortalEnabled,
  newPortalToken,
  portalUrl,
  recordPortalToken,
} from '../../follow-up/portal-tokens.js';
import { noticeQuoteEnded } from '../../follow-up/quote-ended-notice.js';
import { noticeNewDeadline, signatureOf } from '../../follow-up/reminders.js';
import { type JobQueue, QUEUES } from '../../jobs/queue.js';
import { markLaneRefresh } from '../../lanes/lanes.repository.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  assertFileOpens,
  CONTENT_TYPES,
  type FileKind,
  safeFilename,
  sniff,
  UPLOAD_KINDS,
} from '../../lib/file-type.js';
import { escapeHtml } from '../../lib/html.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { StampedCache } from '../../lib/stamped-cache.js';
import { buildMessageId, type Mailer } from '../../mail/mailer.js';
import { newReplyToken, replyAddress } from '../../mail/reply-address.js';
import { applyQuoteEvent, newQuoteLifecycle } from '../../quote-lifecycle/quote-lifecycle.js';
import { approvalOfQuote } from '../../read-models/approvals.js';
import { cancellationOfQuote, closingOfQuote } from '../../read-models/cancellations.js';
import { findEmpresaById } from '../../read-models/empresas.js';
import { sendStateOf } from '../../read-models/send-state.js';
import { findUserById } from '../../read-models/users.js';
import {
  buildQuoteDocument,
  quoteSubject,
  renderQuoteMail,
  renderQuotePdf,
  withPortalOffer,
} from './quote-document.js';
import * as repo from './quotes.repository.js';

export type QuoteFiles = { file?: UploadedFile; dangerousCargoFile?: UploadedFile };

/** A page of the quote list, as answered. */
type QuoteListPage = {
  data: QuoteSummary[];
  total: number;
  totalPages: number;
  page: number;
  totalLimitado?: true;
};

function toSummary(row: repo.QuoteSummaryRow): QuoteSummary {
  return {
    id: row.id,
    codigo: row.codigo,
    nomeSolicitante: row.nomeSolicitante,
    referenciaProcesso: row.referenciaProcesso,
    fti: row.fti,
    tipoFrete: row.tipoFrete,
    status: row.status,
    prazoResposta: row.prazoResposta.toISOString(),
    dataCriacao: row.createdAt.toISOString(),
    contadorRespostas: { respondidas: row.respostasRecebidas, total: row.totalDestinatarios },
  };
}

/**
 * Quotation requests (spec 001 "Create quote", "Sent quotes list"). Creating a quote, its recipients and
 * its e-mails is one transaction (R1): the outbox delivers them afterwards, with fixed Message-IDs.
 */
export class QuotesService {
  /** List pages by company and query, while the company's quote stamp is unchanged. */
  private readonly keptPages = new StampedCache<QuoteListPage>(256);

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    /** Queues the reading of a PDF/Excel request file (quote-file.ts); absent in unit setups. */
    private readonly jobs?: JobQueue,
  ) {}

  /** What a notice to carriers needs (the reminders' sending). */
  private get mailDeps() {
    return { mailer: this.mailer, config: this.config };
  }

  async create(actor: Actor, body: CreateQuoteBody, files: QuoteFiles): Promise<QuoteDetail> {
    const { tenant } = actor;
    const now = new Date();
    const prazo = body.prazoResposta
      ? new Date(body.prazoResposta)
      : new Date(now.getTime() + DEFAULT_PRAZO_DIAS * 24 * 3600 * 1000);
    const deadline = deadlineError(prazo, now);
    if (deadline) throw new AppError(deadline);
    const route = routeFieldErrors(body);
    const missing = route.origem ?? route.destino;
    if (missing) throw new AppError(missing);
    const notPositive = firstAmountError(body);
    if (notPositive) throw new AppError(notPositive);
    const uploads = await this.uploadsOf(actor, body);
    const attachments = await this.checkFiles(body, {
      file: files.file ?? uploads.file,
      dangerousCargoFile: files.dangerousCargoFile ?? uploads.dangerousCargoFile,
    });

    const recipients = await this.resolveRecipients(tenant, body);
    const id = await this.db.transaction(async (tx) => {
      const empresa = await findEmpresaById(tx, tenant.empresaId);
      const user = await findUserById(tx, actor.userId);
      const ano = Number(
        new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now),
      );
      const numero = await repo.nextQuoteNumber(tx, tenant, ano);
      const codigo = `COT-${ano}-${String(numero).padStart(4, '0')}`;
      const titulo = body.tituloEmail ?? body.referenciaProcesso;
      const quote = await repo.insertQuote(tx, tenant, {
        codigo,
        criadoPor: actor.userId,
        nomeSolicitante: body.nomeSolicitante,
        referenciaProcesso: body.referenciaProcesso,
        fti: body.fti,
        tipoFrete: body.tipoFrete,
        prazoResposta: prazo,
        metodoEnvio: body.metodoEnvio,
        modoEnvio: body.modoEnvio,
        idiomaEmail: body.idiomaEmail,
        tituloEmail: quoteSubject(codigo, titulo, body.idiomaEmail),
        descricaoGeral: body.descricaoGeral,
        descricaoAdicional: body.descricaoAdicional,
        cargaPerigosa: body.cargaPerigosa,
        origem: body.origem,
        destino: body.destino,
        incoterm: body.incoterm ?? null,
        tempoTransito: body.tempoTransito,
        preferenciaRota: body.preferenciaRota ?? null,
        evitarRota: body.evitarRota,
        evitarArmador: body.evitarArmador,
        pesoBrutoTotal: body.pesoBrutoTotal,
        valorMercadoria: body.valorMercadoria,
        observacoes: body.observacoes,
        itens: body.itens,
        grupos: recipients.grupos,
        ...newQuoteLifecycle(recipients.carriers.length),
        replyToken: newReplyToken(),
        createdAt: now,
      });
      await repo.insertAttachments(tx, tenant, quote.id, attachments);
      await repo.deleteUploads(tx, tenant, uploads.ids);

      const document = buildQuoteDocument(quote, empresa?.nome ?? '');
      const pdf = await renderQuotePdf(document);
      const mailFiles = [
        ...attachments.map((file) => ({
          filename: file.nome,
          contentType: file.contentType,
          contentBase64: file.conteudo.toString('base64'),
        })),
        { filename: `${codigo}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      ];
      const { text, html } = renderQuoteMail(document, attachments.length > 0);
      const base = {
        kind: 'quote.request',
        subject: quote.tituloEmail,
        text,
        html,
        attachments: mailFiles,
      };
      const rows: Parameters<typeof repo.insertRecipients>[2] = [];
      let firstMessageId: string | undefined;
      // The carrier portal (issue 35): each recipient's own invite, or the entry page in a shared message.
      const portal = await isPortalEnabled(tx, tenant.empresaId);
      const invites: { destinatarioId: string; token: string }[] = [];
      if (body.modoEnvio === 'bcc') {
        const reply = replyAddress(this.config.MAIL_REPLY_ADDRESS, quote.replyToken);
        const messageId = buildMessageId(this.config.APP_URL);
        const bcc = [...new Set(recipients.carriers.flatMap((c) => c.emails))];
        const sent = await sendInConversation(
          tx,
          this.mailer,
          tenant,
          this.config.MAIL_FROM,
          { cotacaoId: quote.id, codigo, transportadorId: null, tipo: 'pedido' },
          {
            ...base,
            ...(portal
              ? withPortalOffer({ text, html }, document.language, {
                  kind: 'entry',
                  url: new URL('/portal', this.config.APP_URL).toString(),
                  codigo,
                })
              : {}),
            to: [reply],
            bcc,
            replyTo: reply,
            messageId,
          },
        );
        firstMessageId = sent.messageId;
        for (const carrier of recipients.carriers)
          rows.push({
            cotacaoId: quote.id,
            transportadorId: carrier.id,
            nome: carrier.nome,
            emails: carrier.emails,
            replyToken: newReplyToken(),
            outboxId: sent.id,
            messageId: sent.messageId,
          });
      } else {
        for (const carrier of recipients.carriers) {
          const token = newReplyToken();
          const reply = replyAddress(this.config.MAIL_REPLY_ADDRESS, token);
          const destinatarioId = randomUUID();
          const invite = portal ? newPortalToken() : null;
          if (invite) invites.push({ destinatarioId, token: invite });
          const sent = await sendInConversation(
            tx,
            this.mailer,
            tenant,
            this.config.MAIL_FROM,
            { cotacaoId: quote.id, codigo, transportadorId: carrier.id, tipo: 'pedido' },
            {
              ...base,
              ...(invite
                ? withPortalOffer({ text, html }, document.language, {
                    kind: 'invite',
                    url: portalUrl(this.config.APP_URL, invite),
                  })
                : {}),
              to: carrier.emails,
              replyTo: reply,
              messageId: buildMessageId(this.config.APP_URL),
            },
          );
          firstMessageId ??= sent.messageId;
          rows.push({
            id: destinatarioId,
            cotacaoId: quote.id,
            transportadorId: carrier.id,
            nome: carrier.nome,
            emails: carrier.emails,
            replyToken: token,
            outboxId: sent.id,
            messageId: sent.messageId,
          });
        }
      }
      await repo.insertRecipients(tx, tenant, rows);
      for (const invite of invites)
        await recordPortalToken(
          tx,
          tenant,
          { cotacaoId: quote.id, destinatarioId: invite.destinatarioId },
          'invite',
          invite.token,
        );
      await repo.updateQuote(tx, tenant, quote.id, { messageId: firstMessageId ?? null });

      if (user?.receiveEmailCopy) {
        const t = quoteDocumentMessages[document.language];
        const names = recipients.carriers.map((c) => c.nome).join(', ');
        await this.mailer.enqueue(tx, {
          kind: 'quote.copy',
          to: [user.email],
          subject: formatMessage(t.copySubject, { subject: quote.tituloEmail }),
          text: `${formatMessage(t.copyIntro, { n: recipients.carriers.length, nomes: names })}\n\n${text}`,
          html: html.replace(
            /(<h1[^>]*>)/,
            `<p style="margin:0 0 16px;color:#475569">${escapeHtml(formatMessage(t.copyIntro, { n: recipients.carriers.length, nomes: names }))}</p>$1`,
          ),
          attachments: mailFiles,
          empresaId: tenant.empresaId,
        });
      }
      // A PDF/Excel request: its file is read once, after this commit, for the containers it asks.
      if (body.metodoEnvio !== 'EMAIL' && this.jobs)
        await this.jobs.sendInTransaction(
          tx,
          QUEUES.quoteFileRead,
          { cotacaoId: quote.id },
          `read-file:${quote.id}`,
        );
      await writeAudit(tx, actor.meta, 'cotacao.create', {
        entity: 'cotacao',
        entityId: quote.id,
        details: {
          codigo,
          destinatarios: recipients.carriers.length,
          modoEnvio: body.modoEnvio,
          metodoEnvio: body.metodoEnvio,
        },
      });
      return quote.id;
    });
    return this.get(actor, id);
  }

  private async checkFiles(body: CreateQuoteBody, files: QuoteFiles): Promise<repo.NewAttachment[]> {
    const attachments: repo.NewAttachment[] = [];
    if (body.metodoEnvio !== 'EMAIL') {
      if (!files.file) throw new AppError('QUOTE_ARQUIVO_REQUIRED');
      const kind = sniff(files.file.buffer);
      const allowed: FileKind[] = body.metodoEnvio === 'PDF' ? ['pdf'] : ['xlsx', 'xls'];
      if (!allowed.includes(kind)) throw new AppError('QUOTE_FILE_TYPE');
      await assertFileOpens(kind, files.file);
      attachments.push({
        tipo: 'arquivo',
        nome: safeFilename(files.file.filename, kind),
        contentType: CONTENT_TYPES[kind as Exclude<FileKind, 'unknown'>],
        conteudo: files.file.buffer,
      });
    }
    if (files.dangerousCargoFile) {
      const kind = sniff(files.dangerousCargoFile.buffer);
      if (!(['pdf', 'doc', 'docx', 'jpg', 'png'] as FileKind[]).includes(kind))
        throw new AppError('QUOTE_DANGEROUS_FILE_TYPE');
      await assertFileOpens(kind, files.dangerousCargoFile);
      attachments.push({
        tipo: 'carga_perigosa',
        nome: safeFilename(files.dangerousCargoFile.filename, kind),
        contentType: CONTENT_TYPES[kind as Exclude<FileKind, 'unknown'>],
        conteudo: files.dangerousCargoFile.buffer,
      });
    }
    return attachments;
  }

  /** Chosen carriers plus the active members of chosen groups, each once; 404 for foreign ids. */
  private async resolveRecipients(tenant: Tenant, body: CreateQuoteBody) {
    const wantedCarriers = [...new Set(body.destinatarios.transportadores)];
    const wantedGroups = [...new Set(body.destinatarios.grupos)];
    if (!hasRecipients(body.destinatarios)) throw new AppError('QUOTE_RECIPIENTS_REQUIRED');
    const carriers = await repo.carriersByIds(this.db, tenant, wantedCarriers);
    if (carriers.length !== wantedCarriers.length) throw new AppError('TRANSPORTADOR_NOT_FOUND');
    // The wizard offers active carriers only; a group leaves its inactive members out. One named directly
    // is refused, not sent to (QA pass 19: the API sent the request to a carrier switched off).
    const inactive = carriers.find((carrier) => !carrier.ativo);
    if (inactive) throw new AppError('QUOTE_CARRIER_INACTIVE', { nome: inactive.nome });
    const groups = await repo.groupsWithMembers(this.db, tenant, wantedGroups);
    if (groups.length !== wantedGroups.length) throw new AppError('GRUPO_NOT_FOUND');
    const empty = groups.find((group) => group.membros.length === 0);
    if (empty) throw new AppError('QUOTE_GROUP_EMPTY', { nome: empty.nome });
    const byId = new Map(carriers.map((carrier) => [carrier.id, carrier]));
    for (const group of groups)
      for (const member of group.membros)
        if (!byId.has(member.id)) byId.set(member.id, { ...member, ativo: true });
    const all = [...byId.values()].filter((carrier) => carrier.emails.length > 0);
    if (all.length === 0) throw new AppError('QUOTE_RECIPIENTS_REQUIRED');
    return { carriers: all, grupos: groups.map(({ id, nome }) => ({ id, nome })) };
  }

  /** Files named by `arquivoId`/`arquivoCargaPerigosaId` (POST /quotes/upload): the user's own, unexpired. */
  private async uploadsOf(actor: Actor, body: CreateQuoteBody) {
    const notBefore = new Date(Date.now() - QUOTE_UPLOAD_TTL_HOURS * 3_600_000);
    const load = async (id: string | null | undefined) => {
      if (!id) return undefined;
      const row = await repo.findUpload(this.db, actor.tenant, actor.userId, id, notBefore);
      if (!row) throw new AppError('QUOTE_UPLOAD_NOT_FOUND');
      return row;
    };
    // The e-mail (manual) format carries no request file: an `arquivoId` there is left unused.
    const file = body.metodoEnvio === 'EMAIL' ? undefined : await load(body.arquivoId);
    const dangerous = await load(body.arquivoCargaPerigosaId);
    const asFile = (row: repo.UploadRow | undefined) =>
      row ? { filename: row.nome, buffer: row.conteudo } : undefined;
    return {
      file: asFile(file),
      dangerousCargoFile: asFile(dangerous),
      ids: [file?.id, dangerous?.id].filter((id): id is string => Boolean(id)),
    };
  }

  /** POST /quotes/upload: keeps a request file (or dangerous-cargo document) for a later POST /quotes. */
  async upload(actor: Actor, file: UploadedFile | undefined): Promise<QuoteUpload> {
    const { tenant } = actor;
    if (!file) throw new AppError('QUOTE_ARQUIVO_REQUIRED');
    const kind = sniff(file.buffer);
    if (kind === 'unknown') throw new AppError('QUOTE_UPLOAD_TYPE');
    await assertFileOpens(kind, file);
    const tipo = UPLOAD_KINDS[kind];
    const ttl = QUOTE_UPLOAD_TTL_HOURS * 3_600_000;
    const row = await this.db.transaction(async (tx) => {
      await repo.deleteExpiredUploads(tx, tenant, new Date(Date.now() - ttl));
      const inserted = await repo.insertUpload(tx, tenant, {
        userId: actor.userId,
        tipo,
        nome: safeFilename(file.filename, kind),
        contentType: CONTENT_TYPES[kind],
        tamanho: file.buffer.length,
        conteudo: file.buffer,
      });
      await writeAudit(tx, actor.meta, 'cotacao.upload', {
        entity: 'cotacao_upload',
        entityId: inserted.id,
        details: { nome: inserted.nome, tipo, tamanho: inserted.tamanho },
      });
      return inserted;
    });
    return {
      id: row.id,
      nome: row.nome,
      tamanho: row.tamanho,
      tipo: row.tipo,
      expiraEm: new Date(row.createdAt.getTime() + ttl).toISOString(),
    };
  }

  /**
   * PATCH /quotes/{id}: bookkeeping fields, the deadline, or closing/cancelling a quote that still waits
   * for answers; `avisarTransportadores` e-mails the new deadline or the ending to the carriers (ADR 0026
   * addenda). A finalized quote answers 409 and is left as it was.
   */
  async update(actor: Actor, id: string, body: UpdateQuoteBody): Promise<UpdatedQuote> {
    const { tenant } = actor;
    const now = new Date();
    const values: Parameters<typeof repo.updateWaitingQuote>[3] & Pick<UpdateQuoteBody, 'status'> = {};
    if (body.nomeSolicitante !== undefined) values.nomeSolicitante = body.nomeSolicitante;
    if (body.referenciaProcesso !== undefined) values.referenciaProcesso = body.referenciaProcesso;
    if (body.fti !== undefined) values.fti = body.fti;
    if (body.prazoResposta !== undefined) {
      const prazo = new Date(body.prazoResposta);
      const deadline = deadlineError(prazo, now);
      if (deadline) throw new AppError(deadline);
      values.prazoResposta = prazo;
    }
    if (body.status !== undefined) values.status = body.status;
    const notice = body.avisarTransportadores === true && values.prazoResposta !== undefined;
    // Cancelling or closing with `avisarTransportadores`: every carrier reached is told (ADR 0026 addendum
    // 2026-12-06; QA: a carrier still silent believed it had until the extended deadline).
    const endNotice = body.avisarTransportadores === true && values.status !== undefined;
    const signature = notice || endNotice ? await signatureOf(this.db, tenant, actor.userId) : [];
    const avisados = await this.db.transaction(async (tx) => {
      const { status, ...fields } = values;
      // "Prazo prorrogado" is said of a later deadline only (QA pass 5: a shortened one was called extended).
      if (notice && fields.prazoResposta) {
        const before = await repo.findQuote(tx, tenant, id);
        if (before && fields.prazoResposta.getTime() <= before.prazoResposta.getTime())
          throw new AppError('QUOTE_NOTICE_NOT_EXTENDED');
      }
      // A new deadline is summarised again when it passes (ADR 0026 addendum, 'prorrogar').
      const row = fields.prazoResposta ? { ...fields, deadlineSummarySentAt: null } : fields;
      if (!(await repo.updateWaitingQuote(tx, tenant, id, row))) {
        const quote = await repo.findQuote(tx, tenant, id);
        if (!quote) throw new AppError('QUOTE_NOT_FOUND');
        const label = quoteStatusInfo(quote.status).label;
        throw new AppError('QUOTE_FINAL', { status: label });
      }
      const moved = fields.prazoResposta
        ? await applyQuoteEvent(tx, tenant, id, { type: 'deadlineChanged' }, now)
        : undefined;
      if (status) await applyQuoteEvent(tx, tenant, id, { type: 'closedByUser', status });
      const told = notice
        ? await noticeNewDeadline(tx, this.mailDeps, tenant, id, { now, userId: actor.userId, signature })
        : endNotice && status
          ? await noticeQuoteEnded(tx, this.mailDeps, tenant, id, status, { signature })
          : undefined;
      // Cancelling and closing are their own actions: the detail says who and when, the dashboard lists them.
      const action =
        status === 'CANCELADA'
          ? QUOTE_CANCELLED_ACTION
          : status === 'FECHADA'
            ? QUOTE_CLOSED_ACTION
            : 'cotacao.update';
      await writeAudit(tx, actor.meta, action, {
        entity: 'cotacao',
        entityId: id,
        details: {
          ...values,
          prazoResposta: values.prazoResposta?.toISOString(),
          ...(moved && moved.from !== moved.to ? { de: moved.from, para: moved.to } : {}),
          ...(told ? { avisados: told } : {}),
        },
      });
      return told?.length;
    });
    const quote = await this.get(actor, id);
    return avisados === undefined ? quote : { ...quote, avisados };
  }

  /** DELETE /quotes/{id}: the quote leaves every list and detail; its rows and replies stay (ADR 0011). */
  async remove(actor: Actor, id: string): Promise<{ message: string }> {
    const { tenant } = actor;
    await this.db.transaction(async (tx) => {
      const codigo = await repo.softDeleteQuote(tx, tenant, id);
      if (!codigo) throw new AppError('QUOTE_NOT_FOUND');
      // A deleted quote's proposals leave the lane history (ADR 0030).
      await markLaneRefresh(tx, tenant, id);
      await writeAudit(tx, actor.meta, 'cotacao.delete', {
        entity: 'cotacao',
        entityId: id,
        details: { codigo },
      });
    });
    return { message: successMessages.quoteDeleted };
  }

  /**
   * A list page and the stamp it is kept at (migration 0033, ADR 0031 addendum 3): read again only after
   * a transaction changed one of the company's quotes. `vencidas` is read every time (`stamp` null): a
   * deadline passes without any write.
   */
  async list(actor: Actor, query: ListQuotesQuery): Promise<{ stamp: string | null; value: QuoteListPage }> {
    const { tenant } = actor;
    if (query.vencidas) return { stamp: null, value: (await this.read(tenant, query)).value };
    const key = JSON.stringify([
      tenant.empresaId,
      query.tab ?? '',
      query.status ?? '',
      query.search ?? '',
      query.page,
      query.limit,
    ]);
    return this.keptPages.getVersioned(
      key,
      () => repo.quoteStamp(this.db, tenant),
      () => this.read(tenant, query),
    );
  }

  /** Keeps answers (the default) or reads every one (the benches' first-read rows). */
  keepAnswers(on: boolean): void {
    this.keptPages.keeping = on;
  }

  /** `list`'s answer and the quote stamp it was read at. */
  private async read(
    tenant: Tenant,
    query: ListQuotesQuery,
  ): Promise<{ stamp: string; value: QuoteListPage }> {
    const { rows, total, cap, stamp } = await repo.listQuotes(this.db, tenant, query);
    return {
      stamp,
      value: {
        data: rows.map(toSummary),
        total: Math.min(total, cap),
        totalPages: Math.max(1, Math.ceil(Math.min(total, cap) / query.limit)),
        page: query.page,
        ...(total > cap ? { totalLimitado: true as const } : {}),
      },
    };
  }

  async get(actor: Actor, id: string): Promise<QuoteDetail> {
    const { tenant } = actor;
    const quote = await repo.findQuote(this.db, tenant, id);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    const [recipients, anexos, aprovacao, cancelamento, encerramento] = await Promise.all([
      repo.recipientsOf(this.db, tenant, id),
      repo.attachmentsOf(this.db, tenant, id),
      quote.status === 'APROVADA' ? approvalOfQuote(this.db, tenant, id) : null,
      quote.status === 'CANCELADA' ? cancellationOfQuote(this.db, tenant, id) : null,
      quote.status === 'FECHADA' ? closingOfQuote(this.db, tenant, id) : null,
    ]);
    return {
      ...toSummary(quote),
      metodoEnvio: quote.metodoEnvio as QuoteDetail['metodoEnvio'],
      modoEnvio: quote.modoEnvio as QuoteDetail['modoEnvio'],
      idiomaEmail: quote.idiomaEmail as QuoteDetail['idiomaEmail'],
      tituloEmail: quote.tituloEmail,
      descricaoGeral: quote.descricaoGeral,
      descricaoAdicional: quote.descricaoAdicional,
      cargaPerigosa: quote.cargaPerigosa,
      origem: quote.origem,
      destino: quote.destino,
      incoterm: quote.incoterm,
      tempoTransito: quote.tempoTransito,
      preferenciaRota: quote.preferenciaRota,
      evitarRota: quote.evitarRota,
      evitarArmador: quote.evitarArmador,
      pesoBrutoTotal: quote.pesoBrutoTotal,
      valorMercadoria: quote.valorMercadoria,
      observacoes: quote.observacoes,
      itens: quote.itens,
      grupos: quote.grupos,
      anexos,
      destinatarios: recipients.map((r) => ({
        transportadorId: r.transportadorId,
        nome: r.nome,
        emails: r.emails,
        estadoEnvio: sendStateOf(r.falhaEntrega, r.outboxStatus),
        enviadoEm: r.sentAt?.toISOString() ?? null,
        respondeuEm: r.respondeuEm?.toISOString() ?? null,
        falhaEntrega: r.falhaEntrega,
      })),
      aprovacao,
      cancelamento,
      encerramento,
      // What the comparison counts from a PDF/Excel request's file, by the comparison's own rule.
      ...(quote.metodoEnvio === 'EMAIL' ? {} : { conteineresDoArquivo: fileContainersOf(quote) }),
    };
  }

  async pdf(actor: Actor, id: string): Promise<{ filename: string; body: Buffer }> {
    return this.pdfFor(actor.tenant, id);
  }

  /** The request's PDF, as the e-mail to the carriers carried it (also the carrier portal's download). */
  async pdfFor(tenant: Tenant, id: string): Promise<{ filename: string; body: Buffer }> {
    const quote = await repo.findQuote(this.db, tenant, id);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    const empresa = await findEmpresaById(this.db, tenant.empresaId);
    return {
      filename: `${quote.codigo}.pdf`,
      body: await renderQuotePdf(buildQuoteDocument(quote, empresa?.nome ?? '')),
    };
  }
}
