import type { AttachmentList, Conversation, EmailMessage } from '@cotacoes/shared';
import { formatMessage, inboundTexts } from '@cotacoes/shared';
import { conversationMarks } from '@cotacoes/shared/messages/ui-conversation';
import type { AppConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import type { Tenant } from '../db/tenant.js';
import type { Actor } from '../lib/actor.js';
import { AppError } from '../lib/errors.js';
import { contentTypeOf, safeFilename } from '../lib/file-type.js';
import { bareMailbox } from '../lib/mail-text.js';
import * as repo from './conversation.repository.js';
import { htmlForView, sanitizeEmailHtml } from './email-html.js';

/** Keys of a sent message's files: the outbox row (a random uuid, never shown elsewhere) and the index. */
const SENT_KEY = /^out_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_(\d{1,3})$/;
const sentKey = (outboxId: string, index: number) => `out_${outboxId}_${index}`;
const ORIGINAL_KEY = /^original_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The file name a received message downloads as. */
const ORIGINAL_FILENAME = 'mensagem-original.eml';
const ORIGINAL_CONTENT_TYPE = 'message/rfc822';

/** The bare address of `Name <addr>` or `addr`, lower-cased, without a `+tag` (a linear scan). */
const mailbox = bareMailbox;

/** The pt-BR note on what a message is, when it is not a plain request or answer. */
function markOf(row: repo.ListedMessage): string | null {
  const { tipo } = row.message;
  if (tipo === 'auto_resposta')
    // `separada` since 2026-12-05; older receipts are told by their stored reason.
    return row.flags?.separada === 'semAnexo'
      ? conversationMarks.semAnexo
      : row.flags?.separada === 'confirmacao' || row.motivo === inboundTexts.setAside.confirmacao
        ? conversationMarks.confirmacao
        : conversationMarks.autoResposta;
  if (tipo === 'devolucao')
    return row.motivo
      ? formatMessage(conversationMarks.devolucao, { motivo: row.motivo })
      : conversationMarks.devolucaoSemMotivo;
  if (tipo === 'tardia') return conversationMarks.tardia;
  if (row.flags?.remetenteDesconhecido) return conversationMarks.remetenteDesconhecido;
  if (row.source === 'portal') return conversationMarks.respondidaPeloPortal;
  if (row.source === 'manual') return conversationMarks.registradaManualmente;
  // Received by mail, then assigned to this quote by a user (QA pass 35: it read 'Registrada manualmente').
  if (row.registradoPor) return conversationMarks.atribuida;
  return null;
}

export type DownloadedAttachment = { filename: string; contentType: string; body: Buffer };

/**
 * The conversation of a quote ('Histórico de Emails dos Transportadores', spec 001): every message sent
 * for it and every reply matched to it, with their attachments, confined to the caller's company.
 */
export class ConversationService {
  /** The product's own addresses: a message from one of them is ours (spec 001 §4, message direction). */
  private readonly ownAddresses: Set<string>;

  constructor(
    private readonly db: Database,
    config: Pick<AppConfig, 'MAIL_FROM' | 'MAIL_REPLY_ADDRESS'>,
  ) {
    this.ownAddresses = new Set([mailbox(config.MAIL_FROM), mailbox(config.MAIL_REPLY_ADDRESS)]);
  }

  /** Sent when stored as sent, when the mailbox is among the senders, or a recipient with no sender. */
  private direction(row: repo.ListedMessage['message']): EmailMessage['direction'] {
    if (row.direction === 'sent') return 'sent';
    const from = row.fromAddress.trim();
    if (from && this.ownAddresses.has(mailbox(from))) return 'sent';
    // No From to a mailbox of ours: ours, unless it was counted as a carrier's answer (QA pass 37: a carrier's
    // reply without a From was shown as sent by us).
    if (!from && row.tipo !== 'resposta' && row.toAddresses.some((to) => this.ownAddresses.has(mailbox(to))))
      return 'sent';
    return 'received';
  }

  async list(
    actor: Actor,
    cotacaoId: string,
    query: { page: number; pageSize: number; imagens?: '0' | '1' },
  ): Promise<Conversation> {
    const { tenant } = actor;
    if (!(await repo.isLiveQuote(this.db, tenant, cotacaoId))) throw new AppError('QUOTE_NOT_FOUND');
    const { rows, total } = await repo.listMessages(this.db, tenant, cotacaoId, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const remoteImages = query.imagens === '1';
    const safe = await Promise.all(rows.map((row) => this.safeHtmlOf(tenant, row.message)));
    return {
      items: rows.map((row, index) => {
        const { message } = row;
        const html = safe[index];
        return {
          id: message.id,
          direction: this.direction(message),
          from: message.fromAddress,
          to: message.toAddresses,
          cc: message.ccAddresses,
          bcc: message.bccAddresses,
          subject: message.subject,
          bodyText: message.bodyText,
          bodyHtml: html ? htmlForView(html.html, { remoteImages }) || null : null,
          createdAt: message.createdAt.toISOString(),
          messageId: message.messageId,
          transportadorId: message.transportadorId,
          transportadorNome: row.transportadorNome,
          tipo: message.tipo,
          anexos: Number(row.anexos),
          marcacao: markOf(row),
          metadata: {
            imagensRemotas: html?.remoteImages ?? 0,
            ...(row.source ? { origem: row.source } : {}),
          },
        };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The safe HTML stored with the message; a row recorded before it was stored is sanitised once here
   * and keeps the result, so that no later view does it again.
   */
  private async safeHtmlOf(
    tenant: Tenant,
    message: repo.ListedMessage['message'],
  ): Promise<{ html: string; remoteImages: number } | null> {
    if (message.htmlSeguro !== null)
      return { html: message.htmlSeguro, remoteImages: message.imagensRemotas };
    if (!message.bodyHtml) return null;
    const safe = sanitizeEmailHtml(message.bodyHtml);
    await repo.storeSafeHtml(this.db, tenant, message.id, safe);
    return safe;
  }

  /** GET /imap/attachments/{messageId}: the files of one message of the conversation. */
  async attachments(actor: Actor, messageId: string): Promise<AttachmentList> {
    const { tenant } = actor;
    const message = await repo.findMessage(this.db, tenant, messageId);
    if (!message) throw new AppError('MESSAGE_NOT_FOUND');
    if (message.inboundMessageId) {
      const [attachments, size] = await Promise.all([
        repo.listInboundAttachments(this.db, message.inboundMessageId),
        repo.findInboundOriginalSize(this.db, message.inboundMessageId),
      ]);
      return {
        attachments,
        ...(size === null
          ? {}
          : {
              original: {
                filename: ORIGINAL_FILENAME,
                contentType: ORIGINAL_CONTENT_TYPE,
                key: `original_${message.inboundMessageId}`,
                size,
              },
            }),
      };
    }
    if (!message.outboxId) return { attachments: [] };
    const files = (await repo.findOutboxAttachments(this.db, tenant, message.outboxId)) ?? [];
    return {
      attachments: files.flatMap((file, index) =>
        file.contentBase64 === undefined
          ? []
          : [
              {
                filename: file.filename,
                contentType: file.contentType,
                key: sentKey(message.outboxId!, index),
                size: Buffer.byteLength(file.contentBase64, 'base64'),
              },
            ],
      ),
    };
  }

  /** GET /attachments/{key}: the bytes of one file, if it belongs to the caller's company. */
  async download(actor: Actor, key: string): Promise<DownloadedAttachment> {
    const { tenant } = actor;
    const original = ORIGINAL_KEY.exec(key);
    if (original) {
      const raw = await repo.findInboundOriginal(this.db, tenant, original[1]!);
      if (!raw) throw new AppError('ATTACHMENT_NOT_FOUND');
      return { filename: ORIGINAL_FILENAME, contentType: ORIGINAL_CONTENT_TYPE, body: raw };
    }
    const sent = SENT_KEY.exec(key);
    let file: { filename: string; body: Buffer } | undefined;
    if (sent) {
      const files = await repo.findOutboxAttachments(this.db, tenant, sent[1]!);
      const entry = files?.[Number(sent[2])];
      if (entry?.contentBase64 !== undefined)
        file = { filename: entry.filename, body: Buffer.from(entry.contentBase64, 'base64') };
    } else {
      const row = await repo.findInboundAttachment(this.db, tenant, key);
      if (row) file = { filename: row.filename, body: row.conteudo };
    }
    if (!file) throw new AppError('ATTACHMENT_NOT_FOUND');
    return {
      filename: safeFilename(file.filename, 'unknown').replace(/^arquivo\.unknown$/, 'anexo'),
      contentType: contentTypeOf(file.body),
      body: file.body,
    };
  }
}
