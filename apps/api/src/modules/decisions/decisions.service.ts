import {
  type AddFeeBody,
  type ApproveBody,
  type ApproveResult,
  applyCorrections,
  type Comparison,
  type ComparisonRow,
  type CorrectionBody,
  correctionSource,
  type DadosExtraidos,
  type ExtractionFinal,
  FINAL_STATUSES,
  quoteStatusInfo,
  type ResponseEntry,
  type RevisionRequestBody,
  type RevisionResult,
  readCorrectionPath,
} from '@cotacoes/shared';
import { destinationsOf, isDeclined, samePlace } from '@cotacoes/shared/comparison/index';
import { moneyText } from '@cotacoes/shared/comparison/quantity-text';
import { ADDED_FEE_FIELD, type AddedFee } from '@cotacoes/shared/rules/corrections';
import type { AppConfig } from '../../config/env.js';
import { sendInConversation, threadPosition } from '../../conversation/outgoing.js';
import type { Database, Transaction } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';
import { isPortalEnabled, issuePortalToken, portalUrl } from '../../follow-up/portal-tokens.js';
import { noticeQuoteEnded } from '../../follow-up/quote-ended-notice.js';
import { learnFromCorrection } from '../../hints/hints.repository.js';
import { markLaneRefresh } from '../../lanes/lanes.repository.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { replyAddress } from '../../mail/reply-address.js';
import { applyQuoteEvent } from '../../quote-lifecycle/quote-lifecycle.js';
import { approvalOfQuote } from '../../read-models/approvals.js';
import { correctionsByResponse } from '../../read-models/corrections.js';
import { findEmpresaById } from '../../read-models/empresas.js';
import { findUserById } from '../../read-models/users.js';
import {
  agreedRowOf,
  agreedTerms,
  approvalMail,
  type DecisionMail,
  languageOf,
  notSelectedMail,
  revisionMail,
  signatureOf,
} from './decision-mail.js';
import * as repo from './decisions.repository.js';
import { percentAbove, totalOfRow } from './proposal-total.js';

type Quote = NonNullable<Awaited<ReturnType<typeof repo.lockQuote>>>;

/** Services of other modules this one uses, injected by app.ts (a module never imports another). */
export type DecisionsDependencies = {
  /** GET /quotes/{id}/respostas as the responses module answers it (the corrected entry is returned). */
  readResponses: (tenant: Tenant, cotacaoId: string) => Promise<{ data: ResponseEntry[] }>;
  /**
   * The Comparação tab's comparison of the quote (its totals at the PTAX of the day and the default
   * margin): the winner's e-mail restates what was agreed from it (issue 30), and the optional price
   * feedback says how far above the chosen total a carrier was, in the same figures the analyst saw.
   */
  /** The comparison at the margin the analyst approved from. */
  agreedComparison: (tenant: Tenant, cotacaoId: string, exchangeMargin: number) => Promise<Comparison>;
};

const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);
const statusLabel = (status: string) => quoteStatusInfo(status).label;

/**
 * The analyst's decisions on a quote (spec 001 §2 "Quote detail", "Quote approval", §3 "Revision request";
 * ADR 0018): corrections of extracted values, revision requests and the approval. Each is one transaction
 * with its audit row, its e-mails (outbox) and their record in the quote's conversation.
 */
/** The current version of a response of the caller's company, the one a correction or an added fee goes to. */
async function currentResponse(tx: Transaction, tenant: Tenant, cotacaoId: string, respostaId: string) {
  const row = await repo.findResponseForCorrection(tx, tenant, cotacaoId, respostaId);
  if (!row) {
    if (!(await repo.quoteExists(tx, tenant, cotacaoId))) throw new AppError('QUOTE_NOT_FOUND');
    throw new AppError('RESPONSE_NOT_FOUND');
  }
  if (!row.atual) throw new AppError('CORRECTION_NOT_CURRENT');
  // The approved carrier was e-mailed these figures: changing them now would make the comparative say
  // another total than the approval did (QA pass 15).
  if (row.status === 'aprovado') throw new AppError('CORRECTION_APPROVED');
  return row;
}

export class DecisionsService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly deps: DecisionsDependencies,
  ) {}

  // ---- corrections ----

  /**
   * Adds a fee line the current version lacks (issue 30): kept from the previous version or typed by the
   * analyst, stored as a correction (who, when) and applied when the response is read.
   */
  async addFee(
    actor: Actor,
    cotacaoId: string,
    respostaId: string,
    body: AddFeeBody,
  ): Promise<ResponseEntry> {
    const { tenant } = actor;
    const transportadorId = await this.db.transaction(async (tx) => {
      const row = await currentResponse(tx, tenant, cotacaoId, respostaId);
      const fee: AddedFee = {
        nome: body.nome,
        moeda: body.moeda,
        valor: body.valor,
        unidade: body.unidade,
        destino: body.destino ?? null,
        origem: body.origem,
        versao: body.versao ?? null,
        ...(body.rotulo ? { rotulo: body.rotulo } : {}),
        ...(typeof body.minimo === 'number' ? { minimo: body.minimo } : {}),
      };
      const id = await repo.insertCorrection(tx, tenant, {
        respostaId,
        campo: ADDED_FEE_FIELD,
        valor: JSON.stringify(fee),
        valorOriginal: null,
        fonteOriginal: null,
        corrigidoPor: actor.userId,
      });
      await writeAudit(tx, actor.meta, 'resposta.taxa_adicionada', {
        entity: 'resposta',
        entityId: respostaId,
        details: { cotacaoId, correcaoId: id, ...fee },
      });
      // The corrected figures are what the lane points read (ADR 0030).
      await markLaneRefresh(tx, tenant, cotacaoId);
      return row.transportadorId;
    });
    const { data } = await this.deps.readResponses(tenant, cotacaoId);
    return data.find((entry) => entry.transportadorId === transportadorId)!;
  }

  /** PUT /quotes/{id}/respostas/{respostaId}/correcoes: answers the carrier's entry, corrected. */
  async correct(
    actor: Actor,
    cotacaoId: string,
    respostaId: string,
    body: CorrectionBody,
  ): Promise<ResponseEntry> {
    const { tenant } = actor;
    const transportadorId = await this.db.transaction(async (tx) => {
      const row = await currentResponse(tx, tenant, cotacaoId, respostaId);
      const final = (row.dadosExtraidos as DadosExtraidos | null)?.final ?? null;
      const original = readCorrectionPath(final, body.campo);
      if (!original.exists) throw new AppError('CORRECTION_FIELD_MISSING', { campo: body.campo });
      const valorOriginal =
        typeof original.value === 'number' || typeof original.value === 'string' ? original.value : null;
      const fonteOriginal = correctionSource(final, body.campo);
      const id = await repo.insertCorrection(tx, tenant, {
        respostaId,
        campo: body.campo,
        valor: body.valor,
        valorOriginal,
        fonteOriginal,
        corrigidoPor: actor.userId,
      });
      // What the correction teaches about this carrier's replies (ADR 0101), kept with it.
      const hint = await learnFromCorrection(tx, tenant, {
        correcaoId: id,
        respostaId,
        transportadorId: row.transportadorId,
        campo: body.campo,
        valor: body.valor,
        criadoPor: actor.userId,
        final,
      });
      await writeAudit(tx, actor.meta, 'resposta.correcao', {
        entity: 'resposta',
        entityId: respostaId,
        details: {
          cotacaoId,
          correcaoId: id,
          campo: body.campo,
          valor: body.valor,
          valorOriginal,
          ...(hint === null ? {} : { dicaId: hint.id }),
        },
      });
      // The corrected figures are what the lane points read (ADR 0030).
      await markLaneRefresh(tx, tenant, cotacaoId);
      return row.transportadorId;
    });
    const { data } = await this.deps.readResponses(tenant, cotacaoId);
    return data.find((entry) => entry.transportadorId === transportadorId)!;
  }

  // ---- revision ----

  /** POST /quotes/{id}/request-revision: one carrier or every carrier that answered. */
  async requestRevision(actor: Actor, cotacaoId: string, body: RevisionRequestBody): Promise<RevisionResult> {
    const { tenant } = actor;
    const sender = await this.senderOf(actor);
    return this.db.transaction(async (tx) => {
      const quote = await repo.lockQuote(tx, tenant, cotacaoId);
      if (!quote) throw new AppError('QUOTE_NOT_FOUND');
      if (isFinal(quote.status))
        throw new AppError('REVISION_QUOTE_FINAL', { status: statusLabel(quote.status) });
      const recipients = await repo.recipientsWithAnswers(tx, tenant, cotacaoId);
      let targets: repo.RecipientWithAnswer[];
      if (body.revisarTodos) {
        // Every carrier that sent a proposal: one that declined is not asked to revise what it did not send.
        targets = recipients.filter(
          (recipient) =>
            recipient.respostaId !== null &&
            !isDeclined((recipient.dadosExtraidos as DadosExtraidos | null)?.final),
        );
        if (targets.length === 0) throw new AppError('REVISION_NOTHING_TO_REVISE');
      } else {
        const target = recipients.find((recipient) => recipient.transportadorId === body.transportadorId);
        if (!target) throw new AppError('CARRIER_NOT_RECIPIENT');
        if (target.respostaId === null) throw new AppError('REVISION_NOT_ANSWERED');
        // As the screen offers no "Revisar" on a decline: it sent no proposal to revise.
        if (isDeclined((target.dadosExtraidos as DadosExtraidos | null)?.final))
          throw new AppError('REVISION_RESPONSE_DECLINED', { nome: target.nome });
        targets = [target];
      }
      const language = languageOf(quote.idiomaEmail);
      const deadline = quote.prazoResposta.getTime() > Date.now() ? quote.prazoResposta : undefined;
      // A carrier that answers through the portal gets its own link (the portal takes answers until the
      // deadline: none after it).
      const portal = deadline !== undefined && (await isPortalEnabled(tx, tenant.empresaId));
      for (const target of targets) {
        const link = portal
          ? portalUrl(
              this.config.APP_URL,
              await issuePortalToken(
                tx,
                tenant,
                { cotacaoId, destinatarioId: target.destinatarioId },
                'invite',
              ),
            )
          : undefined;
        const mail = revisionMail(language, this.quoteRef(quote), body.mensagem, sender, deadline, link);
        await this.sendInThread(tx, tenant, quote, target, mail, 'quote.revision', 'revisao');
      }
      await repo.setResponseStatus(
        tx,
        tenant,
        targets.map((target) => target.respostaId!),
        'revisao_solicitada',
      );
      await applyQuoteEvent(tx, tenant, cotacaoId, { type: 'revisionRequested' });
      await writeAudit(tx, actor.meta, 'cotacao.revisao', {
        entity: 'cotacao',
        entityId: cotacaoId,
        details: {
          codigo: quote.codigo,
          de: quote.status,
          revisarTodos: body.revisarTodos,
          transportadores: targets.map((target) => target.transportadorId),
          respostas: targets.map((target) => target.respostaId),
          mensagem: body.mensagem,
        },
      });
      return {
        status: 'AGUARDANDO_REVISAO',
        solicitadas: targets.map((target) => ({
          transportadorId: target.transportadorId,
          nome: target.nome,
        })),
      };
    });
  }

  // ---- approval ----

  /** POST /quotes/{id}/approve: the quote becomes APROVADA for one current answer (and destination). */
  async approve(actor: Actor, cotacaoId: string, body: ApproveBody): Promise<ApproveResult> {
    const { tenant } = actor;
    // Read before the transaction: the comparison reads through its own queries, once (ADR 0031: the
    // agreed terms and the price feedback are the same comparison).
    const [sender, agreed] = await Promise.all([
      this.senderOf(actor),
      this.deps.agreedComparison(tenant, cotacaoId, body.exchangeMargin),
    ]);
    const rows: readonly ComparisonRow[] =
      body.notificarNaoSelecionados && body.incluirFeedbackPreco ? agreed.linhas : [];
    const notificados = await this.db.transaction(async (tx) => {
      // The row lock serialises concurrent approvals: the second one reads the first one's APROVADA.
      const quote = await repo.lockQuote(tx, tenant, cotacaoId);
      if (!quote) throw new AppError('QUOTE_NOT_FOUND');
      if (quote.status === 'APROVADA') {
        const approval = await approvalOfQuote(tx, tenant, cotacaoId);
        throw new AppError('APPROVAL_ALREADY_APPROVED', {
          nome: approval?.aprovadoPor ?? 'outro usuário',
          transportador: approval?.transportadorNome ?? '',
        });
      }
      if (isFinal(quote.status))
        throw new AppError('APPROVAL_QUOTE_FINAL', { status: statusLabel(quote.status) });

      const recipients = await repo.recipientsWithAnswers(tx, tenant, cotacaoId);
      const answered = recipients.filter((recipient) => recipient.respostaId !== null);
      const chosen = answered.find((recipient) => recipient.respostaId === body.responseId);
      if (!chosen) {
        // A pending carrier's entry carries its recipient id: name it rather than answer 'not found'.
        if (recipients.some((r) => r.destinatarioId === body.responseId && r.respostaId === null))
          throw new AppError('APPROVAL_RESPONSE_NOT_ANSWERED');
        throw new AppError('RESPONSE_NOT_FOUND');
      }
      const corrections = await correctionsByResponse(
        tx,
        tenant,
        answered.map((recipient) => recipient.respostaId!),
      );
      const finalOf = (recipient: repo.RecipientWithAnswer) => {
        const final = (recipient.dadosExtraidos as DadosExtraidos | null)?.final ?? null;
        return final && applyCorrections(final, corrections.get(recipient.respostaId!) ?? []);
      };
      const chosenFinal = finalOf(chosen);
      // A carrier that declined sent no proposal: there is nothing to approve (glossary 'declinou').
      if (isDeclined(chosenFinal)) throw new AppError('APPROVAL_RESPONSE_DECLINED', { nome: chosen.nome });
      const destino = this.chosenDestination(chosenFinal, body.destino);
      const agreedRow = agreedRowOf(agreed.linhas, chosen.respostaId!, destino);
      // The total the analyst confirmed is the one the carrier is told, or nothing is sent (QA pass 15).
      if (
        body.totalConfirmadoBRL !== undefined &&
        agreedRow?.precificada &&
        Math.abs(agreedRow.custoTotalBRL - body.totalConfirmadoBRL) >= 0.005
      )
        throw new AppError('APPROVAL_FIGURES_CHANGED', { total: moneyText(agreedRow.custoTotalBRL, 'BRL') });

      await applyQuoteEvent(tx, tenant, cotacaoId, { type: 'approved' });
      await repo.insertApproval(tx, tenant, {
        cotacaoId,
        respostaId: chosen.respostaId!,
        transportadorId: chosen.transportadorId,
        destino,
        aprovadoPor: actor.userId,
      });
      const others = answered.filter((recipient) => recipient !== chosen);
      await repo.setResponseStatus(tx, tenant, [chosen.respostaId!], 'aprovado');
      await repo.setResponseStatus(
        tx,
        tenant,
        others.map((recipient) => recipient.respostaId!),
        'reprovado',
      );

      const language = languageOf(quote.idiomaEmail);
      const ref = this.quoteRef(quote);
      await this.sendInThread(
        tx,
        tenant,
        quote,
        chosen,
        approvalMail(
          language,
          ref,
          destino,
          body.assuntoPersonalizado,
          sender,
          agreedTerms(language, agreedRow, agreed.taxa, quote),
        ),
        'quote.approval',
        'aprovacao',
      );
      let told = 0;
      if (body.notificarNaoSelecionados) {
        const chosenTotal = totalOfRow(rows, chosen.respostaId!, destino);
        // A carrier whose current answer declined sent no proposal: a "not selected" notice thanking it
        // for one would be wrong, and it already knows it is out.
        for (const other of others.filter((recipient) => !isDeclined(finalOf(recipient)))) {
          const otherTotal = totalOfRow(rows, other.respostaId!, destino);
          const percent =
            body.incluirFeedbackPreco && chosenTotal !== null && otherTotal !== null
              ? percentAbove(otherTotal, chosenTotal)
              : null;
          const mail = notSelectedMail(language, ref, percent, sender);
          await this.sendInThread(tx, tenant, quote, other, mail, 'quote.not_selected', 'reprovacao');
          told++;
        }
        // The carriers that never answered learn that the quote is closed (QA pass 38: they were told
        // nothing and could still be pricing it): the notice of a closed quote, in their threads.
        const silent = await noticeQuoteEnded(
          tx,
          { mailer: this.mailer, config: this.config },
          tenant,
          cotacaoId,
          'FECHADA',
          { signature: signatureOf(sender), unansweredOnly: true },
        );
        told += silent.length;
      }
      await writeAudit(tx, actor.meta, 'cotacao.aprovacao', {
        entity: 'cotacao',
        entityId: cotacaoId,
        details: {
          codigo: quote.codigo,
          de: quote.status,
          respostaId: chosen.respostaId,
          transportadorId: chosen.transportadorId,
          destino,
          reprovadas: others.map((recipient) => recipient.respostaId),
          notificados: told,
          feedbackPreco: body.notificarNaoSelecionados && body.incluirFeedbackPreco,
          assuntoPersonalizado: body.assuntoPersonalizado ?? null,
        },
      });
      return told;
    });
    const aprovacao = await approvalOfQuote(this.db, tenant, cotacaoId);
    return { id: cotacaoId, status: 'APROVADA', aprovacao: aprovacao!, notificados };
  }

  /**
   * The destination approved: required and one of the proposal's when it names several; its only one
   * otherwise (a different one is refused); what the analyst typed when the proposal names none.
   */
  private chosenDestination(final: ExtractionFinal | null, asked: string | undefined): string | null {
    // The same destinations the comparison rows (and so the approval screen) offer.
    const destinations = destinationsOf(final);
    const match = (name: string) => destinations.find((d) => samePlace(d, name));
    if (destinations.length === 0) return asked ?? null;
    if (asked === undefined) {
      if (destinations.length > 1) throw new AppError('APPROVAL_DESTINATION_REQUIRED');
      return destinations[0]!;
    }
    const found = match(asked);
    if (!found) throw new AppError('APPROVAL_DESTINATION_INVALID', { destino: asked });
    return found;
  }

  // ---- e-mail in a carrier's thread ----

  /**
   * Sends `mail` to one carrier as a reply in its thread: In-Reply-To its last message (its current
   * answer), References the request and that message, Reply-To the carrier's own reply address (its token
   * names the quote and the carrier, ADR 0010), and records it in the quote's conversation.
   */
  private async sendInThread(
    tx: Transaction,
    tenant: Tenant,
    quote: Quote,
    recipient: repo.RecipientWithAnswer,
    mail: DecisionMail,
    kind: string,
    tipo: 'revisao' | 'aprovacao' | 'reprovacao',
  ): Promise<void> {
    const last = await repo.lastCarrierMessageId(tx, tenant, quote.id, recipient.transportadorId);
    await sendInConversation(
      tx,
      this.mailer,
      tenant,
      this.config.MAIL_FROM,
      { cotacaoId: quote.id, codigo: quote.codigo, transportadorId: recipient.transportadorId, tipo },
      {
        kind,
        to: recipient.emails,
        replyTo: replyAddress(this.config.MAIL_REPLY_ADDRESS, recipient.replyToken),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        thread: threadPosition(recipient.requestMessageId ?? quote.messageId, last),
      },
    );
  }

  private quoteRef(quote: Quote) {
    return { codigo: quote.codigo, referencia: quote.referenciaProcesso, tituloEmail: quote.tituloEmail };
  }

  /** Who signs the e-mails: the user acting and their company. */
  private async senderOf(actor: Actor) {
    const [user, empresa] = await Promise.all([
      findUserById(this.db, actor.userId),
      findEmpresaById(this.db, actor.tenant.empresaId),
    ]);
    return { nome: user?.name ?? '', empresa: empresa?.nome ?? '' };
  }
}
