import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { InboundSourceKind, InboundSourceStatus } from '@cotacoes/shared/schemas/responses';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { InboxIcon, LayersIcon, MailIcon, RefreshIcon, SendIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { QueryContent } from '@/components/ui/query-content';
import { errorText } from '@/lib/api-client';
import { formatDateTime, formatRelative } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { isSourceSyncing, useInboundSources } from '../api/get-inbound-sources';
import { useSyncInboundSource } from '../api/sync-inbound-source';
import { SourceErrorText } from './source-error-text';
import { SourceStateBadge } from './source-state-badge';

const t = ui.inboundSources;

/** Sources that receive what is pushed to them: their time is the last message, not a sync. */
const pushedKinds: ReadonlySet<InboundSourceKind> = new Set(['smtp', 'mailgun', 'sendgrid', 'postmark']);

const kindIcon: Record<InboundSourceKind, typeof MailIcon> = {
  imap: InboxIcon,
  smtp: SendIcon,
  gmail: MailIcon,
  microsoft: MailIcon,
  mailgun: LayersIcon,
  sendgrid: LayersIcon,
  postmark: LayersIcon,
};

/** While a list is shown: the shape of three rows. */
function SourcesSkeleton() {
  return (
    <div role="status" aria-label={t.loading} className="space-y-3">
      {[0, 1, 2].map((index) => (
        <div key={index} className="space-y-2 rounded-lg border border-border p-4">
          <div className="h-5 w-1/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}

function LastSync({ value }: { value: string | null }) {
  if (!value) return <>{t.never}</>;
  const absolute = formatDateTime(value, t.never);
  return (
    <time dateTime={value} title={absolute}>
      {formatRelative(value) ?? absolute}
      <span className="block text-xs text-fg-muted">{absolute}</span>
    </time>
  );
}

function SyncButton({ source }: { source: InboundSourceStatus }) {
  const sync = useSyncInboundSource();
  function onClick() {
    sync.mutate(source.id, {
      onSuccess: (result) => showToast({ variant: 'success', message: result.message }),
      onError: (error) => showToast({ variant: 'error', message: errorText(error, t.syncError) }),
    });
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      loading={sync.isPending}
      loadingText={t.syncing}
      aria-label={formatMessage(t.syncNowLabel, { fonte: source.label })}
    >
      <RefreshIcon size={16} />
      {t.syncNow}
    </Button>
  );
}

function SourceRow({ source }: { source: InboundSourceStatus }) {
  const Icon = kindIcon[source.kind];
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-surface-muted text-fg-muted">
            <Icon size={18} />
          </span>
          <div className="min-w-0">
            {/* A long mailbox address has no spaces to wrap at: it breaks anywhere (a phone scrolled sideways). */}
            <p className="wrap-anywhere font-medium text-fg">{source.label}</p>
            <p className="text-xs text-fg-muted">{t.kinds[source.kind]}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SourceStateBadge
            state={source.state}
            label={t.states[source.state]}
            syncing={isSourceSyncing(source)}
          />
          {source.canSync && <SyncButton source={source} />}
        </div>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-fg-muted">{pushedKinds.has(source.kind) ? t.lastMessage : t.lastSync}</dt>
          <dd className="mt-0.5 text-fg">
            <LastSync value={source.lastSyncAt} />
          </dd>
        </div>
        <div>
          <dt className="text-fg-muted">{t.received}</dt>
          <dd className="mt-0.5 text-fg">{source.received.toLocaleString('pt-BR')}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-fg-muted">{t.lastError}</dt>
          <dd className={source.lastError ? 'mt-0.5 break-words text-danger-soft-fg' : 'mt-0.5 text-fg'}>
            {source.lastError ? <SourceErrorText message={source.lastError} /> : t.noError}
            {source.lastError && source.lastErrorAt && (
              <time dateTime={source.lastErrorAt} className="block text-xs text-fg-muted">
                {formatDateTime(source.lastErrorAt, '')}
              </time>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The section's heading id: the banner of a mailbox that stopped reading links here (`#…`). */
export const INBOUND_SOURCES_HEADING_ID = 'settings-inbound-sources';

/** 'Fontes de e-mail' on the settings page (desenvolvedor): one row per inbound source. */
export function InboundSourcesSection() {
  const status = useInboundSources();
  const { hash } = useLocation();
  const loaded = status.isSuccess;
  // Reached from the banner's link: the section is at the page's end, below the mailbox connections.
  useEffect(() => {
    if (loaded && hash === `#${INBOUND_SOURCES_HEADING_ID}`)
      document
        .getElementById(INBOUND_SOURCES_HEADING_ID)
        ?.closest('section')
        ?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);
  return (
    <CardSection
      title={t.title}
      description={t.description}
      headingId={INBOUND_SOURCES_HEADING_ID}
      className="scroll-mt-20"
    >
      {status.isPending ? (
        <SourcesSkeleton />
      ) : (
        <QueryContent query={status} loadingLabel={t.loading} errorFallback={t.loadError}>
          {(data) =>
            data.sources.length === 0 ? (
              <p className="text-sm text-fg-muted">{t.empty}</p>
            ) : (
              <ul aria-label={t.listLabel} className="space-y-3">
                {data.sources.map((source) => (
                  <SourceRow key={source.id} source={source} />
                ))}
              </ul>
            )
          }
        </QueryContent>
      )}
    </CardSection>
  );
}
