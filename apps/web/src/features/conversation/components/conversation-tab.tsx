import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuote } from '@/api/get-quote';
import { MailIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { storage } from '@/lib/storage';
import { type EmailMessage, useConversation } from '../api/get-conversation';
import { attachmentsQuery } from '../api/list-attachments';
import { ConversationMessage } from './conversation-message';

const t = ui.conversation;

/** Spec 001 §9: attachment names are fetched ahead for at most 20 messages. */
export const ATTACHMENT_PREFETCH_LIMIT = 20;
/** Spec 001 §9: the conversation filter and sort order are remembered. */
export const conversationStorageKeys = { filter: 'conversation-filter', sort: 'conversation-sort' } as const;

const FILTERS = ['all', 'received', 'sent'] as const;
const SORTS = ['asc', 'desc'] as const;
type Filter = (typeof FILTERS)[number];
type Sort = (typeof SORTS)[number];

function usePreference<T extends string>(key: string, allowed: readonly T[], fallback: T) {
  const [value, setValue] = useState<T>(() => {
    const saved = storage.get(key);
    return allowed.includes(saved as T) ? (saved as T) : fallback;
  });
  const update = (next: T) => {
    storage.set(key, next);
    setValue(next);
  };
  return [value, update] as const;
}

type Thread = { id: string; nome: string; messages: EmailMessage[] };

const COMMON = 'todos';
const UNKNOWN = 'desconhecido';
const COMPARATIVES = 'comparativos';
/** A comparative goes to the importer's own people, not to a carrier: it has a thread of its own. */
const isComparative = (message: EmailMessage) => message.tipo === 'comparativo';

/**
 * One thread per carrier, in the order of the quote's recipients: its own messages, plus the bcc request
 * (sent to every carrier at once, so it opens every thread). Messages stay oldest first here.
 */
export function buildThreads(
  messages: readonly EmailMessage[],
  recipients: readonly { transportadorId: string; nome: string }[],
): Thread[] {
  const common = messages.filter(
    (m) => m.transportadorId === null && m.direction === 'sent' && !isComparative(m),
  );
  const threads = new Map<string, Thread>();
  for (const recipient of recipients)
    threads.set(recipient.transportadorId, {
      id: recipient.transportadorId,
      nome: recipient.nome,
      messages: [],
    });
  for (const message of messages) {
    if (isComparative(message) || (message.transportadorId === null && message.direction === 'sent'))
      continue;
    const id = message.transportadorId ?? UNKNOWN;
    if (!threads.has(id))
      threads.set(id, { id, nome: message.transportadorNome ?? t.unknownCarrier, messages: [] });
    threads.get(id)!.messages.push(message);
  }
  const result = [...threads.values()].map((thread) => ({
    ...thread,
    messages: [...common, ...thread.messages].sort(
      (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
    ),
  }));
  if (result.length === 0 && common.length > 0)
    result.push({ id: COMMON, nome: t.commonThread, messages: common });
  const comparatives = messages.filter(isComparative);
  if (comparatives.length > 0)
    result.push({ id: COMPARATIVES, nome: ui.comparative.thread, messages: comparatives });
  return result;
}

function ConversationSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{ui.common.loading}</span>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="animate-pulse rounded-xl border border-border bg-surface p-4"
        >
          <div className="h-4 w-1/4 rounded bg-surface-muted" />
          <div className="mt-3 h-3 w-2/3 rounded bg-surface-muted" />
          <div className="mt-2 h-3 w-1/2 rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}

function FilterButtons({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t.filterLabel}</legend>
      <div className="inline-flex rounded-lg border border-border-strong bg-surface p-0.5">
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={value === filter}
            onClick={() => onChange(filter)}
            className={cn(
              'h-9 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              value === filter ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-surface-muted',
            )}
          >
            {t.filters[filter]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * 'Histórico de Emails dos Transportadores' (spec 001 §2, §9): the quote's e-mails grouped by carrier,
 * filtered (all, received, sent) and ordered as the user last chose; the first sent message of a thread
 * is its 'Início'.
 */
export function ConversationTab({ quoteId }: { quoteId: string }) {
  const [filter, setFilter] = usePreference<Filter>(conversationStorageKeys.filter, FILTERS, 'all');
  const [sort, setSort] = usePreference<Sort>(conversationStorageKeys.sort, SORTS, 'asc');
  const [remoteImages, setRemoteImages] = useState(false);
  const conversation = useConversation(quoteId, remoteImages);
  const quote = useQuote(quoteId);
  const messages = conversation.data ?? [];
  // 'Ver mensagem' (a response card, a figure's source) opens the tab on one message.
  const [searchParams] = useSearchParams();
  const target = searchParams.get('mensagem');

  const withFiles = messages.filter((message) => message.anexos > 0).slice(0, ATTACHMENT_PREFETCH_LIMIT);
  useQueries({ queries: withFiles.map((message) => attachmentsQuery(message.id)) });

  const threads = useMemo(
    () => buildThreads(conversation.data ?? [], quote.data?.destinatarios ?? []),
    [conversation.data, quote.data],
  );
  const visible = threads
    .map((thread) => {
      // The comparatives sent to the company's own people start no carrier's conversation (QA pass 23).
      const start =
        thread.id === COMPARATIVES
          ? undefined
          : thread.messages.find((message) => message.direction === 'sent')?.id;
      const shown = thread.messages.filter(
        (message) => filter === 'all' || message.direction === filter || message.id === target,
      );
      return { ...thread, start, shown: sort === 'desc' ? shown.reverse() : shown };
    })
    .filter((thread) => thread.shown.length > 0);

  const heading = (
    <h2 id="conversation-title" className="text-base font-semibold text-fg">
      {t.title}
    </h2>
  );

  if (conversation.isPending)
    return (
      <section aria-labelledby="conversation-title" className="space-y-4">
        {heading}
        <ConversationSkeleton />
      </section>
    );

  if (conversation.isError)
    return (
      <section aria-labelledby="conversation-title" className="space-y-4">
        {heading}
        <Alert variant="error">{errorText(conversation.error, t.loadError)}</Alert>
        <Button variant="secondary" onClick={() => conversation.refetch()}>
          {t.retry}
        </Button>
      </section>
    );

  const loadingImages = remoteImages && conversation.isPlaceholderData;
  return (
    <section aria-labelledby="conversation-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {heading}
        {messages.length > 0 && (
          <div className="flex flex-wrap items-end gap-3">
            <FilterButtons value={filter} onChange={setFilter} />
            <Select
              label={t.sortLabel}
              value={sort}
              onChange={(event) => setSort(event.target.value as Sort)}
              options={SORTS.map((value) => ({ value, label: t.sorts[value] }))}
              containerClassName="w-56"
            />
          </div>
        )}
      </div>

      {messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border-strong px-6 py-10 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
            <MailIcon size={24} />
          </span>
          <p className="text-sm text-fg-muted">{t.empty}</p>
        </div>
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-fg-muted">
          {t.emptyFiltered}
        </p>
      ) : (
        <div className="space-y-5">
          {visible.map((thread) => (
            <section
              key={thread.id}
              aria-labelledby={`thread-${thread.id}`}
              className="space-y-2 rounded-2xl border border-border bg-surface-muted/40 p-3 sm:p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 id={`thread-${thread.id}`} className="font-semibold text-fg">
                  {thread.nome}
                </h3>
                <Badge>{formatMessage(t.threadCount, { n: thread.shown.length })}</Badge>
              </div>
              <ol className="space-y-2">
                {thread.shown.map((message) => (
                  <ConversationMessage
                    key={message.id}
                    message={message}
                    isStart={message.id === thread.start}
                    remoteImages={remoteImages && !conversation.isPlaceholderData}
                    onLoadRemoteImages={() => setRemoteImages(true)}
                    loadingImages={loadingImages}
                    isTarget={message.id === target}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
