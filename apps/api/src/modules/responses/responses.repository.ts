import type { DadosExtraidos } from '@cotacoes/shared';
import { FINAL_STATUSES, WAITING_STATUSES } from '@cotacoes/shared/rules/quote-status';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { queryRows } from '../../db/prepared.js';
import {
  cotacaoDestinatarios,
  cotacoes,
  empresas,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  type SetAsideRecord,
  users,
} from '../../db/schema/index.js';
import { matchesSearch } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';
import { DECLINE_WORDS_FLAG } from '../../inbound/classify.js';

export async function findLiveQuote(executor: Executor, tenant: Tenant, id: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      status: cotacoes.status,
      tituloEmail: cotacoes.tituloEmail,
      messageId: cotacoes.messageId,
      createdAt: cotacoes.createdAt,
      destino: cotacoes.destino,
      tipoFrete: cotacoes.tipoFrete,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .limit(1);
  return row;
}

export async function recipientsWithSendState(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      id: cotacaoDestinatarios.id,
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      emails: cotacaoDestinatarios.emails,
      messageId: cotacaoDestinatarios.messageId,
      respondeuEm: cotacaoDestinatarios.respondeuEm,
      falhaEntrega: cotacaoDestinatarios.falhaEntrega,
      createdAt: cotacaoDestinatarios.createdAt,
      outboxStatus: mailOutbox.status,
      sentAt: mailOutbox.sentAt,
    })
    .from(cotacaoDestinatarios)
    .leftJoin(mailOutbox, eq(mailOutbox.id, cotacaoDestinatarios.outboxId))
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoDestinatarios.nome));
}

/** A recipient of a quote with the state of its request e-mail, as `answersOf` reads it. */
export type RecipientRow = {
  id: string;
  transportadorId: string;
  nome: string;
  emails: string[];
  respondeuEm: string | null;
  falhaEntrega: string | null;
  createdAt: string;
  respostaAutomatica: SetAsideRecord | null;
  /** Its latest answer that came after the quote ended (kept, marked 'tardia', not counted). */
  tardia: { id: string; em: string } | null;
  outboxStatus: string | null;
  sentAt: string | null;
};

/** A version of an answer with its corrections (oldest first), as `answersOf` reads it. */
export type AnswerVersionRow = {
  id: string;
  destinatarioId: string;
  versao: number;
  atual: boolean;
  status: string;
  extracao: 'pendente' | 'concluida' | 'falhou';
  extracaoErro: string | null;
  dadosExtraidos: DadosExtraidos | null;
  condicoesPagamento: string | null;
  prazo: string | null;
  observacoes: string | null;
  mensagemId: string | null;
  registradoPor: string | null;
  createdAt: string;
  source: 'imap' | 'smtp' | 'local' | 'manual' | 'teste' | null;
  /** A received message a user assigned from 'Não identificadas' (not one registered by hand). */
  atribuida: boolean | null;
  flags: Record<string, boolean | string> | null;
  remetenteNaoVerificado: boolean;
  aguardandoConfirmacao: boolean;
  remetenteConfirmadoPor: string | null;
  remetenteConfirmadoEm: string | null;
  correcoes:
    | {
        campo: string;
        valor: number | string | null;
        valorOriginal: number | string | null;
        fonteOriginal: Record<string, unknown> | null;
        por: string | null;
        em: string;
      }[]
    | null;
};

/*
 * The whole of GET …/respostas in one statement and one round trip (bench:responses): the live quote of
 * the company, its recipients with their send state, and every version of every answer, newest first,
 * with the message's source and flags, who registered it and the analyst's corrections. A version whose
 * extraction is marked declined (`final.declinou`) has the flag `declinou: true`; the message's
 * `declinaNoTexto` (its words decline, what the extraction decided from) stays internal. The engine's
 * blocks (the message cut into parts) are most of an extraction's size and no reader of the list uses
 * them but the card's note on options: only the options' blocks are sent (a reply offering several, which
 * one was read), the shape unchanged; the message itself is in the conversation. Timestamps
 * come as JSON text.
 */
/** The final statuses as SQL literals: only an ended quote has answers that came after its end. */
const ENDED = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');

const ANSWERS_SQL = `
select
  (select coalesce(json_agg(r order by r.nome, r.id), '[]'::json) from (
    select d.id, d.transportador_id as "transportadorId", d.nome, d.emails,
      d.respondeu_em as "respondeuEm", d.falha_entrega as "falhaEntrega", d.created_at as "createdAt",
      d.resposta_automatica as "respostaAutomatica", o.status as "outboxStatus", o.sent_at as "sentAt",
      (select json_build_object('id', cm.id, 'em', cm.created_at) from cotacao_mensagens cm
        where q.status in (${ENDED}) and cm.empresa_id = q.empresa_id
          and cm.cotacao_id = q.id and cm.transportador_id = d.transportador_id and cm.tipo = 'tardia'
        order by cm.created_at desc limit 1) as tardia
    from cotacao_destinatarios d left join mail_outbox o on o.id = d.outbox_id
    where d.empresa_id = q.empresa_id and d.cotacao_id = q.id) r) as recipients,
  (select coalesce(json_agg(v order by v.versao desc), '[]'::json) from (
    select a.id, a.destinatario_id as "destinatarioId", a.versao, a.atual, a.status, a.extracao,
      a.extracao_erro as "extracaoErro",
      jsonb_set(a.dados_extraidos, '{blocks}', coalesce((select jsonb_agg(b) from jsonb_array_elements(
        case when jsonb_typeof(a.dados_extraidos->'blocks') = 'array' then a.dados_extraidos->'blocks' end) b
        where b->>'kind' in ('alternative', 'alternative_discarded')), '[]'::jsonb)) as "dadosExtraidos",
      a.condicoes_pagamento as "condicoesPagamento", a.prazo, a.observacoes, a.mensagem_id as "mensagemId",
      u.name as "registradoPor", a.created_at as "createdAt", m.source,
      (m.matched_by = 'manual' and m.source not in ('manual', 'teste', 'portal')) as atribuida,
      case when a.dados_extraidos->'final'->'declinou' = 'true'::jsonb
        then (coalesce(m.flags, '{}'::jsonb) - '${DECLINE_WORDS_FLAG}') || '{"declinou": true}'::jsonb
        else m.flags - '${DECLINE_WORDS_FLAG}' end as flags,
      a.remetente_nao_verificado as "remetenteNaoVerificado", a.aguardando_confirmacao as "aguardandoConfirmacao",
      rc.name as "remetenteConfirmadoPor", a.remetente_confirmado_em as "remetenteConfirmadoEm",
      (select json_agg(json_build_object('campo', c.campo, 'valor', c.valor, 'valorOriginal', c.valor_original,
          'fonteOriginal', c.fonte_original, 'por', cu.name, 'em', c.created_at) order by c.created_at, c.id)
        from resposta_correcoes c left join users cu on cu.id = c.corrigido_por
        where c.empresa_id = q.empresa_id and c.resposta_id = a.id) as correcoes
    from respostas a
      left join inbound_messages m on m.id = a.inbound_message_id
      left join users u on u.id = a.registrado_por
      left join users rc on rc.id = a.remetente_confirmado_por
    where a.empresa_id = q.empresa_id and a.cotacao_id = q.id) v) as versions
from cotacoes q
where q.id = $1 and q.empresa_id = $2 and q.deleted_at is null`;

/*
 * The stamp of what `answersOf` reads (lib/stamped-cache.ts): the rows' ids and xmin — a new row version
 * has a new xmin — of the quote, its recipients and their request e-mails, every version of every answer
 * with its inbound message and registering user, and every correction with its user. The same joins
 * without building or detoasting anything.
 */
const ANSWERS_STAMP_SQL = `
select md5(concat_ws('|', q.xmin::text,
  (select string_agg(d.id::text || d.xmin::text || coalesce(o.xmin::text, '-'), ',' order by d.id)
    from cotacao_destinatarios d left join mail_outbox o on o.id = d.outbox_id
    where d.empresa_id = q.empresa_id and d.cotacao_id = q.id),
  (select string_agg(a.id::text || a.xmin::text || coalesce(m.xmin::text, '-') || coalesce(u.xmin::text, '-')
      || coalesce(rc.xmin::text, '-'), ',' order by a.id)
    from respostas a
      left join inbound_messages m on m.id = a.inbound_message_id
      left join users u on u.id = a.registrado_por
      left join users rc on rc.id = a.remetente_confirmado_por
    where a.empresa_id = q.empresa_id and a.cotacao_id = q.id),
  (select string_agg(c.id::text || coalesce(cu.xmin::text, '-'), ',' order by c.id)
    from respostas a
      join resposta_correcoes c on c.empresa_id = a.empresa_id and c.resposta_id = a.id
      left join users cu on cu.id = c.corrigido_por
    where a.empresa_id = q.empresa_id and a.cotacao_id = q.id),
  -- An answer that came after the quote ended (the card says so): only an ended quote has any.
  case when q.status in (${ENDED}) then
    (select string_agg(cm.id::text, ',' order by cm.id) from cotacao_mensagens cm
      where cm.empresa_id = q.empresa_id and cm.cotacao_id = q.id and cm.tipo = 'tardia') end)) as stamp
from cotacoes q
where q.id = $1 and q.empresa_id = $2 and q.deleted_at is null`;

/** The stamp of a live quote's answers (see above), or null when `tenant` has no such quote. */
export async function answersStamp(db: Database, tenant: Tenant, cotacaoId: string): Promise<string | null> {
  const [row] = await queryRows<{ stamp: string }>(
    db,
    ANSWERS_STAMP_SQL,
    [cotacaoId, tenant.empresaId],
    'responses_answers_stamp',
  );
  return row?.stamp ?? null;
}

/**
 * The recipients and answer versions of a live quote of `tenant`, or null when there is no such quote
 * (another company's, deleted or missing: the caller answers 404 alike).
 */
export async function answersOf(
  db: Database,
  tenant: Tenant,
  cotacaoId: string,
): Promise<{ recipients: RecipientRow[]; versions: AnswerVersionRow[] } | null> {
  const [row] = await queryRows<{ recipients: RecipientRow[]; versions: AnswerVersionRow[] }>(
    db,
    ANSWERS_SQL,
    [cotacaoId, tenant.empresaId],
    'responses_answers_of',
  );
  return row ?? null;
}

/**
 * 'Não identificadas' the caller may see: their company's, and for a desenvolvedor also those whose
 * company is unknown. Metadata and the stored preview only, never the raw bytes (issue 29 item 7). One
 * page, newest first, with the count of every message the caller may see (`search`: those it finds).
 */
export async function listUnmatched(
  executor: Executor,
  empresaId: string | null,
  seesUnknown: boolean,
  options: { page: number; pageSize: number; search?: string; dispensadas?: boolean },
) {
  const dismissed = options.dispensadas === true;
  const scope = [
    ...(empresaId ? [eq(inboundMessages.empresaId, empresaId)] : []),
    // A quote code several companies share: waiting in each candidate company's list (its content hidden).
    // Not among the dismissed: a candidate company that dismissed it only left its candidates
    // (dropCandidateCompany, nothing marked dismissed), so it is listed to none as dismissed; one a
    // desenvolvedor dismissed whole is a message of no company, listed as dismissed to a desenvolvedor only.
    ...(empresaId && !dismissed
      ? [
          and(
            isNull(inboundMessages.empresaId),
            sql`${inboundMessages.candidatas} @> ${JSON.stringify([{ empresaId }])}::jsonb`,
          ),
        ]
      : []),
    ...(seesUnknown ? [isNull(inboundMessages.empresaId)] : []),
  ];
  if (scope.length === 0) return { rows: [], total: 0 };
  const where = and(
    inArray(inboundMessages.outcome, ['nao_identificada', 'invalida']),
    // 'Dispensadas': what 'Dispensar' left (processed, marked dismissed), to be restored; never a failed
    // message given up with 'Descartar' (status 'ignorada', its bytes gone).
    dismissed
      ? and(eq(inboundMessages.status, 'processada'), isNotNull(inboundMessages.descartadaEm))
      : isNull(inboundMessages.descartadaEm),
    or(...scope),
    unmatchedSearch(options.search, seesUnknown),
  );
  const [counted] = await executor.select({ total: count() }).from(inboundMessages).where(where);
  const rows = await executor
    .select({
      id: inboundMessages.id,
      fromAddress: inboundMessages.fromAddress,
      fromName: inboundMessages.fromName,
      subject: inboundMessages.subject,
      createdAt: inboundMessages.createdAt,
      source: inboundMessages.source,
      motivo: inboundMessages.motivo,
      empresaId: inboundMessages.empresaId,
      cotacaoId: inboundMessages.cotacaoId,
      candidatas: inboundMessages.candidatas,
      cotacaoCodigo: sql<
        string | null
      >`(select ${cotacoes.codigo} from ${cotacoes} where ${cotacoes.id} = ${inboundMessages.cotacaoId} and ${cotacoes.deletedAt} is null)`,
      previa: inboundMessages.previa,
      anexos: sql<number>`(select count(*)::int from ${inboundAttachments} where ${inboundAttachments.inboundMessageId} = ${inboundMessages.id})`,
      descartadaEm: inboundMessages.descartadaEm,
      descartadaPorNome: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${inboundMessages.descartadaPor})`,
    })
    .from(inboundMessages)
    .where(where)
    .orderBy(
      ...(dismissed
        ? [desc(inboundMessages.descartadaEm), desc(inboundMessages.id)]
        : [desc(inboundMessages.createdAt), desc(inboundMessages.id)]),
    )
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The sender's address, name or the subject contains `search`. A message of no known company is listed to a
 * candidate company with its address only (content hidden): there only the address is searched, so a
 * search cannot reveal the subject of another company's message.
 */
function unmatchedSearch(search: string | undefined, seesContent: boolean): SQL | undefined {
  if (!search) return undefined;
  const content = matchesSearch([inboundMessages.fromName, inboundMessages.subject], search);
  return or(
    matchesSearch([inboundMessages.fromAddress], search),
    seesContent ? content : and(isNotNull(inboundMessages.empresaId), content),
  );
}

/** The candidate quotes of a message still unmatched and without a company (a shared quote code). */
export async function unmatchedCandidates(executor: Executor, inboundId: string) {
  const [row] = await executor
    .select({ candidatas: inboundMessages.candidatas })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.id, inboundId),
        isNull(inboundMessages.empresaId),
        eq(inboundMessages.outcome, 'nao_identificada'),
      ),
    )
    .limit(1);
  return row?.candidatas ?? [];
}

/** The names of companies (a desenvolvedor's suggestions across companies). */
export async function companyNames(executor: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: empresas.id, nome: empresas.nome })
    .from(empresas)
    .where(inArray(empresas.id, ids));
  return new Map(rows.map((row) => [row.id, row.nome]));
}

/**
 * Live quotes of the company that were sent to this address (suggestions for an assignment): the ones whose
 * code the message names first (QA pass 35: the dialog preselected the newest instead), then the newest;
 * ten at most (the service keeps five, those naming their process reference first).
 */
export async function quotesSentTo(executor: Executor, tenant: Tenant, email: string, named: string[] = []) {
  return executor
    .select({
      cotacaoId: cotacoes.id,
      codigo: cotacoes.codigo,
      transportadorId: cotacaoDestinatarios.transportadorId,
      referencia: cotacoes.referenciaProcesso,
      origem: cotacoes.origem,
      destino: cotacoes.destino,
    })
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        isNull(cotacoes.deletedAt),
        // Only quotes that still take answers: assigning to a finished one is refused (QA pass 26).
        inArray(cotacoes.status, [...WAITING_STATUSES]),
        sql`${cotacaoDestinatarios.emails} @> ${JSON.stringify([email])}::jsonb`,
      ),
    )
    .orderBy(...(named.length > 0 ? [desc(inArray(cotacoes.codigo, named))] : []), desc(cotacoes.createdAt))
    .limit(10);
}

/**
 * The waiting quotes of `tenant` whose code the message names (`named`), sent to the sender or not (QA pass
 * 37: a carrier's colleague forwarding "Fwd: Re: Cotação COT-…" from an unregistered address was offered
 * nothing): each once, with the recipient whose address shares the sender's domain as the carrier, else none.
 */
export async function quotesNamed(executor: Executor, tenant: Tenant, email: string | null, named: string[]) {
  if (named.length === 0) return [];
  const rows = await executor
    .select({
      cotacaoId: cotacoes.id,
      codigo: cotacoes.codigo,
      transportadorId: cotacaoDestinatarios.transportadorId,
      emails: cotacaoDestinatarios.emails,
      referencia: cotacoes.referenciaProcesso,
      origem: cotacoes.origem,
      destino: cotacoes.destino,
    })
    .from(cotacoes)
    .innerJoin(cotacaoDestinatarios, eq(cotacaoDestinatarios.cotacaoId, cotacoes.id))
    .where(
      inTenant(
        cotacoes.empresaId,
        tenant,
        isNull(cotacoes.deletedAt),
        inArray(cotacoes.status, [...WAITING_STATUSES]),
        inArray(cotacoes.codigo, named.slice(0, 10)),
      ),
    )
    .orderBy(desc(cotacoes.createdAt))
    .limit(500);
  const domain = email?.split('@')[1]?.toLowerCase();
  type Named = Omit<(typeof rows)[number], 'transportadorId'> & { transportadorId: string | null };
  const byQuote = new Map<string, Named>();
  for (const row of rows) {
    const sameDomain =
      domain !== undefined &&
      (row.emails as string[]).some((address) => address.toLowerCase().split('@')[1] === domain);
    const known = byQuote.get(row.cotacaoId);
    if (!known)
      byQuote.set(row.cotacaoId, { ...row, transportadorId: sameDomain ? row.transportadorId : null });
    else if (sameDomain && known.transportadorId === null) known.transportadorId = row.transportadorId;
  }
  return [...byQuote.values()].map(({ emails: _emails, ...quote }) => quote);
}
