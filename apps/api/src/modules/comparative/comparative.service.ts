import type { Comparison, SendComparativeBody, SendComparativeResult } from '@cotacoes/shared';
import { cancelledComparison } from '@cotacoes/shared/comparison/cancelled';
import { uiComparative } from '@cotacoes/shared/messages/ui-comparative';
import type { AppConfig } from '../../config/env.js';
import { sendInConversation } from '../../conversation/outgoing.js';
import type { Database } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { findEmpresaById } from '../../read-models/empresas.js';
import { findUserById } from '../../read-models/users.js';
import * as repo from './comparative.repository.js';
import { type ComparativeSource, comparativeFilename, sourceOf } from './comparative-document.js';
import { renderComparativeMail } from './comparative-mail.js';
import { renderComparativeExcel } from './excel.js';
import { renderComparativePdf } from './pdf.js';

/**
 * The comparison of a quote as the Comparação tab shows it (same rules, PTAX, margin and corrections).
 * Injected by app.ts from the comparison module: a module never imports another.
 */
export type ComparisonProvider = (
  tenant: Tenant,
  cotacaoId: string,
  exchangeMargin: number,
) => Promise<Comparison>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_CONTENT_TYPE = 'application/pdf';

export type ComparativeFile = { filename: string; contentType: string; body: Buffer };

type Prepared = { tenant: Tenant; source: ComparativeSource; comparison: Comparison; codigo: string };

/**
 * Comparative documents (spec 001 'Gerar Comparativo', issue #15): the Excel and the PDF of a quote's
 * comparison, downloaded or sent by e-mail in one message through the outbox (R1).
 */
export class ComparativeService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'MAIL_FROM'>,
    private readonly mailer: Mailer,
    private readonly comparisonOf: ComparisonProvider,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The quote (404 when it is not the caller's) and its comparison (409 when nobody answered yet). */
  private async prepare(actor: Actor, cotacaoId: string, exchangeMargin: number): Promise<Prepared> {
    const { tenant } = actor;
    const quote = await repo.findQuoteHeader(this.db, tenant, cotacaoId);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    const read = await this.comparisonOf(tenant, quote.id, exchangeMargin);
    // A cancelled quote's files mark no row as the one to choose, as its screen (QA pass 30).
    const cancelada = quote.status === 'CANCELADA';
    const comparison = cancelada ? cancelledComparison(read) : read;
    if (comparison.linhas.length === 0) throw new AppError('COMPARATIVE_NO_RESPONSES');
    const empresa = await findEmpresaById(this.db, tenant.empresaId);
    const source = sourceOf(comparison, {
      empresa: empresa?.nome ?? '',
      codigo: quote.codigo,
      origem: quote.origem,
      destino: quote.destino,
      nomeSolicitante: quote.nomeSolicitante,
      prazoResposta: quote.prazoResposta,
      geradoEm: this.now(),
      semResposta: mailCounts(comparison).semResposta,
      ...(cancelada ? { cancelada } : {}),
    });
    return { tenant, source, comparison, codigo: quote.codigo };
  }

  async excel(actor: Actor, cotacaoId: string, exchangeMargin: number): Promise<ComparativeFile> {
    const { source, codigo } = await this.prepare(actor, cotacaoId, exchangeMargin);
    return {
      filename: comparativeFilename(codigo, 'xlsx'),
      contentType: XLSX_CONTENT_TYPE,
      body: await renderComparativeExcel(source),
    };
  }

  async pdf(actor: Actor, cotacaoId: string, exchangeMargin: number): Promise<ComparativeFile> {
    const { source, codigo } = await this.prepare(actor, cotacaoId, exchangeMargin);
    return {
      filename: comparativeFilename(codigo, 'pdf'),
      contentType: PDF_CONTENT_TYPE,
      body: await renderComparativePdf(source),
    };
  }

  /**
   * One message with both files to the given addresses, queued in the outbox with the conversation
   * entry (tipo 'comparativo') and the audit row in one transaction: a restart never loses it (R1).
   * The files travel inside the outbox row: a comparative is tens of kilobytes (ADR 0020).
   */
  async send(actor: Actor, cotacaoId: string, body: SendComparativeBody): Promise<SendComparativeResult> {
    const { tenant, source, comparison, codigo } = await this.prepare(actor, cotacaoId, body.exchangeMargin);
    const user = await this.senderOf(actor);
    const [excel, pdf] = await Promise.all([renderComparativeExcel(source), renderComparativePdf(source)]);
    const attachments = [
      {
        filename: comparativeFilename(codigo, 'xlsx'),
        contentType: XLSX_CONTENT_TYPE,
        contentBase64: excel.toString('base64'),
      },
      {
        filename: comparativeFilename(codigo, 'pdf'),
        contentType: PDF_CONTENT_TYPE,
        contentBase64: pdf.toString('base64'),
      },
    ];
    const mail = renderComparativeMail(source, mailCounts(comparison), user);
    await this.db.transaction(async (tx) => {
      const sent = await sendInConversation(
        tx,
        this.mailer,
        tenant,
        this.config.MAIL_FROM,
        { cotacaoId, codigo, transportadorId: null, tipo: 'comparativo' },
        {
          kind: 'quote.comparative',
          to: body.emails,
          replyTo: user.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments,
        },
      );
      await writeAudit(tx, actor.meta, 'cotacao.comparative.send', {
        entity: 'cotacao',
        entityId: cotacaoId,
        details: {
          codigo,
          emails: body.emails,
          exchangeMargin: body.exchangeMargin,
          taxa: comparison.taxa.taxa,
          linhas: comparison.linhas.length,
          messageId: sent.messageId,
        },
      });
    });
    return { message: uiComparative.sent, emails: body.emails };
  }

  /** Who sends the comparative (named in the text, answers go to them): the user acting. */
  private async senderOf(actor: Actor): Promise<{ name: string; email: string }> {
    const user = await findUserById(this.db, actor.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return { name: user.name, email: user.email };
  }
}

/**
 * What the comparative's e-mail counts: the proposals (answers of carriers that did not decline, each once
 * however many ports it prices: QA pass 22 read "4 propostas" for three carriers, one with two ports), the
 * carriers that answered and were asked, and who declined (each once, by name).
 */
export function mailCounts(
  comparison: Pick<Comparison, 'linhas' | 'respondidas' | 'total'> & Partial<Pick<Comparison, 'pendentes'>>,
) {
  const declined = comparison.linhas.filter((row) => row.declinou);
  return {
    linhas: new Set(comparison.linhas.filter((row) => !row.declinou).map((row) => row.respostaId)).size,
    respondidas: comparison.respondidas,
    total: comparison.total,
    declinaram: [...new Set(declined.map((row) => row.transportador.nome))],
    // Who was not heard from, by name (QA pass 39: the e-mail said only "de 4 consultado(s)").
    semResposta: (comparison.pendentes ?? []).map((pending) => pending.nome),
  };
}
