import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { Link } from 'react-router';
import { CheckCircleIcon, RefreshIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/session';
import { useInboundStatus } from '../api/get-inbound-status';

const t = uiReplies.inboxSections;

type Section = 'unmatched' | 'failed';

function SectionLink({
  to,
  label,
  count,
  current,
  danger,
}: {
  to: string;
  label: string;
  count: number | undefined;
  current: boolean;
  danger?: boolean;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      aria-label={count === undefined ? undefined : formatMessage(t.withCount, { label, count })}
      className={cn(
        '-mb-px inline-flex min-w-0 flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-2.5 text-sm font-medium transition-colors sm:flex-none sm:gap-2 sm:px-4',
        'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        current
          ? 'border-primary text-primary-soft-fg'
          : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
      )}
    >
      {label}
      {count !== undefined && (
        <span
          aria-hidden="true"
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
            danger && count > 0 ? 'bg-danger-soft text-danger-soft-fg' : 'bg-surface-muted text-fg-muted',
          )}
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/**
 * 'Não identificadas' and 'Com falha' side by side with their counts, for a desenvolvedor (the only role
 * that sees messages which failed); anyone else sees the 'Não identificadas' page alone.
 */
export function InboxSections({ current }: { current: Section }) {
  const isDeveloper = useUser()?.role === 'desenvolvedor';
  const status = useInboundStatus({ enabled: isDeveloper });
  if (!isDeveloper) return null;
  return (
    <nav aria-label={t.label} className="mb-6 flex gap-1 border-b border-border">
      <SectionLink
        to={paths.replies.unmatched.getHref()}
        label={t.unmatched}
        count={status.data?.naoIdentificadas}
        current={current === 'unmatched'}
      />
      <SectionLink
        to={paths.replies.failed.getHref()}
        label={t.failed}
        count={status.data?.comFalha}
        current={current === 'failed'}
        danger
      />
    </nav>
  );
}

/** The loading state of the inbox lists ('Não identificadas', 'Com falha'): three card outlines. */
export function ListSkeleton() {
  return (
    <div role="status" aria-label={ui.common.loading} className="space-y-3">
      {[0, 1, 2].map((index) => (
        <div key={index} className="space-y-2 rounded-xl border border-border bg-surface p-4">
          <div className="h-5 w-1/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}

/** The header's 'Atualizar' of an inbox list: a spinner while it refetches. */
export function RefreshButton({
  list,
  label,
}: {
  list: { refetch: () => unknown; isFetching: boolean };
  label: string;
}) {
  return (
    <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
      {!list.isFetching && <RefreshIcon size={16} />}
      {label}
    </Button>
  );
}

/** An inbox list with nothing in it: a check and what that means. */
export function InboxEmpty({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-border bg-surface px-6 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-success-soft text-success-soft-fg">
        <CheckCircleIcon size={24} />
      </span>
      <p className="max-w-md text-sm text-fg-muted">{text}</p>
    </div>
  );
}
