import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cotacaoAnexos,
  cotacaoDestinatarios,
  cotacaoMensagens,
  cotacoes,
  empresas,
  respostas,
} from '../../db/schema/index.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

/**
 * The recipients of live quotes with code `codigo` that list `email` among their addresses (any case),
 * across companies: the code is numbered per company, so one address may have been sent two such quotes.
 */
export async function recipientsByCodeAndEmail(executor: Executor, codigo: string, email: string) {
  return executor
    .select({
      empresaId: cotacoes.empresaId,
      cotacaoId: cotacoes.id,
      codigo: cotacoes.codigo,
      destinatarioId: cotacaoDestinatarios.id,
      empresa: empresas.nome,
      // The link e-mail speaks the request's language.
      idiomaEmail: cotacoes.idiomaEmail,
      // A quote that no longer takes proposals gets no link (the caller is told why).
      status: cotacoes.status,
    })
    .from(cotacoes)
    .innerJoin(cotacaoDestinatarios, eq(cotacaoDestinatarios.cotacaoId, cotacoes.id))
    .innerJoin(empresas, eq(empresas.id, cotacoes.empresaId))
    .where(
      and(
        eq(cotacoes.codigo, codigo),
        isNull(cotacoes.deletedAt),
        sql`exists (select 1 from jsonb_array_elements_text(${cotacaoDestinatarios.emails}) as e(address) where lower(e.address) = ${email.toLowerCase()})`,
      ),
    )
    .limit(10);
}

/** The quote and the one recipient a portal token names, within the token's own company. */
export async function recipientOfToken(
  executor: Executor,
  tenant: Tenant,
  target: { cotacaoId: string; destinatarioId: string },
) {
  const [row] = await executor
    .select({
      quote: {
        id: cotacoes.id,
        codigo: cotacoes.codigo,
        status: cotacoes.status,
        prazoResposta: cotacoes.prazoResposta,
        tipoFrete: cotacoes.tipoFrete,
        tituloEmail: cotacoes.tituloEmail,
        messageId: cotacoes.messageId,
        itens: cotacoes.itens,
        descricaoGeral: cotacoes.descricaoGeral,
        descricaoAdicional: cotacoes.descricaoAdicional,
        observacoes: cotacoes.observacoes,
        // A PDF/Excel request's containers (the portal offers their types first).
        textoArquivo: cotacoes.textoArquivo,
        // The ports a price can be for (several: the form asks each price's port).
        destino: cotacoes.destino,
        pesoBrutoTotal: cotacoes.pesoBrutoTotal,
        // The portal speaks the request's language (pt or en).
        idiomaEmail: cotacoes.idiomaEmail,
        deletedAt: cotacoes.deletedAt,
      },
      recipient: {
        id: cotacaoDestinatarios.id,
        transportadorId: cotacaoDestinatarios.transportadorId,
        nome: cotacaoDestinatarios.nome,
        emails: cotacaoDestinatarios.emails,
        messageId: cotacaoDestinatarios.messageId,
        createdAt: cotacaoDestinatarios.createdAt,
      },
      empresa: empresas.nome,
    })
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .innerJoin(empresas, eq(empresas.id, cotacoes.empresaId))
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        eq(cotacaoDestinatarios.id, target.destinatarioId),
        eq(cotacaoDestinatarios.cotacaoId, target.cotacaoId),
        eq(cotacoes.empresaId, tenant.empresaId),
      ),
    )
    .limit(1);
  return row;
}

export type PortalRecipient = NonNullable<Awaited<ReturnType<typeof recipientOfToken>>>;

/** The request as this carrier received it: its own 'pedido' message, or the one sent to all (bcc). */
export async function requestMessageOf(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  transportadorId: string,
) {
  const [row] = await executor
    .select({
      subject: cotacaoMensagens.subject,
      bodyText: cotacaoMensagens.bodyText,
      createdAt: cotacaoMensagens.createdAt,
    })
    .from(cotacaoMensagens)
    .where(
      inTenant(
        cotacaoMensagens.empresaId,
        tenant,
        eq(cotacaoMensagens.cotacaoId, cotacaoId),
        eq(cotacaoMensagens.direction, 'sent'),
        eq(cotacaoMensagens.tipo, 'pedido'),
        or(eq(cotacaoMensagens.transportadorId, transportadorId), isNull(cotacaoMensagens.transportadorId)),
      ),
    )
    .orderBy(asc(cotacaoMensagens.createdAt))
    .limit(1);
  return row;
}

/** The files of a quote (the request file, the dangerous-cargo document), without their bytes. */
export async function attachmentsOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({ id: cotacaoAnexos.id, nome: cotacaoAnexos.nome, tamanho: cotacaoAnexos.tamanho })
    .from(cotacaoAnexos)
    .where(inTenant(cotacaoAnexos.empresaId, tenant, eq(cotacaoAnexos.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoAnexos.createdAt));
}

/** One file of the quote, with its bytes; undefined when the id is not one of this quote's files. */
export async function attachmentOf(executor: Executor, tenant: Tenant, cotacaoId: string, id: string) {
  const [row] = await executor
    .select({ nome: cotacaoAnexos.nome, conteudo: cotacaoAnexos.conteudo })
    .from(cotacaoAnexos)
    .where(
      inTenant(
        cotacaoAnexos.empresaId,
        tenant,
        eq(cotacaoAnexos.cotacaoId, cotacaoId),
        eq(cotacaoAnexos.id, id),
      ),
    )
    .limit(1);
  return row;
}

/**
 * This carrier's current answer, however it came (e-mail, portal, typed by the analyst): the portal page
 * says when it is newer than the portal answer it prefills (QA pass 17).
 */
export async function currentAnswerOf(executor: Executor, tenant: Tenant, destinatarioId: string) {
  const [row] = await executor
    .select({
      versao: respostas.versao,
      createdAt: respostas.createdAt,
      portal: sql<boolean>`(${respostas.dadosExtraidos} -> 'final' -> 'respostaPortal') is not null`,
    })
    .from(respostas)
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.destinatarioId, destinatarioId),
        eq(respostas.atual, true),
      ),
    )
    .orderBy(desc(respostas.versao))
    .limit(1);
  return row;
}

/** This recipient's newest version given through the portal (its form, to prefill), and its current version. */
export async function portalAnswerOf(executor: Executor, tenant: Tenant, destinatarioId: string) {
  const [row] = await executor
    .select({
      versao: respostas.versao,
      createdAt: respostas.createdAt,
      form: sql<unknown>`${respostas.dadosExtraidos} -> 'final' -> 'respostaPortal'`,
    })
    .from(respostas)
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.destinatarioId, destinatarioId),
        sql`${respostas.dadosExtraidos} -> 'final' -> 'respostaPortal' is not null`,
      ),
    )
    .orderBy(desc(respostas.versao))
    .limit(1);
  return row;
}
