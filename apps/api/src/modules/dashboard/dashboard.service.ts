import { createHash } from 'node:crypto';
import { quoteStatusInfo } from '@cotacoes/shared';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiDashboard } from '@cotacoes/shared/messages/ui-dashboard';
import {
  ACTIVITY_COLORS,
  type ActivityItem,
  type ActivityKind,
  DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_DEADLINE_LIMIT,
  type Dashboard,
  type DashboardStats,
  DEADLINE_URGENT_HOURS,
  type DeadlineItem,
} from '@cotacoes/shared/schemas/dashboard';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { FreshCache } from '../../lib/fresh-cache.js';
import { deepFreeze } from '../../lib/stamped-cache.js';
import * as repo from './dashboard.repository.js';

const texts = uiDashboard.dashboard;

/**
 * Audited actions and the activity each one is (ADR 0019). A passed deadline is the deadline job's
 * `cotacao.prazo_encerrado` once it moved the quote, and read from the quote itself (`prazo_resposta`)
 * while the quote still waits for answers: never both for one quote.
 */
const AUDIT_KINDS: Record<string, ActivityKind> = {
  'transportador.create': 'transportador_adicionado',
  'transportador.import': 'transportador_adicionado',
  'cotacao.revisao': 'revisao_solicitada',
  'cotacao.aprovacao': 'cotacao_aprovada',
  'cotacao.prazo_encerrado': 'prazo_vencido',
  'cotacao.lembrete': 'lembrete_enviado',
  'cotacao.cancelamento': 'cotacao_cancelada',
  'cotacao.encerramento': 'cotacao_encerrada',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** When it happened: a deadline the job recorded passed at the deadline, not when the job ran. */
function eventTime(row: repo.ActivityRow): number {
  if (row.action === 'cotacao.prazo_encerrado') {
    const prazo = Date.parse(String(row.details?.prazoResposta));
    if (!Number.isNaN(prazo)) return prazo;
  }
  return row.at;
}

/** A passed deadline; without any answer it says so first: the quote stays open and asks for action. */
const deadlinePassed = (codigo: string, respondidas: number, total: number) =>
  formatMessage(respondidas === 0 ? texts.activity.deadlinePassedNoAnswers : texts.activity.deadlinePassed, {
    codigo,
    respondidas,
    total,
  });

function describe(row: repo.ActivityRow): { kind: ActivityKind; descricao: string } | undefined {
  const codigo = row.codigo ?? '';
  switch (row.kind) {
    case 'sent':
      return {
        kind: 'cotacao_enviada',
        descricao: formatMessage(texts.activity.quoteSent, { codigo, n: row.n ?? 0 }),
      };
    case 'reply':
      return {
        kind: 'resposta_recebida',
        descricao: formatMessage(
          (row.n ?? 1) > 1 ? texts.activity.replyRevised : texts.activity.replyReceived,
          {
            transportador: row.nome ?? '',
            codigo,
          },
        ),
      };
    case 'deadline':
      return { kind: 'prazo_vencido', descricao: deadlinePassed(codigo, row.n ?? 0, row.m ?? 0) };
    case 'audit': {
      const kind = row.action ? AUDIT_KINDS[row.action] : undefined;
      const details = row.details ?? {};
      if (kind === 'transportador_adicionado') {
        const count = Number(details.criados);
        if (row.action === 'transportador.import') {
          // An import that created nobody (only updates) is not an addition.
          if (!(count > 0)) return undefined;
          return { kind, descricao: formatMessage(texts.activity.carriersImported, { n: count }) };
        }
        return {
          kind,
          descricao: formatMessage(texts.activity.carrierAdded, { nome: text(details.nome) ?? '' }),
        };
      }
      if (kind === 'revisao_solicitada') {
        const descricao = row.nome
          ? formatMessage(texts.activity.revisionRequestedTo, { transportador: row.nome, codigo })
          : (row.n ?? 0) > 1
            ? formatMessage(texts.activity.revisionRequestedMany, { n: row.n ?? 0, codigo })
            : formatMessage(texts.activity.revisionRequested, { codigo });
        return { kind, descricao };
      }
      if (kind === 'lembrete_enviado')
        return {
          kind,
          descricao: row.nome
            ? formatMessage(texts.activity.reminderSent, { transportador: row.nome, codigo })
            : formatMessage(texts.activity.remindersSent, { n: row.n ?? 0, codigo }),
        };
      if (kind === 'prazo_vencido')
        return {
          kind,
          descricao: deadlinePassed(
            codigo,
            Number(details.respostas) || 0,
            Number(details.destinatarios) || 0,
          ),
        };
      if (kind === 'cotacao_aprovada')
        return {
          kind,
          descricao: row.nome
            ? formatMessage(texts.activity.approvedCarrier, { transportador: row.nome, codigo })
            : formatMessage(texts.activity.approved, { codigo }),
        };
      if (kind === 'cotacao_cancelada')
        return { kind, descricao: formatMessage(texts.activity.cancelled, { codigo }) };
      if (kind === 'cotacao_encerrada')
        return { kind, descricao: formatMessage(texts.activity.closed, { codigo }) };
      return undefined;
    }
  }
}

function statsOf(row: repo.StatsRow): DashboardStats {
  return {
    transportadores: row.transportadores,
    cotacoesAbertas: row.abertas,
    grupos: row.grupos,
    cotacoesAguardandoResposta: row.aguardandoResposta,
    // Every open quote whose deadline passed, answered or not (ADR 0019 addendum): the list's `vencidas`.
    cotacoesVencidasAguardandoAprovacao: Math.max(0, row.abertas - row.abertasNoPrazo),
  };
}

/** The newest events of every kind, merged newest first, described; at most DASHBOARD_ACTIVITY_LIMIT. */
function activityOf(found: repo.ActivityRow[]): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const row of [...found].sort((a, b) => eventTime(b) - eventTime(a) || b.id.localeCompare(a.id))) {
    const described = describe(row);
    if (!described) continue;
    items.push({
      id: `${described.kind}:${row.id}`,
      descricao: described.descricao,
      timestamp: new Date(eventTime(row)).toISOString(),
      cor: ACTIVITY_COLORS[described.kind],
      tipo: described.kind,
      cotacaoId: row.cotacaoId,
    });
    if (items.length === DASHBOARD_ACTIVITY_LIMIT) break;
  }
  return items;
}

/**
 * A deadline is `urgente` within DEADLINE_URGENT_HOURS while the quote still waits for carriers: answers
 * (AGUARDANDO_RESPOSTA) or a revision (AGUARDANDO_REVISAO). A quote AGUARDANDO_APROVACAO before its deadline
 * is one every carrier answered (ADR 0015): nothing left to chase, the analyst decides — never urgent, and its
 * description says so with the status's own words (ADR 0019 addendum).
 */
function deadlinesOf(found: repo.DeadlineRow[], now: number): DeadlineItem[] {
  return found.map((row) => {
    const waitsForCarriers = row.status !== 'AGUARDANDO_APROVACAO';
    const values = { referencia: row.referenciaProcesso, respondidas: row.respondidas, total: row.total };
    return {
      id: row.id,
      codigo: row.codigo,
      descricao:
        row.status === 'AGUARDANDO_RESPOSTA'
          ? formatMessage(texts.deadlines.description, values)
          : formatMessage(texts.deadlines.descriptionWithStatus, {
              ...values,
              status: quoteStatusInfo(row.status).label,
            }),
      prazo: new Date(row.prazo).toISOString(),
      urgente: waitsForCarriers && row.prazo - now <= DEADLINE_URGENT_HOURS * 3_600_000,
    };
  });
}

/**
 * The dashboard (spec 000 "Dashboard (/)"): the five counts, the recent activity derived from the
 * company's own records and the nearest deadlines, always of the caller's company.
 */
/** A kept answer and the tag of its read (ETag: the same key read at the same time is the same body). */
export type KeptAnswer<V> = { value: V; etag: string };

export class DashboardService {
  /**
   * Each answer as read, per company, for at most `maxAgeMs` (config SUMMARY_MAX_AGE_MS, ADR 0031): the
   * whole dashboard says when it was read (`atualizadoEm`), which the screen shows. A kept value is the
   * very object sent (frozen), so its JSON and compressed forms are made once (lib/stamped-cache.ts).
   */
  private readonly kept: FreshCache<object>;

  constructor(
    private readonly db: Database,
    maxAgeMs = 0,
  ) {
    this.kept = new FreshCache(maxAgeMs);
  }

  private async keep<V extends object>(
    actor: Actor,
    part: string,
    read: (readAt: Date) => Promise<V>,
  ): Promise<KeptAnswer<V>> {
    const key = `${actor.tenant.empresaId}|${part}`;
    const { value, readAt } = await this.kept.get(key, async (at) => deepFreeze(await read(at)));
    return { value: value as V, etag: createHash('md5').update(`${key}|${readAt.getTime()}`).digest('hex') };
  }

  async stats(actor: Actor): Promise<KeptAnswer<DashboardStats>> {
    return this.keep(actor, 'stats', async () => statsOf(await repo.stats(this.db, actor.tenant)));
  }

  async activity(actor: Actor): Promise<KeptAnswer<ActivityItem[]>> {
    return this.keep(actor, 'activity', async () =>
      activityOf(await repo.recentActivity(this.db, actor.tenant, DASHBOARD_ACTIVITY_LIMIT)),
    );
  }

  async deadlines(actor: Actor): Promise<KeptAnswer<DeadlineItem[]>> {
    return this.keep(actor, 'deadlines', async (readAt) =>
      deadlinesOf(
        await repo.upcomingDeadlines(this.db, actor.tenant, DASHBOARD_DEADLINE_LIMIT),
        readAt.getTime(),
      ),
    );
  }

  /** GET /dashboard: the three parts read in one statement, with when they were read. */
  async dashboard(actor: Actor): Promise<KeptAnswer<Dashboard>> {
    return this.keep(actor, 'dashboard', async (readAt) => {
      const found = await repo.dashboard(this.db, actor.tenant, {
        activity: DASHBOARD_ACTIVITY_LIMIT,
        deadlines: DASHBOARD_DEADLINE_LIMIT,
      });
      return {
        stats: statsOf(found.stats),
        atividadesRecentes: activityOf(found.activity),
        proximosVencimentos: deadlinesOf(found.deadlines, readAt.getTime()),
        atualizadoEm: readAt.toISOString(),
      };
    });
  }
}
