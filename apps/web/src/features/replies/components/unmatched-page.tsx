import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useState } from 'react';
import { FileTextIcon, InboxIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDismissMessage } from '../api/dismiss-message';
import { type UnmatchedMessage, useUnmatched } from '../api/list-unmatched';
import { AssignMessageModal } from './assign-message-modal';
import { InboxEmpty, InboxSections, ListSkeleton, RefreshButton } from './inbox-sections';

const t = ui.replies.unmatched;

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

/** 'Não identificadas': replies no quote claimed, assigned by hand to a quote and carrier, or dismissed. */
export function UnmatchedPage() {
  const list = useUnmatched();
  const [assigning, setAssigning] = useState<UnmatchedMessage | null>(null);
  const [dismissing, setDismissing] = useState<UnmatchedMessage | null>(null);

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <InboxSections current="unmatched" />
      <PageHeader
        title={t.title}
        description={t.intro}
        actions={<RefreshButton list={list} label={t.refresh} />}
      />
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
            {formatMessage(t.total, { count: list.data.total })}
          </p>
          <ul aria-label={t.listLabel} className="space-y-3">
            {list.data.data.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onAssign={() => setAssigning(message)}
                onDismiss={() => setDismissing(message)}
              />
            ))}
          </ul>
        </>
      )}
      {assigning && <AssignMessageModal message={assigning} onClose={() => setAssigning(null)} />}
      {dismissing && <DismissModal message={dismissing} onClose={() => setDismissing(null)} />}
    </div>
  );
}
