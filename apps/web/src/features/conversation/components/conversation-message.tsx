import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { AlertTriangleIcon, ChevronDownIcon, FileTextIcon, InboxIcon, SendIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { EmailMessage } from '../api/get-conversation';
import { attachmentsQuery } from '../api/list-attachments';
import { ConversationAttachments } from './conversation-attachments';
import { previewOf, splitQuoted, textOfHtml } from './conversation-text';
import { MessageHtmlFrame } from './message-html-frame';

const t = ui.conversation;
/** Kinds worth a badge: a request or an answer is the normal case. */
const PLAIN_KINDS = new Set(['pedido', 'resposta']);

function Addresses({ label, values }: { label: string; values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="break-all text-fg">{values.join(', ')}</dd>
    </>
  );
}

/** The names of a message's files, when they were already fetched (spec 001 §9: prefetched for 20). */
function AttachmentHint({ message }: { message: EmailMessage }) {
  const files = useQuery({ ...attachmentsQuery(message.id), enabled: false });
  if (message.anexos === 0) return null;
  const names = files.data?.attachments.map((file) => file.filename).join(', ');
  return (
    <span className="flex min-w-0 items-center gap-1 text-xs text-fg-muted">
      <FileTextIcon size={14} className="shrink-0" />
      <span className="truncate">
        {formatMessage(t.attachmentsCount, { n: message.anexos })}
        {names ? `: ${names}` : ''}
      </span>
    </span>
  );
}

function MessageBody({
  message,
  remoteImages,
  onLoadRemoteImages,
  loadingImages,
}: {
  message: EmailMessage;
  remoteImages: boolean;
  onLoadRemoteImages: () => void;
  loadingImages: boolean;
}) {
  const [showQuoted, setShowQuoted] = useState(false);
  const [asText, setAsText] = useState(false);
  const quotedId = useId();
  const html = message.bodyHtml;
  const showHtml = Boolean(html) && !asText;
  const { body, quoted } = splitQuoted(message.bodyText);
  const hasQuoted = showHtml ? /<blockquote/i.test(html ?? '') : quoted.length > 0;
  const blockedImages = Number(message.metadata.imagensRemotas ?? 0);

  return (
    <div className="space-y-3">
      {showHtml && blockedImages > 0 && !remoteImages && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted">
          <span className="min-w-0 flex-1">{t.remoteImagesBlocked}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={onLoadRemoteImages}
            loading={loadingImages}
            loadingText={t.loadingRemoteImages}
          >
            {t.loadRemoteImages}
          </Button>
        </div>
      )}
      {showHtml ? (
        <MessageHtmlFrame
          html={html!}
          from={message.from}
          remoteImages={remoteImages}
          showQuoted={showQuoted}
        />
      ) : (
        <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
          {body || t.noBody}
        </pre>
      )}
      <div className="flex flex-wrap gap-2">
        {hasQuoted && (
          <Button
            size="sm"
            variant="link"
            aria-expanded={showQuoted}
            aria-controls={!showHtml && showQuoted ? quotedId : undefined}
            onClick={() => setShowQuoted((value) => !value)}
          >
            {showQuoted ? t.hideQuoted : t.showQuoted}
          </Button>
        )}
        {html && message.bodyText.trim() && (
          <Button size="sm" variant="link" onClick={() => setAsText((value) => !value)}>
            {asText ? t.viewHtml : t.viewText}
          </Button>
        )}
      </div>
      {!showHtml && showQuoted && (
        <pre
          id={quotedId}
          className="border-l-2 border-border-strong pl-3 font-sans text-sm break-words whitespace-pre-wrap text-fg-muted"
        >
          {quoted}
        </pre>
      )}
    </div>
  );
}

/** One message of a thread: a summary row that opens the whole e-mail with its attachments. */
export function ConversationMessage({
  message,
  isStart,
  remoteImages,
  onLoadRemoteImages,
  loadingImages,
  isTarget = false,
}: {
  message: EmailMessage;
  isStart: boolean;
  remoteImages: boolean;
  onLoadRemoteImages: () => void;
  loadingImages: boolean;
  /** The message 'Ver mensagem' asked for (?mensagem=): opened, scrolled to and focused. */
  isTarget?: boolean;
}) {
  const [open, setOpen] = useState(isTarget);
  const summary = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isTarget) return;
    setOpen(true);
    summary.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    summary.current?.focus({ preventScroll: true });
  }, [isTarget]);
  const detailId = useId();
  const sent = message.direction === 'sent';
  const preview = previewOf(message.bodyText.trim() ? message.bodyText : textOfHtml(message.bodyHtml ?? ''));
  const date = formatDateTime(message.createdAt, ui.common.invalidDate);

  return (
    <li
      data-message={message.id}
      className={cn(
        'scroll-mt-24 rounded-xl border bg-surface',
        open ? 'border-border-strong' : 'border-border',
        isTarget && 'ring-2 ring-primary',
      )}
    >
      <button
        ref={summary}
        type="button"
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring sm:px-4"
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full',
            sent ? 'bg-primary-soft text-primary-soft-fg' : 'bg-success-soft text-success-soft-fg',
          )}
        >
          {sent ? <SendIcon size={16} /> : <InboxIcon size={16} />}
        </span>
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge variant={sent ? 'primary' : 'success'}>{sent ? t.sent : t.received}</Badge>
            {isStart && <Badge variant="neutral">{t.start}</Badge>}
            {!PLAIN_KINDS.has(message.tipo) && (
              <Badge variant="warning">{t.tipos[message.tipo] ?? message.tipo}</Badge>
            )}
            <span className="min-w-0 truncate text-sm text-fg-muted">{message.from}</span>
            <span className="ml-auto text-xs whitespace-nowrap text-fg-muted">{date}</span>
          </span>
          <span className="block text-sm font-semibold break-words text-fg">
            {message.subject || t.noSubject}
          </span>
          {preview && <span className="block text-sm break-words text-fg-muted">{preview}</span>}
          {message.marcacao && (
            <span className="flex items-start gap-1 text-xs font-medium text-warning-soft-fg">
              <AlertTriangleIcon size={14} className="mt-px shrink-0" />
              {message.marcacao}
            </span>
          )}
          <AttachmentHint message={message} />
        </span>
        <ChevronDownIcon
          size={18}
          className={cn('mt-1 shrink-0 text-fg-muted transition-transform', open && 'rotate-180')}
        />
        <span className="sr-only">{open ? t.close : t.open}</span>
      </button>
      {open && (
        <div id={detailId} className="space-y-4 border-t border-border px-3 py-4 sm:px-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-fg-muted">{t.from}</dt>
            <dd className="break-all text-fg">{message.from}</dd>
            <Addresses label={t.to} values={message.to} />
            <Addresses label={t.cc} values={message.cc} />
            <Addresses label={t.bcc} values={message.bcc} />
            <dt className="text-fg-muted">{t.date}</dt>
            <dd className="text-fg">{date}</dd>
          </dl>
          <MessageBody
            message={message}
            remoteImages={remoteImages}
            onLoadRemoteImages={onLoadRemoteImages}
            loadingImages={loadingImages}
          />
          <ConversationAttachments messageId={message.id} count={message.anexos} />
        </div>
      )}
    </li>
  );
}
