import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useRef, useState } from 'react';
import { InboxIcon, RefreshIcon, TrashIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatBytes, formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDiscardMessage } from '../api/discard-message';
import { type FailedMessage, useFailed } from '../api/list-failed';
import { useReprocessMessage } from '../api/reprocess-message';
import { InboxEmpty, InboxSections, ListSkeleton, RefreshButton } from './inbox-sections';

const t = uiReplies.failed;

function senderOf(message: FailedMessage): string {
  return message.fromName ?? message.from ?? t.unknownSender;
}

function MessageItem({
  message,
  onDiscard,
  onLeave,
}: {
  message: FailedMessage;
  onDiscard: () => void;
  /** The message left the list: the focus must not be lost with its buttons. */
  onLeave: () => void;
}) {
  const reprocess = useReprocessMessage();
  const headingId = `failed-${message.id}`;
  const sender = senderOf(message);

  // mutateAsync: the row may leave the list (the list is read again) before the answer is shown.
  async function onReprocess() {
    try {
      const result = await reprocess.mutateAsync(message.id);
      showToast({ message: result.message, variant: result.status === 'falhou' ? 'error' : 'success' });
      if (result.status !== 'falhou' && result.status !== 'pendente') onLeave();
    } catch (error) {
      showToast({ message: errorText(error, t.reprocessError), variant: 'error' });
    }
  }

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id={headingId} className="min-w-0 font-semibold break-words text-fg">
              {message.subject || t.noSubject}
            </h2>
            <Badge variant={message.status === 'falhou' ? 'danger' : 'warning'}>
              {t.statuses[message.status]}
            </Badge>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-fg-muted">{t.columns.from}</dt>
            <dd className="break-all text-fg">
              {message.fromName && message.from ? `${message.fromName} <${message.from}>` : sender}
            </dd>
            <dt className="text-fg-muted">{t.columns.receivedAt}</dt>
            <dd className="text-fg">{formatDateTime(message.receivedAt, ui.common.invalidDate)}</dd>
            <dt className="text-fg-muted">{t.columns.size}</dt>
            <dd className="text-fg">{formatBytes(message.tamanho)}</dd>
            <dt className="text-fg-muted" title={t.attemptsHint}>
              {t.columns.attempts}
            </dt>
            <dd className="text-fg tabular-nums">{message.tentativas}</dd>
            <dt className="text-fg-muted">{t.columns.error}</dt>
            <dd className={cn('break-words', message.erro ? 'text-danger-soft-fg' : 'text-fg-muted')}>
              {message.erro ?? t.noError}
            </dd>
            <dt className="text-fg-muted">{t.columns.nextAttempt}</dt>
            <dd className="text-fg">
              {message.proximaTentativa
                ? new Date(message.proximaTentativa).getTime() <= Date.now()
                  ? t.nextAttemptDue
                  : formatMessage(t.nextAttemptAt, {
                      data: formatDateTime(message.proximaTentativa, ui.common.invalidDate),
                    })
                : t.noNextAttempt}
            </dd>
          </dl>
          <Badge>{uiReplies.unmatched.sources[message.source] ?? message.source}</Badge>
        </div>
        <div className="flex flex-wrap gap-2 sm:w-44 sm:flex-col">
          <Button
            onClick={onReprocess}
            loading={reprocess.isPending}
            loadingText={t.reprocessing}
            aria-label={
              reprocess.isPending ? undefined : formatMessage(t.reprocessMessage, { remetente: sender })
            }
            className="flex-1 sm:flex-none"
          >
            {!reprocess.isPending && <RefreshIcon size={16} />}
            {t.reprocess}
          </Button>
          <Button
            variant="secondary"
            onClick={onDiscard}
            disabled={reprocess.isPending}
            aria-label={formatMessage(t.discardMessage, { remetente: sender })}
            className="flex-1 sm:flex-none"
          >
            <TrashIcon size={16} />
            {t.discard}
          </Button>
        </div>
      </article>
    </li>
  );
}

function DiscardModal({
  message,
  onClose,
  onDiscarded,
}: {
  message: FailedMessage;
  onClose: () => void;
  onDiscarded: () => void;
}) {
  const discard = useDiscardMessage();

  function confirm() {
    discard.mutate(message.id, {
      onSuccess: (answer) => {
        showToast({ message: answer.message, variant: 'success' });
        onDiscarded();
      },
    });
  }

  return (
    <ConfirmModal
      open
      title={t.discardTitle}
      confirmLabel={t.discardConfirm}
      busyLabel={t.discarding}
      busy={discard.isPending}
      error={discard.isError ? errorText(discard.error, t.discardError) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{formatMessage(t.discardBody, { remetente: senderOf(message) })}</p>
    </ConfirmModal>
  );
}

/** 'Com falha' (desenvolvedor): messages stored but not processed, reprocessed or discarded one by one. */
export function FailedPage() {
  const list = useFailed();
  const [discarding, setDiscarding] = useState<FailedMessage | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const focusResults = () => resultsRef.current?.focus();
  const pendentes = list.data?.data.filter((message) => message.status === 'pendente').length ?? 0;

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <InboxSections current="failed" />
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={<RefreshButton list={list} label={t.refresh} />}
      />
      <div ref={resultsRef} tabIndex={-1} className="outline-none">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Alert variant="error">{errorText(list.error, t.loadError)}</Alert>
        ) : list.data.data.length === 0 ? (
          <InboxEmpty text={t.empty} />
        ) : (
          <>
            <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted">
              <InboxIcon size={16} />
              {pendentes > 0
                ? formatMessage(t.totalWithPending, { count: list.data.total, pendentes })
                : formatMessage(t.total, { count: list.data.total })}
            </p>
            <ul aria-label={t.listLabel} className="space-y-3">
              {list.data.data.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  onDiscard={() => setDiscarding(message)}
                  onLeave={focusResults}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      {discarding && (
        <DiscardModal
          message={discarding}
          onClose={() => setDiscarding(null)}
          onDiscarded={() => {
            setDiscarding(null);
            // The dialog gives the focus back to a button that is gone; the list takes it instead.
            requestAnimationFrame(focusResults);
          }}
        />
      )}
    </div>
  );
}
