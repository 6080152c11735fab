import { WAITING_STATUSES } from '@cotacoes/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { querySql } from '../../db/prepared.js';
import { ACTIVITY_AUDIT_ACTIONS } from '../../db/schema/index.js';
import type { Tenant } from '../../db/tenant.js';

/*
 * Every read is bounded whatever the company's size (P1, ADR 0019): counts come from `cotacao_contagens`
 * and small index ranges, lists from LIMITed walks of an index in order.
 */

const UUID_TEXT = sql.raw(`'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`);
/** Inlined, not bound: the planner must see the partial index's own list to use it. */
const AUDIT_ACTIONS = sql.raw(ACTIVITY_AUDIT_ACTIONS.map((action) => `'${action}'`).join(', '));

const rows = querySql;

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The five cards. Overdue (ADR 0019 addendum) is every live quote still open (a waiting status: the
 * 'Cotações Enviadas' tab) whose deadline has passed, with or without answers — what the sent quotes list
 * shows with `vencidas=true`. It is the open quotes' counter less the open quotes whose deadline is still
 * ahead: one recent, small range per status of the status-deadline index (quotes sent in the last deadline
 * span), never the growing backlog of past deadlines. Both are read in one statement (one snapshot).
 */
export type StatsRow = {
  transportadores: number;
  grupos: number;
  abertas: number;
  aguardandoResposta: number;
  /** Open quotes whose deadline is still ahead. */
  abertasNoPrazo: number;
};

function statsQuery(tenant: Tenant): SQL {
  const ahead = WAITING_STATUSES.map(
    (status) => sql`(select count(*)::int from cotacoes
        where empresa_id = ${tenant.empresaId} and status = ${status} and deleted_at is null
          and prazo_resposta >= now())`,
  );
  return sql`select
      (select count(*)::int from transportadores
        where empresa_id = ${tenant.empresaId} and deleted_at is null) as "transportadores",
      (select count(*)::int from grupos where empresa_id = ${tenant.empresaId}) as "grupos",
      (select coalesce(sum(total), 0)::int from cotacao_contagens
        where empresa_id = ${tenant.empresaId} and status in (${statusList(WAITING_STATUSES)})) as "abertas",
      (select coalesce(sum(total), 0)::int from cotacao_contagens
        where empresa_id = ${tenant.empresaId} and status = 'AGUARDANDO_RESPOSTA') as "aguardandoResposta",
      (${sql.join(ahead, sql` + `)})::int as "abertasNoPrazo"`;
}

export async function stats(db: Database, tenant: Tenant): Promise<StatsRow> {
  const [row] = await rows<StatsRow>(db, statsQuery(tenant));
  return row!;
}

export type DeadlineRow = {
  id: string;
  codigo: string;
  status: string;
  referenciaProcesso: string;
  prazo: number;
  respondidas: number;
  total: number;
};

/** The nearest deadlines still ahead of open quotes (one ordered range per status, merged). */
function deadlinesQuery(tenant: Tenant, limit: number): SQL {
  const perStatus = WAITING_STATUSES.map(
    (status) => sql`(select id, codigo, status, referencia_processo, prazo_resposta, respostas_recebidas,
        total_destinatarios from cotacoes
      where empresa_id = ${tenant.empresaId} and status = ${status} and deleted_at is null
        and prazo_resposta >= now()
      order by prazo_resposta, id limit ${limit})`,
  );
  return sql`select id, codigo, status, referencia_processo as "referenciaProcesso",
        (extract(epoch from prazo_resposta) * 1000)::float8 as "prazo",
        respostas_recebidas as "respondidas", total_destinatarios as "total"
      from (${sql.join(perStatus, sql` union all `)}) q
      order by prazo_resposta, id limit ${limit}`;
}

export function upcomingDeadlines(db: Database, tenant: Tenant, limit: number): Promise<DeadlineRow[]> {
  return rows<DeadlineRow>(db, deadlinesQuery(tenant, limit));
}

export type ActivityRow = {
  kind: 'sent' | 'reply' | 'deadline' | 'audit';
  id: string;
  at: number;
  cotacaoId: string | null;
  codigo: string | null;
  /** sent: recipients; reply: version; deadline: answered; audit: carriers named in the details. */
  n: number | null;
  /** deadline: recipients. */
  m: number | null;
  /** reply: the carrier's name as sent; audit: the one carrier of an approval or a revision. */
  nome: string | null;
  action: string | null;
  details: Record<string, unknown> | null;
};

/**
 * The newest events of each kind, `limit` of each, newest first: quotes sent, replies received, deadlines
 * that passed on quotes still waiting for answers (the deadline job has not moved them, or left them open
 * without any answer) or for a revision, and the audited actions of ACTIVITY_AUDIT_ACTIONS (among them the deadline job's
 * moves).
 * Each branch walks one index backwards and stops at `limit`.
 */
function activityQuery(tenant: Tenant, limit: number): SQL {
  const empresaId = tenant.empresaId;
  const epoch = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  // The passed deadlines of quotes in one status: a walk of the status index, newest first.
  const deadlinesPassed = (status: 'AGUARDANDO_RESPOSTA' | 'AGUARDANDO_REVISAO') =>
    sql`(select 'deadline', q.id::text, ${epoch(sql`q.prazo_resposta`)}, q.id::text, q.codigo,
          q.respostas_recebidas, q.total_destinatarios, null, null, null
        from cotacoes q
        where q.empresa_id = ${empresaId} and q.status = ${sql.raw(`'${status}'`)} and q.deleted_at is null
          and q.prazo_resposta < now()
        order by q.prazo_resposta desc, q.id desc limit ${limit})`;
  return sql`(select 'sent' as "kind", c.id::text as "id", ${epoch(sql`c.created_at`)} as "at",
          c.id::text as "cotacaoId", c.codigo as "codigo", c.total_destinatarios as "n", null::int as "m",
          null::text as "nome", null::text as "action", null::jsonb as "details"
        from cotacoes c
        where c.empresa_id = ${empresaId} and c.deleted_at is null
        order by c.created_at desc, c.id desc limit ${limit})
      union all
      (select 'reply', r.id::text, ${epoch(sql`r.created_at`)}, c.id::text, c.codigo, r.versao, null, d.nome,
          null, null
        from respostas r
        join cotacoes c on c.id = r.cotacao_id
        join cotacao_destinatarios d on d.id = r.destinatario_id
        where r.empresa_id = ${empresaId} and c.deleted_at is null
        order by r.created_at desc limit ${limit})
      union all
      ${deadlinesPassed('AGUARDANDO_RESPOSTA')}
      union all
      -- A quote waiting for a revision when its deadline passed (the deadline job leaves it as it is): its
      -- passed deadline is an event too (QA pass 39: it left no trace).
      ${deadlinesPassed('AGUARDANDO_REVISAO')}
      union all
      (select 'audit', a.id::text, ${epoch(sql`a.created_at`)}, c.id::text, c.codigo,
          case when jsonb_typeof(a.details -> 'transportadores') = 'array'
            then jsonb_array_length(a.details -> 'transportadores') end,
          null, t.nome, a.action, a.details
        from audit_log a
        left join cotacoes c on c.empresa_id = a.empresa_id and a.entity = 'cotacao'
          and c.id = (case when a.entity_id ~ ${UUID_TEXT} then a.entity_id::uuid end)
        -- The one carrier an approval or a revision was about, by its current name.
        cross join lateral (select coalesce(a.details ->> 'transportadorId',
          case when jsonb_typeof(a.details -> 'transportadores') = 'array'
            and jsonb_array_length(a.details -> 'transportadores') = 1
            then a.details -> 'transportadores' ->> 0 end) as id) one
        left join transportadores t on t.empresa_id = a.empresa_id
          and t.id = (case when one.id ~ ${UUID_TEXT} then one.id::uuid end)
        where a.empresa_id = ${empresaId} and a.action in (${AUDIT_ACTIONS})
          and (a.entity is distinct from 'cotacao' or (c.id is not null and c.deleted_at is null))
        order by a.created_at desc limit ${limit})`;
}

export function recentActivity(db: Database, tenant: Tenant, limit: number): Promise<ActivityRow[]> {
  return rows<ActivityRow>(db, activityQuery(tenant, limit));
}

/** The whole dashboard in one statement (one round trip, one snapshot): the parts as JSON arrays. */
export async function dashboard(
  db: Database,
  tenant: Tenant,
  limits: { activity: number; deadlines: number },
): Promise<{ stats: StatsRow; activity: ActivityRow[]; deadlines: DeadlineRow[] }> {
  const [row] = await rows<StatsRow & { activity: ActivityRow[]; deadlines: DeadlineRow[] }>(
    db,
    sql`select s.*,
        (select coalesce(json_agg(a), '[]') from (${activityQuery(tenant, limits.activity)}) a) as "activity",
        (select coalesce(json_agg(d), '[]') from (${deadlinesQuery(tenant, limits.deadlines)}) d) as "deadlines"
      from (${statsQuery(tenant)}) s`,
  );
  const { activity, deadlines, ...stats } = row!;
  return { stats, activity, deadlines };
}
