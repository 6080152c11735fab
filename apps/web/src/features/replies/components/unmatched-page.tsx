import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FileTextIcon, InboxIcon, RefreshIcon, SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDismissMessage } from '../api/dismiss-message';
import { type UnmatchedMessage, useUnmatched } from '../api/list-unmatched';
import { useRestoreMessage } from '../api/restore-message';
import { AssignMessageModal } from './assign-message-modal';
import { InboxEmpty, InboxSections, ListSkeleton, RefreshButton } from './inbox-sections';

const t = uiReplies.unmatched;

function senderOf(message: UnmatchedMessage): string {
  return message.fromName ?? message.from ?? t.unknownSender;
}

/** One message of either list: what it is, and the list's own buttons (`actions`) and lines (`children`). */
function MessageItem({
  message,
  actions,
  children,
}: {
  message: UnmatchedMessage;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const headingId = `unmatched-${message.id}`;
  const sender = senderOf(message);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-baseline gap-x-2">
            {/* A 1.000-character subject wraps anywhere, not under the buttons (QA pass 41b). */}
            <h2 id={headingId} className="min-w-0 max-w-full font-semibold [overflow-wrap:anywhere] text-fg">
              {message.conteudoRestrito
                ? formatMessage(t.restrictedTitle, { codigo: message.sugestoes[0]?.codigo ?? '' })
                : message.subject || t.noSubject}
            </h2>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-fg-muted">{t.columns.from}</dt>
            <dd className="break-all text-fg">
              {message.fromName && message.from ? `${message.fromName} <${message.from}>` : sender}
            </dd>
            <dt className="text-fg-muted">{t.columns.receivedAt}</dt>
            <dd className="text-fg">{formatDateTime(message.receivedAt, ui.common.invalidDate)}</dd>
            <dt className="text-fg-muted">{t.columns.reason}</dt>
            <dd className="text-fg">{message.motivo ?? t.noReason}</dd>
          </dl>
          {message.preview && (
            <p className="line-clamp-2 text-sm break-words text-fg-muted">
              <span className="sr-only">{t.columns.preview}: </span>
              {message.preview}
            </p>
          )}
          <div className="flex flex-wrap gap-1.5">
            {/* A restricted message's attachments are not counted to a company that may not own it. */}
            {!message.conteudoRestrito && (
              <Badge>
                <FileTextIcon size={12} />
                {message.anexos > 0
                  ? formatMessage(t.attachments, { count: message.anexos })
                  : t.noAttachments}
              </Badge>
            )}
            <Badge>{t.sources[message.source] ?? message.source}</Badge>
          </div>
          {children}
        </div>
        {actions}
      </article>
    </li>
  );
}

function WaitingItem({
  message,
  onAssign,
  onDismiss,
}: {
  message: UnmatchedMessage;
  onAssign: () => void;
  onDismiss: () => void;
}) {
  const sender = senderOf(message);
  return (
    <MessageItem
      message={message}
      actions={
        <div className="flex gap-2 self-start">
          <Button onClick={onAssign} aria-label={formatMessage(t.assignTo, { remetente: sender })}>
            {t.assign}
          </Button>
          <Button
            variant="secondary"
            onClick={onDismiss}
            aria-label={formatMessage(t.dismissMessage, { remetente: sender })}
          >
            {t.dismiss}
          </Button>
        </div>
      }
    />
  );
}

/** A message of 'Dispensadas': who dismissed it and when, and 'Restaurar'. */
function DismissedItem({ message, onLeave }: { message: UnmatchedMessage; onLeave: () => void }) {
  const restore = useRestoreMessage();
  const sender = senderOf(message);
  const data = message.dispensadaEm ? formatDateTime(message.dispensadaEm, ui.common.invalidDate) : null;

  // mutateAsync: the item leaves the list (read again) before the answer is shown.
  async function onRestore() {
    try {
      const answer = await restore.mutateAsync(message.id);
      showToast({ message: answer.message, variant: 'success' });
      onLeave();
    } catch {
      // The error is shown beside the button (restore.error).
    }
  }

  return (
    <MessageItem
      message={message}
      actions={
        <div className="flex flex-col gap-1.5 self-start sm:max-w-56 sm:items-end">
          <Button
            variant="secondary"
            onClick={onRestore}
            loading={restore.isPending}
            loadingText={t.restoring}
            aria-label={
              restore.isPending ? undefined : formatMessage(t.restoreMessage, { remetente: sender })
            }
          >
            {!restore.isPending && <RefreshIcon size={16} />}
            {t.restore}
          </Button>
          {restore.isError && (
            <p role="alert" className="text-sm text-danger-soft-fg sm:text-right">
              {errorText(restore.error, t.restoreError)}
            </p>
          )}
        </div>
      }
    >
      {data && (
        <p className="text-sm text-fg-muted">
          {message.dispensadaPor
            ? formatMessage(t.dismissedBy, { nome: message.dispensadaPor, data })
            : formatMessage(t.dismissedAt, { data })}
        </p>
      )}
    </MessageItem>
  );
}

function DismissModal({ message, onClose }: { message: UnmatchedMessage; onClose: () => void }) {
  const dismiss = useDismissMessage();
  const sender = senderOf(message);
  return (
    <ConfirmModal
      open
      title={t.dismissTitle}
      confirmLabel={t.dismissConfirm}
      busyLabel={t.dismissing}
      busy={dismiss.isPending}
      error={dismiss.isError ? errorText(dismiss.error, t.dismissError) : null}
      onConfirm={() =>
        dismiss.mutate(message.id, {
          onSuccess: (answer) => {
            showToast({ message: answer.message, variant: 'success' });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>{formatMessage(t.dismissBody, { remetente: sender })}</p>
    </ConfirmModal>
  );
}

/** How long the search waits after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

type View = 'waiting' | 'dismissed';

/** Each list's own texts. */
const views = {
  waiting: {
    label: t.listLabel,
    empty: t.empty,
    emptyFiltered: t.emptyFiltered,
    pagination: t.pagination,
    loadError: t.loadError,
  },
  dismissed: {
    label: t.dismissedListLabel,
    empty: t.dismissedEmpty,
    emptyFiltered: t.dismissedEmptyFiltered,
    pagination: t.dismissedPagination,
    loadError: t.dismissedLoadError,
  },
} as const;

/**
 * 'Não identificadas': replies no quote claimed, assigned by hand to a quote and carrier, or dismissed. A
 * page at a time, newest first, searchable by sender or subject: every message can be reached. A dismissed
 * message is kept in 'Dispensadas' (newest dismissal first), from where it can be restored: nothing a
 * carrier sent is lost by a wrong click.
 */
export function UnmatchedPage() {
  const [view, setView] = useState<View>('waiting');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search, or the other list, starts at its first page.
  const [paging, setPaging] = useState({ search: '', view: 'waiting' as View, page: 1 });
  const page = paging.search === term && paging.view === view ? paging.page : 1;
  const dismissedView = view === 'dismissed';
  const list = useUnmatched({ page, search: term, dispensadas: dismissedView });
  const [assigning, setAssigning] = useState<UnmatchedMessage | null>(null);
  const [dismissing, setDismissing] = useState<UnmatchedMessage | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const totalPages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;
  const texts = views[view];

  // The last message of the last page assigned, dismissed or restored: show the page before it.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPaging({ search: term, view, page: totalPages });
  }, [totalPages, page, term, view]);

  const content = (
    <>
      {dismissedView && <p className="mb-3 text-sm text-fg-muted">{t.dismissedIntro}</p>}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          <InboxIcon size={16} />
          {list.data ? formatMessage(t.total, { count: list.data.total }) : ' '}
          {list.isFetching && list.data && <Spinner size={14} className="text-primary" />}
        </p>
        <Input
          label={t.listSearch}
          hideLabel
          type="search"
          placeholder={t.listSearchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
          containerClassName="w-full sm:w-80"
        />
      </div>
      {/* Where the focus goes when a restored message leaves the list with its button. */}
      <div ref={resultsRef} tabIndex={-1} className="outline-none">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Alert variant="error">{errorText(list.error, texts.loadError)}</Alert>
        ) : list.data.data.length === 0 ? (
          <InboxEmpty text={term ? texts.emptyFiltered : texts.empty} />
        ) : (
          <ul aria-label={texts.label} aria-busy={list.isPlaceholderData || undefined} className="space-y-3">
            {list.data.data.map((message) =>
              dismissedView ? (
                <DismissedItem
                  key={message.id}
                  message={message}
                  onLeave={() => resultsRef.current?.focus()}
                />
              ) : (
                <WaitingItem
                  key={message.id}
                  message={message}
                  onAssign={() => setAssigning(message)}
                  onDismiss={() => setDismissing(message)}
                />
              ),
            )}
          </ul>
        )}
      </div>
      <Pagination
        className="mt-4"
        label={texts.pagination}
        page={page}
        totalPages={totalPages}
        onPageChange={(next) => setPaging({ search: term, view, page: next })}
        disabled={list.isPlaceholderData}
      />
    </>
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <InboxSections current="unmatched" />
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={<RefreshButton list={list} label={t.refresh} />}
      />
      <Tabs
        label={t.views}
        value={view}
        onValueChange={(next) => setView(next as View)}
        items={[
          { id: 'waiting', label: t.viewWaiting, content },
          { id: 'dismissed', label: t.viewDismissed, content },
        ]}
      />
      {assigning && <AssignMessageModal message={assigning} onClose={() => setAssigning(null)} />}
      {dismissing && <DismissModal message={dismissing} onClose={() => setDismissing(null)} />}
    </div>
  );
}
