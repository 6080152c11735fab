import {
  appliedHintIds,
  type ExtractionResult,
  type LlmFailure,
  type LlmOptions,
  refineWithLlm,
  sourceLinesOf,
} from '@cotacoes/extraction';
import type { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import {
  cleanText,
  cleanTextDeep,
  type DadosExtraidos,
  errorMessage,
  formatMessage,
  inboundTexts,
} from '@cotacoes/shared';
import { askedDestinations, quoteAskedFrom, withDeclineMark } from '@cotacoes/shared/comparison/index';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { inboundMessages, respostas } from '../db/schema/index.js';
import { checkedTenant } from '../db/tenant.js';
import { countApplications, hintsForExtraction } from '../hints/hints.repository.js';
import { markLaneRefresh } from '../lanes/lanes.repository.js';
import { findQuoteRequest } from '../read-models/quote-request.js';
import { DECLINE_WORDS_FLAG } from './classify.js';
import { composeMessage } from './compose.js';
import { isLlmEnabled } from './extraction-settings.repository.js';
import { describeFailure } from './failure.js';
import { parseInbound } from './parse.js';
import { repairMessage } from './repair.js';

/**
 * Limits for a reply and its attachments; the engine's decoded-size and text-item bounds keep their defaults.
 * A file past them fails the response for good (ADR 0022).
 */
const LIMITS = { maxBytes: 25 * 1024 * 1024, maxAttachments: 20, maxPdfPages: 40 };

/**
 * The message as the engine reads it: as the conversation shows it (a mislabelled charset or a broken
 * boundary repaired, repair.ts); one over the engine's size limit (a 22 MB zip beside the figures, QA pass
 * 37: read as nothing) rebuilt from what parsing keeps of it — its text and the attachments kept apart.
 */
async function forExtraction(raw: Buffer): Promise<Buffer> {
  const repaired = repairMessage(raw);
  if (repaired.length <= LIMITS.maxBytes) return repaired;
  const parsed = await parseInbound(raw);
  return composeMessage({
    from: parsed.from.address ?? 'desconhecido@invalid',
    to: parsed.to,
    subject: parsed.subject,
    ...(parsed.text.trim() !== '' ? { text: parsed.text } : {}),
    ...(parsed.html ? { html: parsed.html } : {}),
    ...(parsed.date ? { date: parsed.date } : {}),
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
    })),
  });
}

/** Which parts of the message the figures were read from (the body and each attachment). */
function sourcesOf(result: ExtractionResult): DadosExtraidos['fontes'] {
  const used = new Set<string>();
  // A value the AI pass kept ('ia') was found in the body or an attachment; it names no part of its own.
  for (const item of [...result.final.fretes, ...result.final.taxas.itens])
    if (item.source.origin !== 'ia') used.add(item.source.origin);
  const origins = new Set<string>(['body', ...result.blocks.map((block) => block.origin)]);
  return [...origins].map((origem) => ({
    origem,
    confidence: result.final.confidence_overall,
    escolhida: used.has(origem) || (origem === 'body' && used.size === 0),
    motivo: null,
  }));
}

/** What a job attempt knows about itself: the last attempt records a failure for good. */
export interface ExtractionAttempt {
  isLastAttempt: boolean;
}

/** What the extraction job is given besides the response: the AI pass's provider, when the server has one. */
export interface ExtractionOptions {
  llm?: LlmOptions;
}

/** 'Leitura por IA indisponível: …' in pt-BR, for the response's card. */
function llmFailureText(failure: LlmFailure): string {
  const reasons = inboundTexts.extraction.llmReasons;
  const motivo =
    failure.kind === 'http'
      ? failure.status === 429
        ? reasons.rateLimited
        : formatMessage(reasons.http, { status: failure.status ?? 0 })
      : reasons[failure.kind];
  return formatMessage(inboundTexts.extraction.llmUnavailable, { motivo });
}

/** Marks a response's extraction as failed for good, with its pt-BR reason; nothing retries it. */
async function recordFailure(db: Database, responseId: string, reason: string): Promise<void> {
  await db
    .update(respostas)
    .set({ extracao: 'falhou', extracaoErro: reason, updatedAt: new Date() })
    .where(and(eq(respostas.id, responseId), eq(respostas.extracao, 'pendente')));
}

/**
 * The `inbound.extract` job: reads a response's message (body and attachments: PDF, XLSX, XLS, CSV,
 * attached .eml) with the extraction engine and stores the result. The engine runs in the sandbox's child
 * processes (issue 29 item 6): a file past its bounds, its time limit or its memory fails this response
 * for good with a pt-BR reason and is never tried again; only the database's failures are retried. The
 * engine gets the hints learnt from corrections of this carrier's earlier replies in this company
 * (ADR 0101), the container types and destination ports the quote asks (ADR 0024 addendum), and the hints
 * that changed something count one more use. With `options.llm` and the company's switch on, the AI pass fills what the rules left open (values found in the text only); its failure leaves
 * the rules' result and is kept in `extracaoErro` of the read response. Idempotent: a response already
 * extracted is left as it is, so a retried job changes nothing.
 */
export async function extractResponse(
  db: Database,
  sandbox: ExtractionSandbox,
  responseId: string,
  attempt: ExtractionAttempt = { isLastAttempt: false },
  options: ExtractionOptions = {},
): Promise<void> {
  const [row] = await db
    .select({
      empresaId: respostas.empresaId,
      cotacaoId: respostas.cotacaoId,
      transportadorId: respostas.transportadorId,
      extracao: respostas.extracao,
      raw: inboundMessages.raw,
      flags: inboundMessages.flags,
      motivo: inboundMessages.motivo,
      sentAt: inboundMessages.sentAt,
      createdAt: inboundMessages.createdAt,
    })
    .from(respostas)
    .innerJoin(inboundMessages, eq(inboundMessages.id, respostas.inboundMessageId))
    .where(eq(respostas.id, responseId))
    .limit(1);
  if (row?.extracao !== 'pendente') return;
  if (!row.raw) {
    await recordFailure(db, responseId, errorMessage('INBOUND_MESSAGE_PURGED'));
    return;
  }
  const raw = row.raw;
  // The tenant is the response's own company: its carrier's hints, never another company's.
  const tenant = checkedTenant(row.empresaId);
  try {
    const hints = await hintsForExtraction(db, tenant, row.transportadorId);
    // The container types the quote asks: a revision's "frete USD 1.900 por contêiner" is for them.
    const quote = await findQuoteRequest(db, tenant, row.cotacaoId);
    const containers = quote ? quoteAskedFrom(quote).conteineres.map((ask) => ask.tipo) : [];
    // The destination ports the quote asks ('Santos, BR / Itapoá, BR'): what "mesmo valor para ambos os
    // portos" or "Santos sem espaço" refers to, and the ports a reply's price lines may name.
    const destinations = askedDestinations(quote?.destino);
    const outcome = await sandbox.extract(await forExtraction(raw), 'resposta.eml', {
      messageDate: row.sentAt ?? row.createdAt,
      limits: LIMITS,
      hints,
      ...(containers.length > 0 ? { containers } : {}),
      ...(destinations.length > 0 ? { destinations } : {}),
      ...(quote ? { quoteCode: quote.codigo } : {}),
    });
    if (!outcome.ok) {
      const reason =
        outcome.failure === 'error' ? inboundTexts.extraction.unreadable : inboundTexts.extraction.tooComplex;
      await recordFailure(db, responseId, reason);
      return;
    }
    let result = outcome.result;
    // A message stored unread (malformed beyond repair, its reason kept at ingest) that the engine reads
    // nothing of either stays failed with that reason: 'Tentar ler de novo' made it "concluída, nenhum valor"
    // and the reason was gone (QA pass 37).
    if (row.motivo && result.final.fretes.length === 0 && result.final.taxas.itens.length === 0) {
      await recordFailure(db, responseId, row.motivo);
      return;
    }
    // The AI pass (ADR 0100 addendum): only for a company that turned it on, on a server that has a
    // provider; it fills what the rules left open with values found in the text, or leaves them as they are.
    let llmWarning: string | null = null;
    if (options.llm !== undefined && (await isLlmEnabled(db, tenant))) {
      const refined = await refineWithLlm(result, sourceLinesOf(result), options.llm);
      result = refined.result;
      if (refined.failure) llmWarning = llmFailureText(refined.failure);
    }
    // Text read from outside (a subject, an attachment's name) as the database can hold it.
    // A reply whose own words decline the quote (flagged at ingest, pipeline.ts) and that states no price
    // is a declined answer: marked on this version's extraction (glossary 'declinou').
    const dados: DadosExtraidos = withDeclineMark(
      cleanTextDeep({ ...result, fontes: sourcesOf(result) }),
      row.flags?.[DECLINE_WORDS_FLAG] === true,
    );
    const condicoesPagamento =
      result.final.condicoesPagamento === null ? null : cleanText(result.final.condicoesPagamento);
    await db.transaction(async (tx) => {
      const stored = await tx
        .update(respostas)
        .set({
          dadosExtraidos: dados,
          extracao: 'concluida',
          // On a read response, the only note is the AI pass's failure (the rules' figures stand).
          extracaoErro: llmWarning,
          condicoesPagamento,
          prazo: result.final.transit_time_dias === null ? null : String(result.final.transit_time_dias),
          updatedAt: new Date(),
        })
        .where(and(eq(respostas.id, responseId), eq(respostas.extracao, 'pendente')))
        .returning({ id: respostas.id });
      if (stored.length > 0) {
        await countApplications(tx, tenant, appliedHintIds(result.final));
        // The figures the comparison reads changed: the quote's lane points follow (ADR 0030).
        await markLaneRefresh(tx, tenant, row.cotacaoId);
      }
    });
  } catch (error) {
    // Never the error's own text: a query error carries the statement and its values (raw SQL).
    const erro = describeFailure(error).replace(/\.$/, '');
    if (attempt.isLastAttempt)
      await recordFailure(db, responseId, formatMessage(inboundTexts.extraction.gaveUp, { erro }));
    else
      await db
        .update(respostas)
        .set({ extracaoErro: formatMessage(inboundTexts.extraction.retrying, { erro }) })
        .where(and(eq(respostas.id, responseId), eq(respostas.extracao, 'pendente')));
    throw error;
  }
}
