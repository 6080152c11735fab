import { appliedHintIds, extractFromFile } from '@cotacoes/extraction';
import type { DadosExtraidos } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { inboundMessages, respostas } from '../db/schema/index.js';
import { checkedTenant } from '../db/tenant.js';
import { countApplications, hintsForExtraction } from '../hints/hints.repository.js';

/** Limits for the attachments of a reply (xlsx bombs, huge PDFs): refused with a reason, never a crash. */
const LIMITS = { maxBytes: 25 * 1024 * 1024, maxAttachments: 20, maxPdfPages: 40 };

/** Which parts of the message the figures were read from (the body and each attachment). */
function sourcesOf(result: Awaited<ReturnType<typeof extractFromFile>>): DadosExtraidos['fontes'] {
  const used = new Set<string>();
  for (const item of [...result.final.fretes, ...result.final.taxas.itens]) used.add(item.source.origin);
  const origins = new Set<string>(['body', ...result.blocks.map((block) => block.origin)]);
  return [...origins].map((origem) => ({
    origem,
    confidence: result.final.confidence_overall,
    escolhida: used.has(origem) || (origem === 'body' && used.size === 0),
    motivo: null,
  }));
}

/**
 * The `inbound.extract` job: reads a response's message (body and attachments: PDF, XLSX, XLS, CSV,
 * attached .eml) with the extraction engine and stores the result. The engine gets the hints learnt from
 * corrections of this carrier's earlier replies in this company (ADR 0101), and the hints that changed
 * something count one more use. Idempotent: a response already extracted is left as it is, so a retried
 * job changes nothing.
 */
export async function extractResponse(db: Database, responseId: string): Promise<void> {
  const [row] = await db
    .select({
      empresaId: respostas.empresaId,
      transportadorId: respostas.transportadorId,
      extracao: respostas.extracao,
      raw: inboundMessages.raw,
      sentAt: inboundMessages.sentAt,
      createdAt: inboundMessages.createdAt,
    })
    .from(respostas)
    .innerJoin(inboundMessages, eq(inboundMessages.id, respostas.inboundMessageId))
    .where(eq(respostas.id, responseId))
    .limit(1);
  if (row?.extracao !== 'pendente') return;
  // The tenant is the response's own company: its carrier's hints, never another company's.
  const tenant = checkedTenant(row.empresaId);
  try {
    const hints = await hintsForExtraction(db, tenant, row.transportadorId);
    const result = await extractFromFile(row.raw, 'resposta.eml', {
      messageDate: row.sentAt ?? row.createdAt,
      limits: LIMITS,
      hints,
    });
    const dados: DadosExtraidos = { ...result, fontes: sourcesOf(result) } as unknown as DadosExtraidos;
    await db.transaction(async (tx) => {
      const stored = await tx
        .update(respostas)
        .set({
          dadosExtraidos: dados,
          extracao: 'concluida',
          extracaoErro: null,
          condicoesPagamento: result.final.condicoesPagamento,
          prazo: result.final.transit_time_dias === null ? null : String(result.final.transit_time_dias),
          updatedAt: new Date(),
        })
        .where(and(eq(respostas.id, responseId), eq(respostas.extracao, 'pendente')))
        .returning({ id: respostas.id });
      if (stored.length > 0) await countApplications(tx, tenant, appliedHintIds(result.final));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(respostas)
      .set({ extracaoErro: `Falha na extração (nova tentativa automática): ${message.slice(0, 300)}` })
      .where(eq(respostas.id, responseId));
    throw error;
  }
}
