import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ActivityItem, DashboardStats, DeadlineItem } from '@cotacoes/shared/schemas/dashboard';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlertTriangleIcon,
  CheckCircleIcon,
  CheckIcon,
  ClockIcon,
  FilePlusIcon,
  FileTextIcon,
  type IconProps,
  InboxIcon,
  LayersIcon,
  MailIcon,
  RefreshIcon,
  SendIcon,
  TruckIcon,
  XCircleIcon,
} from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/spinner';
import { UpdatedAt } from '@/components/ui/updated-at';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useUser } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';

const t = ui.dashboard;

type StatKey = keyof DashboardStats;

/** The open quotes whose deadline passed, in the sent quotes list. */
const OVERDUE_HREF = paths.quotes.sent.getHref(undefined, { vencidas: true });

/** The five cards of spec 000 "Dashboard (/)", each opening its screen (with its filter where there is one). */
const CARDS: readonly { key: StatKey; to: string; icon: ComponentType<IconProps>; tone: string }[] = [
  {
    key: 'transportadores',
    to: paths.management.getHref(),
    icon: TruckIcon,
    tone: 'bg-primary-soft text-primary-soft-fg',
  },
  {
    key: 'cotacoesAbertas',
    to: paths.quotes.sent.getHref(),
    icon: FileTextIcon,
    tone: 'bg-primary-soft text-primary-soft-fg',
  },
  {
    key: 'grupos',
    to: paths.management.getHref('grupos'),
    icon: LayersIcon,
    tone: 'bg-primary-soft text-primary-soft-fg',
  },
  {
    key: 'cotacoesAguardandoResposta',
    to: paths.quotes.sent.getHref('AGUARDANDO_RESPOSTA'),
    icon: ClockIcon,
    tone: 'bg-warning-soft text-warning-soft-fg',
  },
  {
    key: 'cotacoesVencidasAguardandoAprovacao',
    // Every open quote past its deadline, answered or not: the list's 'Somente com prazo vencido' over the
    // 'Cotações Enviadas' tab shows exactly the quotes counted (ADR 0019 addendum).
    to: OVERDUE_HREF,
    icon: AlertTriangleIcon,
    tone: 'bg-danger-soft text-danger-soft-fg',
  },
];

/** Spec 000 §3: green, yellow, red, anything else info — as theme-aware text colours. */
function toneOf(cor: string): string {
  if (cor.includes('green')) return 'text-success-soft-fg bg-success-soft';
  if (cor.includes('yellow')) return 'text-warning-soft-fg bg-warning-soft';
  if (cor.includes('red')) return 'text-danger-soft-fg bg-danger-soft';
  return 'text-primary-soft-fg bg-primary-soft';
}

const KIND_ICONS: Record<ActivityItem['tipo'], ComponentType<IconProps>> = {
  cotacao_enviada: SendIcon,
  resposta_recebida: InboxIcon,
  revisao_solicitada: RefreshIcon,
  cotacao_aprovada: CheckCircleIcon,
  prazo_vencido: ClockIcon,
  transportador_adicionado: TruckIcon,
  lembrete_enviado: MailIcon,
  cotacao_cancelada: XCircleIcon,
  cotacao_encerrada: CheckIcon,
};

function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <section aria-labelledby="dashboard-stats-title" data-tour="dashboard-stats">
      <h2 id="dashboard-stats-title" className="sr-only">
        {t.statsLabel}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {CARDS.map(({ key, to, icon: Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`stat-${key}`}
              className={cn(
                'flex h-full flex-col gap-1 rounded-xl border border-border bg-surface p-4 shadow-sm transition-colors',
                'hover:border-primary hover:bg-surface-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              )}
            >
              <span className="flex items-start gap-2">
                <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', tone)}>
                  <Icon size={18} />
                </span>
                <span className="min-w-0 pt-1 text-sm leading-tight font-medium text-fg-muted">
                  {t.stats[key].label}
                </span>
              </span>
              <span className="mt-1 block text-3xl font-bold text-fg tabular-nums">
                {stats[key].toLocaleString('pt-BR')}
              </span>
              <span className="block text-xs text-fg-muted">{t.stats[key].hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-5 shadow-sm">
      <h2 id={id} className="text-base font-semibold text-fg">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ActivityList({ items }: { items: readonly ActivityItem[] }) {
  if (items.length === 0) return <p className="text-sm text-fg-muted">{t.activity.empty}</p>;
  return (
    <ol className="space-y-3">
      {items.map((item) => {
        const Icon = KIND_ICONS[item.tipo] ?? InboxIcon;
        const text = <span className="block text-sm text-fg">{item.descricao}</span>;
        return (
          <li key={item.id} className="flex gap-3" data-kind={item.tipo}>
            <span
              className={cn(
                'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full',
                toneOf(item.cor),
              )}
            >
              <Icon size={16} />
            </span>
            <span className="min-w-0">
              {item.cotacaoId ? (
                <Link
                  to={paths.quotes.detail.getHref(item.cotacaoId)}
                  className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {text}
                </Link>
              ) : (
                text
              )}
              <time dateTime={item.timestamp} className="block text-xs text-fg-muted">
                {formatDateTime(item.timestamp, ui.common.invalidDate)}
              </time>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The deadlines that already passed on open quotes (the overdue card's count), above the upcoming ones. */
function OverdueNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div
      data-testid="deadlines-overdue"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-lg border border-danger/30 bg-danger-soft p-3"
    >
      <AlertTriangleIcon size={18} className="mt-0.5 shrink-0 text-danger-soft-fg" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-fg">
          {count === 1
            ? t.deadlines.overdueOne
            : formatMessage(t.deadlines.overdueMany, { n: count.toLocaleString('pt-BR') })}
        </span>
        <span className="block text-xs text-fg-muted">{t.deadlines.overdueHint}</span>
      </span>
      <Link to={OVERDUE_HREF} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {t.deadlines.overdueOpen}
      </Link>
    </div>
  );
}

function DeadlineList({ items }: { items: readonly DeadlineItem[] }) {
  if (items.length === 0) return <p className="text-sm text-fg-muted">{t.deadlines.empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => (
        <li key={item.id} className="py-3 first:pt-0 last:pb-0">
          <Link
            to={paths.quotes.detail.getHref(item.id)}
            className="block rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-fg hover:underline">{item.codigo}</span>
              {item.urgente && <Badge variant="danger">{t.deadlines.urgent}</Badge>}
            </span>
            <span className="block text-sm text-fg-muted">{item.descricao}</span>
            <span
              className={cn(
                'block text-xs',
                item.urgente ? 'font-medium text-danger-soft-fg' : 'text-fg-muted',
              )}
            >
              {formatMessage(t.deadlines.due, { data: formatDateTime(item.prazo, ui.common.invalidDate) })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard (spec 000 "Dashboard (/)"): greeting, the five cards, recent activity, upcoming deadlines
 * and the quick actions. `offer` is shown above the cards (the guided tour's first-visit offer).
 */
export function DashboardPage({ offer }: { offer?: ReactNode }) {
  const user = useUser();
  const dashboard = useDashboard();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';

  return (
    <>
      <PageTitle title={t.title} />
      <PageHeader
        title={formatMessage(t.greeting, { name: firstName })}
        description={t.subtitle}
        actions={
          <nav aria-label={t.quickActions} className="flex flex-wrap items-center gap-2">
            <Link to={paths.quotes.sent.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              <FileTextIcon size={16} />
              {t.viewQuotes}
            </Link>
            <Link to={paths.quotes.new.getHref()} className={buttonClasses()}>
              <FilePlusIcon size={16} />
              {t.newQuote}
            </Link>
          </nav>
        }
      />
      {offer}
      {dashboard.isPending ? (
        <LoadingState label={t.loading} />
      ) : dashboard.isError ? (
        <Alert variant="error">
          <p>{errorText(dashboard.error, t.loadError)}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void dashboard.refetch()}>
            <RefreshIcon size={14} />
            {t.retry}
          </Button>
        </Alert>
      ) : (
        <div className="space-y-6">
          <UpdatedAt at={dashboard.data.atualizadoEm} template={t.updatedAt} />
          <StatCards stats={dashboard.data.stats} />
          <div className="grid gap-6 lg:grid-cols-5">
            <div className="lg:col-span-3">
              <Panel id="dashboard-activity-title" title={t.activity.title}>
                <ActivityList items={dashboard.data.atividadesRecentes} />
              </Panel>
            </div>
            <div className="lg:col-span-2">
              <Panel id="dashboard-deadlines-title" title={t.deadlines.title}>
                <OverdueNotice count={dashboard.data.stats.cotacoesVencidasAguardandoAprovacao} />
                <DeadlineList items={dashboard.data.proximosVencimentos} />
              </Panel>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
