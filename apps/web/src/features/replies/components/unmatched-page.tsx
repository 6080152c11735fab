import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useEffect, useState } from 'react';
import { FileTextIcon, InboxIcon, SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDismissMessage } from '../api/dismiss-message';
import { type UnmatchedMessage, useUnmatched } from '../api/list-unmatched';
import { AssignMessageModal } from './assign-message-modal';
import { InboxEmpty, InboxSections, ListSkeleton, RefreshButton } from './inbox-sections';

const t = uiReplies.unmatched;

function MessageItem({
  message,
  onAssign,
  onDismiss,
}: {
  message: UnmatchedMessage;
  onAssign: () => void;
  onDismiss: () => void;
}) {
  const headingId = `unmatched-${message.id}`;
  const sender = message.fromName ?? message.from ?? t.unknownSender;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <h2 id={headingId} className="font-semibold break-words text-fg">
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
        </div>
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
      </article>
    </li>
  );
}

function DismissModal({ message, onClose }: { message: UnmatchedMessage; onClose: () => void }) {
  const dismiss = useDismissMessage();
  const sender = message.fromName ?? message.from ?? t.unknownSender;
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

/**
 * 'Não identificadas': replies no quote claimed, assigned by hand to a quote and carrier, or dismissed. A
 * page at a time, newest first, searchable by sender or subject: every message can be reached.
 */
export function UnmatchedPage() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === term ? paging.page : 1;
  const list = useUnmatched({ page, search: term });
  const [assigning, setAssigning] = useState<UnmatchedMessage | null>(null);
  const [dismissing, setDismissing] = useState<UnmatchedMessage | null>(null);
  const totalPages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;

  // The last message of the last page assigned or dismissed: show the page before it.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPaging({ search: term, page: totalPages });
  }, [totalPages, page, term]);

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <InboxSections current="unmatched" />
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={<RefreshButton list={list} label={t.refresh} />}
      />
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
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <Alert variant="error">{errorText(list.error, t.loadError)}</Alert>
      ) : list.data.data.length === 0 ? (
        <InboxEmpty text={term ? t.emptyFiltered : t.empty} />
      ) : (
        <ul aria-label={t.listLabel} aria-busy={list.isPlaceholderData || undefined} className="space-y-3">
          {list.data.data.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              onAssign={() => setAssigning(message)}
              onDismiss={() => setDismissing(message)}
            />
          ))}
        </ul>
      )}
      <Pagination
        className="mt-4"
        label={t.pagination}
        page={page}
        totalPages={totalPages}
        onPageChange={(next) => setPaging({ search: term, page: next })}
        disabled={list.isPlaceholderData}
      />
      {assigning && <AssignMessageModal message={assigning} onClose={() => setAssigning(null)} />}
      {dismissing && <DismissModal message={dismissing} onClose={() => setDismissing(null)} />}
    </div>
  );
}
