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
import { tenantOfUser } from '../../db/tenant.js';
import type { AuthContext } from '../../plugins/request-context.js';
import * as repo from './dashboard.repository.js';

const texts = uiDashboard.dashboard;

/** Audited actions and the activity each one is (ADR 0019). */
const AUDIT_KINDS: Record<string, ActivityKind> = {
  'transportador.create': 'transportador_adicionado',
  'transportador.import': 'transportador_adicionado',
  'cotacao.revisao': 'revisao_solicitada',
  'cotacao.aprovacao': 'cotacao_aprovada',
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

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
      return {
        kind: 'prazo_vencido',
        descricao: formatMessage(texts.activity.deadlinePassed, {
          codigo,
          respondidas: row.n ?? 0,
          total: row.m ?? 0,
        }),
      };
    case 'audit': {
      const kind = row.action ? AUDIT_KINDS[row.action] : undefined;
      const details = row.details ?? {};
      const carrier = text(details.transportador) ?? text(details.transportadorNome);
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
      if (kind === 'revisao_solicitada')
        return {
          kind,
          descricao: carrier
            ? formatMessage(texts.activity.revisionRequestedTo, { transportador: carrier, codigo })
            : formatMessage(texts.activity.revisionRequested, { codigo }),
        };
      if (kind === 'cotacao_aprovada')
        return {
          kind,
          descricao: carrier
            ? formatMessage(texts.activity.approvedCarrier, { transportador: carrier, codigo })
            : formatMessage(texts.activity.approved, { codigo }),
        };
      return undefined;
    }
  }
}

/**
 * The dashboard (spec 000 "Dashboard (/)"): the five counts, the recent activity derived from the
 * company's own records and the nearest deadlines, always of the caller's company.
 */
export class DashboardService {
  constructor(private readonly db: Database) {}

  async stats(auth: AuthContext): Promise<DashboardStats> {
    const row = await repo.stats(this.db, tenantOfUser(auth.user));
    return {
      transportadores: row.transportadores,
      cotacoesAbertas: row.abertas,
      grupos: row.grupos,
      cotacoesAguardandoResposta: row.aguardandoResposta,
      cotacoesVencidasAguardandoAprovacao: Math.max(0, row.aguardandoAprovacao - row.aprovacaoNoPrazo),
    };
  }

  async activity(auth: AuthContext): Promise<ActivityItem[]> {
    const found = await repo.recentActivity(this.db, tenantOfUser(auth.user), DASHBOARD_ACTIVITY_LIMIT);
    const items: ActivityItem[] = [];
    for (const row of found.sort((a, b) => b.at - a.at || b.id.localeCompare(a.id))) {
      const described = describe(row);
      if (!described) continue;
      items.push({
        id: `${described.kind}:${row.id}`,
        descricao: described.descricao,
        timestamp: new Date(row.at).toISOString(),
        cor: ACTIVITY_COLORS[described.kind],
        tipo: described.kind,
        cotacaoId: row.cotacaoId,
      });
      if (items.length === DASHBOARD_ACTIVITY_LIMIT) break;
    }
    return items;
  }

  async deadlines(auth: AuthContext, now = Date.now()): Promise<DeadlineItem[]> {
    const found = await repo.upcomingDeadlines(this.db, tenantOfUser(auth.user), DASHBOARD_DEADLINE_LIMIT);
    return found.map((row) => ({
      id: row.id,
      codigo: row.codigo,
      descricao: formatMessage(texts.deadlines.description, {
        referencia: row.referenciaProcesso,
        respondidas: row.respondidas,
        total: row.total,
      }),
      prazo: new Date(row.prazo).toISOString(),
      urgente: row.prazo - now <= DEADLINE_URGENT_HOURS * 3_600_000,
    }));
  }

  async dashboard(auth: AuthContext): Promise<Dashboard> {
    const [stats, atividadesRecentes, proximosVencimentos] = await Promise.all([
      this.stats(auth),
      this.activity(auth),
      this.deadlines(auth),
    ]);
    return { stats, atividadesRecentes, proximosVencimentos };
  }
}
