import { randomUUID } from 'node:crypto';
import {
  applyCorrections,
  type Correction,
  type CurrentVersion,
  type DadosExtraidos,
  fieldMessages,
  formatMessage,
  formatQuoteDateTime,
  inboundTexts,
  isWaitingStatus,
  quoteStatusInfo,
  type ResponseEntry,
  type ResponseVersion,
  type Role,
  successMessages,
  type TypedValues,
  type UnmatchedList,
  type UnmatchedMessage,
  type UnmatchedQuery,
} from '@cotacoes/shared';
import { pricedApartPorts, samePlace } from '@cotacoes/shared/comparison/index';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { checkedTenant, type Tenant } from '../../db/tenant.js';
import { quoteCodesIn } from '../../inbound/classify.js';
import { composeMessage } from '../../inbound/compose.js';
import type { InboundPipeline, IngestResult } from '../../inbound/pipeline.js';
import { confirmSender } from '../../inbound/sender-confirmation.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, validationError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { StampedCache } from '../../lib/stamped-cache.js';
import { sendStateOf } from '../../read-models/send-state.js';
import { msgToRaw } from './msg-file.js';
import * as repo from './responses.repository.js';
import { typedResult } from './typed-values.js';

export type RegisterForm = {
  transportadorId: string;
  modo: 'arquivo' | 'texto' | 'valores';
  texto?: string;
  valores?: TypedValues;
  arquivo?: UploadedFile;
  /** Files that came with a pasted or typed answer: attachments of the message built from it. */
  anexos?: UploadedFile[];
  /** When a pasted or typed answer reached the analyst (phone, WhatsApp); absent: now. */
  recebidaEm?: Date;
};

/** A date a user gives may run ahead of the server's clock by this much (their watch, a slow form). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Whole minutes (rounded) from sending to answering: hours with one decimal were steps of 6 minutes. */
function minutesBetween(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null;
  const elapsed = to.getTime() - from.getTime();
  // Under a minute is 0 ("menos de 1 min"), as Indicadores says it (QA pass 42c: 40 s read "1 min" here).
  return elapsed < 60_000 ? 0 : Math.round(elapsed / 60_000);
}

/**
 * Responses of a quote (spec 001 "Carrier response"): reading them, and the answers a user registers by
 * hand or a desenvolvedor pastes for a test. Everything that creates a response goes through the one
 * inbound pipeline (src/inbound), like mail from a mailbox.
 */
export class ResponsesService {
  // 64 quotes: the ones people have open; a 30-answer quote is ≈ 140 kB of JSON, a few times that in memory.
  private readonly kept = new StampedCache<{ data: ResponseEntry[] }>(64);

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly pipeline: InboundPipeline,
  ) {}

  /** The responses of a quote of `tenant` (also read by the comparison and decisions, injected by app.ts). */
  async listForTenant(tenant: Tenant, cotacaoId: string): Promise<{ data: ResponseEntry[] }> {
    return (await this.listStamped(tenant, cotacaoId)).value;
  }

  /**
   * The responses of a quote of `tenant` and the stamp they were read at: kept in memory while the stamp
   * of their rows is unchanged (lib/stamped-cache.ts), so a repeated read costs one small query. The
   * value is frozen: shared by every request.
   */
  async listStamped(
    tenant: Tenant,
    cotacaoId: string,
  ): Promise<{ stamp: string; value: { data: ResponseEntry[] } }> {
    const stamp = await repo.answersStamp(this.db, tenant, cotacaoId);
    if (stamp === null) throw new AppError('QUOTE_NOT_FOUND');
    const value = await this.kept.get(`${tenant.empresaId}:${cotacaoId}`, stamp, () =>
      this.read(tenant, cotacaoId),
    );
    return { stamp, value };
  }

  private async read(tenant: Tenant, cotacaoId: string): Promise<{ data: ResponseEntry[] }> {
    // One statement: the quote, its recipients and every version with its corrections (bench:responses).
    const answers = await repo.answersOf(this.db, tenant, cotacaoId);
    if (!answers) throw new AppError('QUOTE_NOT_FOUND');
    const byRecipient = new Map<string, repo.AnswerVersionRow[]>();
    for (const row of answers.versions) {
      const own = byRecipient.get(row.destinatarioId);
      if (own) own.push(row);
      else byRecipient.set(row.destinatarioId, [row]);
    }
    return {
      data: answers.recipients.map((recipient) => {
        const ownRows = byRecipient.get(recipient.id) ?? [];
        const own = ownRows.map(toVersion);
        const current = own[ownRows.findIndex((version) => version.atual)] ?? null;
        // The current extraction is sent once, as the spec field; `atual` has the version's other fields.
        const { dadosExtraidos = null, ...atual } = current ?? {};
        const sentAt = dateOrNull(recipient.sentAt);
        const respondeuEm = dateOrNull(recipient.respondeuEm);
        return {
          id: current?.id ?? recipient.id,
          transportadorId: recipient.transportadorId,
          transportador: { nome: recipient.nome, email: recipient.emails.join('; ') },
          status: current?.status ?? 'pendente',
          condicoesPagamento: current?.condicoesPagamento ?? null,
          createdAt: current?.createdAt ?? null,
          prazo: current?.prazo ?? null,
          observacoes: current?.observacoes ?? null,
          dadosExtraidos,
          versao: current?.versao ?? null,
          atual: current && (atual as CurrentVersion),
          versoes: own.filter((version) => version !== current),
          estadoEnvio: sendStateOf(recipient.falhaEntrega, recipient.outboxStatus),
          enviadoEm: sentAt?.toISOString() ?? null,
          respondeuEm: respondeuEm?.toISOString() ?? null,
          falhaEntrega: recipient.falhaEntrega,
          tempoRespostaMinutos: minutesBetween(sentAt ?? new Date(recipient.createdAt), respondeuEm),
          respostaAutomatica: recipient.respostaAutomatica && {
            mensagemId: recipient.respostaAutomatica.mensagemId,
            recebidaEm: new Date(recipient.respostaAutomatica.em).toISOString(),
            tipo: recipient.respostaAutomatica.tipo,
          },
          respostaTardia: recipient.tardia && {
            mensagemId: recipient.tardia.id,
            recebidaEm: new Date(recipient.tardia.em).toISOString(),
          },
        };
      }),
    };
  }

  /**
   * 'Confirmar remetente' (ADR 0023): the analyst vouches for the sender of an unverified version; a
   * version held back becomes the current one. Answers the carrier's entry as the list gives it.
   */
  async confirmSender(actor: Actor, cotacaoId: string, respostaId: string): Promise<ResponseEntry> {
    const { tenant } = actor;
    const { transportadorId } = await confirmSender(
      this.db,
      tenant,
      { ...actor.meta, userId: actor.userId },
      cotacaoId,
      respostaId,
    );
    const { data } = await this.listForTenant(tenant, cotacaoId);
    return data.find((entry) => entry.transportadorId === transportadorId)!;
  }

  /**
   * 'Contar como resposta': a message of the quote set aside as an automatic reply or a receipt becomes
   * the carrier's answer (`InboundPipeline.countAsAnswer`). Answers the carrier's entry as the list gives it.
   */
  async countSetAside(actor: Actor, cotacaoId: string, mensagemId: string) {
    const { transportadorId } = await this.pipeline.countAsAnswer(
      actor.tenant,
      actor.userId,
      cotacaoId,
      mensagemId,
    );
    const { data } = await this.listForTenant(actor.tenant, cotacaoId);
    return {
      data: data.find((entry) => entry.transportadorId === transportadorId)!,
      message: successMessages.setAsideCounted,
    };
  }

  /** 'Ler de novo': the version is read again from its stored message (`InboundPipeline.extractAgain`). */
  async extractAgain(actor: Actor, cotacaoId: string, respostaId: string) {
    const { transportadorId } = await this.pipeline.extractAgain(
      actor.tenant,
      actor.userId,
      cotacaoId,
      respostaId,
    );
    const { data } = await this.listForTenant(actor.tenant, cotacaoId);
    return {
      data: data.find((entry) => entry.transportadorId === transportadorId)!,
      message: successMessages.extractionRestarted,
    };
  }

  /** 'Registrar resposta': an .eml/.msg file, pasted text or typed values, for a carrier of the quote. */
  async register(actor: Actor, cotacaoId: string, form: RegisterForm) {
    const { tenant } = actor;
    const { quote, carrier } = await this.recipientOf(tenant, cotacaoId, form.transportadorId);
    const assignedBy = {
      userId: actor.userId,
      empresaId: tenant.empresaId,
      cotacaoId,
      transportadorId: form.transportadorId,
    };
    const date = form.recebidaEm;
    if (date) {
      const sentAt = carrier.sentAt ?? quote.createdAt;
      if (date.getTime() > Date.now() + CLOCK_SKEW_MS)
        throw validationError([{ path: 'recebidaEm', message: fieldMessages.responseDateFuture }]);
      // A minute of grace: the form has no seconds, the sending has.
      if (date.getTime() < sentAt.getTime() - 60_000)
        throw validationError([
          {
            path: 'recebidaEm',
            message: formatMessage(fieldMessages.responseDateBeforeRequest, {
              data: formatQuoteDateTime(sentAt, 'pt'),
            }),
          },
        ]);
    }
    let raw: Buffer;
    let typed: DadosExtraidos | undefined;
    if (form.modo === 'arquivo') {
      if (!form.arquivo) throw new AppError('RESPONSE_CONTENT_REQUIRED');
      raw = await this.rawFromFile(form.arquivo);
    } else if (form.modo === 'texto') {
      // A quote that came as a file alone (a PDF or photo by WhatsApp) is read from the file (QA pass 18).
      if (!form.texto?.trim() && !form.anexos?.length) throw new AppError('RESPONSE_CONTENT_REQUIRED');
      raw = await this.synthetic(quote, carrier.emails[0]!, form.texto ?? '', form.anexos, date);
    } else {
      if (!form.valores) throw new AppError('RESPONSE_CONTENT_REQUIRED');
      typed = typedResult(withQuotePorts(form.valores, quote.destino), carrier.nome, quote.tipoFrete);
      raw = await this.synthetic(
        quote,
        carrier.emails[0]!,
        typed.blocks[0]?.lines.join('\n') ?? '',
        form.anexos,
        date,
      );
    }
    const observacoes = form.modo === 'valores' ? form.valores?.observacoes?.trim() : undefined;
    const result = await this.pipeline.ingest(raw, {
      source: 'manual',
      assignedBy,
      typedResult: typed,
      ...(observacoes ? { observacoes } : {}),
    });
    if (result.duplicate) throw new AppError('RESPONSE_DUPLICATE');
    if (result.status === 'falhou')
      throw new AppError('INBOUND_PROCESSING_FAILED', { erro: result.erro ?? '' });
    return this.answer(actor, cotacaoId, form.transportadorId, result);
  }

  /** POST /quotes/{id}/respostas-teste (desenvolvedor): a response from pasted text. */
  async test(actor: Actor, cotacaoId: string, body: { transportadorId?: string; texto: string }) {
    const { tenant } = actor;
    const recipients = await repo.recipientsWithSendState(this.db, tenant, cotacaoId);
    const transportadorId = body.transportadorId ?? recipients[0]?.transportadorId;
    if (!transportadorId) throw new AppError('QUOTE_NOT_FOUND');
    const { quote, carrier } = await this.recipientOf(tenant, cotacaoId, transportadorId);
    const raw = await this.synthetic(quote, carrier.emails[0]!, body.texto);
    const result = await this.pipeline.ingest(raw, {
      source: 'teste',
      assignedBy: { userId: actor.userId, empresaId: tenant.empresaId, cotacaoId, transportadorId },
    });
    if (result.status === 'falhou')
      throw new AppError('INBOUND_PROCESSING_FAILED', { erro: result.erro ?? '' });
    return this.answer(actor, cotacaoId, transportadorId, result);
  }

  /**
   * 'Não identificadas' of `tenant` (none for a user without a company), and of every company for a
   * desenvolvedor; the quotes of `tenant` sent to each sender as suggestions. A message about a quote code
   * several companies sent to its forwarder (`candidatas`) is listed to each candidate company with its
   * sender and code only, its own quote as the suggestion; a desenvolvedor sees it whole, with every
   * candidate quote and its company (ADR 0015 addendum "a quote code two companies share").
   */
  async unmatched(
    tenant: Tenant | null,
    role: Role | undefined,
    query: UnmatchedQuery,
  ): Promise<UnmatchedList> {
    const developer = role === 'desenvolvedor';
    const { rows, total } = await repo.listUnmatched(this.db, tenant?.empresaId ?? null, developer, query);
    const names = developer
      ? await repo.companyNames(this.db, [
          ...new Set(rows.flatMap((row) => (row.candidatas ?? []).map((c) => c.empresaId))),
        ])
      : new Map<string, string>();
    const data = await Promise.all(
      rows.map(async (row): Promise<UnmatchedMessage> => {
        // 'Dispensadas': who dismissed it and when, for it to be restored.
        const dismissal = row.descartadaEm
          ? { dispensadaEm: row.descartadaEm.toISOString(), dispensadaPor: row.descartadaPorNome }
          : {};
        const candidates = row.empresaId === null ? (row.candidatas ?? []) : [];
        if (!developer && candidates.length > 0) {
          // Another company's message, possibly: who and which code, never what it says.
          const own = candidates.filter((c) => c.empresaId === tenant?.empresaId);
          return {
            id: row.id,
            from: row.fromAddress,
            fromName: null,
            subject: null,
            receivedAt: row.createdAt.toISOString(),
            source: row.source,
            preview: '',
            anexos: 0,
            motivo: formatMessage(inboundTexts.sharedCodeWaiting, {
              remetente: row.fromAddress ?? '',
              codigo: own[0]?.codigo ?? '',
            }),
            sugestoes: own.map((c) => ({
              cotacaoId: c.cotacaoId,
              codigo: c.codigo,
              transportadorId: c.transportadorId,
            })),
            conteudoRestrito: true,
            ...dismissal,
          };
        }
        // Each with its process reference and route, to tell one quote from another (QA pass 25).
        const codes = quoteCodesIn(row.subject, row.previa);
        const sentTo =
          row.fromAddress && tenant ? await repo.quotesSentTo(this.db, tenant, row.fromAddress, codes) : [];
        // A quote the message names by code, though not sent to its sender (a colleague's forward).
        const named = tenant
          ? (await repo.quotesNamed(this.db, tenant, row.fromAddress, codes)).filter(
              (quote) => !sentTo.some((sent) => sent.cotacaoId === quote.cotacaoId),
            )
          : [];
        const suggested = byNamedReference(
          [...sentTo, ...named],
          `${row.subject ?? ''}\n${row.previa ?? ''}`,
        );
        // No reason of its own, but it names a quote's reference: said (it read 'Sem correspondência').
        const motivo =
          row.motivo ??
          (suggested.named
            ? formatMessage(inboundTexts.namesReference, {
                referencia: suggested.named.referencia ?? '',
                codigo: suggested.named.codigo,
              })
            : named[0]
              ? formatMessage(inboundTexts.namesCode, { codigo: named[0].codigo })
              : null);
        const sent: UnmatchedMessage['sugestoes'] = suggested.quotes.map(
          ({ referencia, origem, destino, ...quote }) => ({
            ...quote,
            descricao: [referencia, [origem, destino].filter(Boolean).join(' → ')]
              .filter(Boolean)
              .join(' · '),
          }),
        );
        // The quote it was identified with ("Cotação identificada, mas não o agente…") comes first.
        const identified =
          row.cotacaoId && row.cotacaoCodigo && !sent.some((quote) => quote.cotacaoId === row.cotacaoId)
            ? [{ cotacaoId: row.cotacaoId, codigo: row.cotacaoCodigo, transportadorId: null }]
            : [];
        // Every candidate quote of a shared code, each with its company (a desenvolvedor only gets here).
        const shared = candidates.map((c) => ({
          cotacaoId: c.cotacaoId,
          codigo: c.codigo,
          transportadorId: c.transportadorId,
          empresaNome: names.get(c.empresaId) ?? '',
        }));
        const sugestoes = [
          ...identified,
          ...shared,
          ...sent.filter((quote) => !shared.some((c) => c.cotacaoId === quote.cotacaoId)),
        ];
        return {
          id: row.id,
          from: row.fromAddress,
          fromName: row.fromName,
          subject: row.subject,
          receivedAt: row.createdAt.toISOString(),
          source: row.source,
          // Written once when the message was processed: the list never reads or parses raw bytes.
          preview: row.previa ?? '',
          anexos: row.anexos,
          motivo,
          sugestoes,
          ...dismissal,
        };
      }),
    );
    return { data, total, page: query.page, pageSize: query.pageSize };
  }

  async assign(actor: Actor, inboundId: string, body: { cotacaoId: string; transportadorId: string }) {
    const developer = actor.role === 'desenvolvedor';
    // A desenvolvedor assigns a shared code's message to any of its candidate quotes, in that quote's company.
    const candidate = developer
      ? (await repo.unmatchedCandidates(this.db, inboundId)).find((c) => c.cotacaoId === body.cotacaoId)
      : undefined;
    const tenant = candidate ? checkedTenant(candidate.empresaId) : actor.tenant;
    await this.recipientOf(tenant, body.cotacaoId, body.transportadorId);
    await this.pipeline.assign(
      inboundId,
      { userId: actor.userId, empresaId: tenant.empresaId, ...body },
      developer,
    );
    return { message: successMessages.responseAssigned };
  }

  /**
   * 'Desfazer atribuição' on the carrier's card: the assigned message goes back to 'Não identificadas' and
   * the quote is as before it (the pipeline's `undoAssignment`).
   */
  async undoAssignment(actor: Actor, cotacaoId: string, respostaId: string) {
    await this.pipeline.undoAssignment(actor.tenant, actor.userId, cotacaoId, respostaId);
    return { message: successMessages.assignmentUndone };
  }

  /**
   * 'Dispensar': an unmatched message that is no answer leaves the list (kept, audited) for 'Dispensadas',
   * where it can be restored; a shared quote code's message leaves only the caller's company's list.
   */
  async dismiss(actor: Actor, inboundId: string) {
    const dismissed = await this.pipeline.dismiss(
      inboundId,
      actor.userId,
      actor.tenant.empresaId,
      actor.role === 'desenvolvedor',
    );
    return {
      message:
        dismissed === 'candidata_retirada'
          ? successMessages.inboundDismissedForCompany
          : successMessages.inboundDismissed,
    };
  }

  /** 'Restaurar' on 'Dispensadas': a message dismissed by mistake waits in 'Não identificadas' again. */
  async restore(actor: Actor, inboundId: string) {
    await this.pipeline.restore(
      inboundId,
      actor.userId,
      actor.tenant.empresaId,
      actor.role === 'desenvolvedor',
    );
    return { message: successMessages.inboundRestored };
  }

  private async recipientOf(tenant: Tenant, cotacaoId: string, transportadorId: string) {
    const quote = await repo.findLiveQuote(this.db, tenant, cotacaoId);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    if (!isWaitingStatus(quote.status))
      throw new AppError('RESPONSE_QUOTE_FINAL', {
        status: quoteStatusInfo(quote.status).label,
      });
    const carrier = (await repo.recipientsWithSendState(this.db, tenant, cotacaoId)).find(
      (recipient) => recipient.transportadorId === transportadorId,
    );
    if (!carrier) throw new AppError('TRANSPORTADOR_NOT_FOUND');
    return { quote, carrier };
  }

  private async rawFromFile(file: UploadedFile): Promise<Buffer> {
    const isOle = file.buffer
      .subarray(0, 8)
      .equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    if (isOle) return msgToRaw(file.buffer);
    const head = file.buffer.subarray(0, 4096).toString('latin1');
    if (!/^[\w-]+:[^\r\n]*\r?\n/m.test(head) || !/^(from|subject|date|message-id|received):/im.test(head))
      throw new AppError('RESPONSE_FILE_TYPE');
    return file.buffer;
  }

  /** An answer that did not come as a message becomes one, in the quote's thread. */
  private synthetic(
    quote: { tituloEmail: string; messageId: string | null },
    from: string,
    text: string,
    attachments: UploadedFile[] = [],
    date?: Date,
  ) {
    const host = new URL(this.config.APP_URL).hostname || 'cotacoes.local';
    return composeMessage({
      from,
      to: [this.config.MAIL_REPLY_ADDRESS],
      subject: `RE: ${quote.tituloEmail}`,
      text,
      // The pipeline dates the answer by it (the carrier's response time, ADR 0026 addendum).
      ...(date ? { date } : {}),
      messageId: `<manual-${randomUUID()}@${host}>`,
      inReplyTo: quote.messageId,
      attachments: attachments.map((file) => ({ filename: file.filename, content: file.buffer })),
    });
  }

  private async answer(actor: Actor, cotacaoId: string, transportadorId: string, result: IngestResult) {
    const { data } = await this.listForTenant(actor.tenant, cotacaoId);
    const entry = data.find((item) => item.transportadorId === transportadorId)!;
    return {
      data: entry,
      message:
        result.outcome === 'resposta' ? successMessages.responseRegistered : successMessages.responseKept,
    };
  }
}

/** A timestamp of the statement's JSON (PostgreSQL's text form), as a Date. */
function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** A version as read: its extraction with the analyst's corrections applied (ADR 0018), and those corrections. */
function toVersion(row: repo.AnswerVersionRow): ResponseVersion {
  const correcoes: Correction[] = (row.correcoes ?? []).map((correction) => ({
    campo: correction.campo,
    valor: correction.valor ?? null,
    valorOriginal: correction.valorOriginal ?? null,
    fonteOriginal: (correction.fonteOriginal as Correction['fonteOriginal']) ?? null,
    por: correction.por ?? null,
    em: new Date(correction.em).toISOString(),
  }));
  const dados = (row.dadosExtraidos as DadosExtraidos | null) ?? null;
  const final = dados && (correcoes.length > 0 ? applyCorrections(dados.final, correcoes) : dados.final);
  const transitCorrected = correcoes.some((correction) => correction.campo.startsWith('transit_time'));
  return {
    id: row.id,
    versao: row.versao,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    extracao: row.extracao,
    extracaoErro: row.extracaoErro,
    dadosExtraidos: dados && final && { ...dados, final },
    condicoesPagamento: row.condicoesPagamento,
    prazo:
      transitCorrected && final
        ? final.transit_time_dias === null
          ? null
          : String(final.transit_time_dias)
        : row.prazo,
    observacoes: row.observacoes,
    mensagemId: row.mensagemId,
    origem: row.source ?? null,
    registradoPor: row.registradoPor,
    atribuida: row.atribuida === true,
    flags: row.flags ?? {},
    correcoes,
    remetenteNaoVerificado: row.remetenteNaoVerificado,
    aguardandoConfirmacao: row.aguardandoConfirmacao,
    remetenteConfirmadoPor: row.remetenteConfirmadoPor,
    remetenteConfirmadoEm: dateOrNull(row.remetenteConfirmadoEm)?.toISOString() ?? null,
  };
}

/**
 * Each typed price's and charge's port is one of the quote's (the same name however written, given back as
 * the quote writes it), or none; another answers 400 beside its field and registers nothing.
 */
function withQuotePorts(values: TypedValues, destino: string | null): TypedValues {
  const ports = pricedApartPorts(destino);
  const errors: { path: string; message: string }[] = [];
  const known = (group: 'fretes' | 'taxas') => (port: string | null, index: number) => {
    if (port === null) return null;
    const found = ports.find((name) => samePlace(name, port));
    if (!found)
      errors.push({
        path: `valores.${group}.${index}.destino`,
        message: fieldMessages.typedDestinationInvalid,
      });
    return found ?? null;
  };
  const fretes = values.fretes.map((row, index) => ({
    ...row,
    destino: known('fretes')(row.destino, index),
  }));
  const taxas = values.taxas.map((fee, index) => ({ ...fee, destino: known('taxas')(fee.destino, index) }));
  if (errors.length > 0) throw validationError(errors);
  return { ...values, fretes, taxas };
}

/**
 * The quotes whose process reference the message names ('Ref. IMP-2026-114') first, the order otherwise
 * kept (named codes, then the newest), five at most: the first is the one the dialog preselects.
 */
function byNamedReference<T extends { referencia: string | null }>(
  quotes: T[],
  text: string,
): { quotes: T[]; named: T | null } {
  const lower = text.toLowerCase();
  const names = (quote: T) =>
    quote.referencia !== null &&
    quote.referencia.trim().length >= 3 &&
    lower.includes(quote.referencia.trim().toLowerCase());
  const named = quotes.filter(names);
  return {
    quotes: [...named, ...quotes.filter((quote) => !names(quote))].slice(0, 5),
    named: named[0] ?? null,
  };
}
