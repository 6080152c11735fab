import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { Link, useSearchParams } from 'react-router';
import { usePublicConfig } from '@/api/get-public-config';
import {
  AppLogo,
  ArrowLeftIcon,
  FileTextIcon,
  InboxIcon,
  MoonIcon,
  RefreshIcon,
  SunIcon,
} from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatBytes, formatDateTime } from '@/lib/format';
import { getToken, useUser } from '@/lib/session';
import { toggleTheme, useTheme } from '@/lib/theme';
import { useMailboxMessage } from '../api/get-message';
import { type MailboxSummary, useMailboxMessages } from '../api/list-messages';
import { ReplyAsCarrier } from './reply-as-carrier';

function MessageDetail({ id }: { id: string }) {
  const message = useMailboxMessage(id);
  if (message.isPending) return <LoadingState />;
  if (message.isError) return <Alert variant="error">{errorText(message.error, ui.mailbox.loadError)}</Alert>;
  const { data } = message;
  const text = (
    <pre className="overflow-x-auto font-sans text-sm leading-relaxed whitespace-pre-wrap break-words text-fg">
      {data.text}
    </pre>
  );
  return (
    <article aria-labelledby="mail-subject">
      <h2 id="mail-subject" className="text-lg font-semibold break-words text-fg">
        {data.subject || ui.mailbox.noSubject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-fg-muted">{ui.mailbox.from}</dt>
        <dd className="break-all text-fg">{data.from}</dd>
        <dt className="text-fg-muted">{ui.mailbox.to}</dt>
        <dd className="break-all text-fg">{data.to}</dd>
        <dt className="text-fg-muted">{ui.mailbox.date}</dt>
        <dd className="text-fg">{formatDateTime(data.date, ui.common.invalidDate)}</dd>
      </dl>
      {(data.anexos?.length ?? 0) > 0 && (
        <div className="mt-3">
          <p id="mail-attachments" className="text-sm font-medium text-fg">
            {ui.mailbox.attachments}
          </p>
          <ul aria-labelledby="mail-attachments" className="mt-1 flex flex-wrap gap-2">
            {data.anexos.map((file, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a message's attachments keep their order
                key={index}
                className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-surface-muted px-2.5 py-1 text-sm text-fg"
              >
                <FileTextIcon size={14} className="shrink-0 text-fg-muted" />
                {formatMessage(ui.mailbox.attachmentLine, {
                  nome: file.filename || ui.mailbox.noAttachmentName,
                  tamanho: formatBytes(file.size),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ReplyAsCarrier key={data.id} message={data} />
      <div className="mt-5 border-t border-border pt-4">
        {data.html ? (
          <Tabs
            label={ui.mailbox.subject}
            items={[
              { id: 'text', label: ui.mailbox.textTab, content: text },
              {
                id: 'html',
                label: ui.mailbox.htmlTab,
                content: (
                  // Sandboxed with no permissions: no scripts, no forms, no same-origin access.
                  <iframe
                    title={ui.mailbox.htmlFrameTitle}
                    sandbox=""
                    srcDoc={data.html}
                    className="h-[28rem] w-full rounded-lg border border-border bg-white"
                  />
                ),
              },
            ]}
          />
        ) : (
          text
        )}
      </div>
    </article>
  );
}

function MessageList({ messages, selected }: { messages: MailboxSummary[]; selected: string | null }) {
  return (
    <ul aria-label={ui.mailbox.listLabel} className="divide-y divide-border">
      {messages.map((message) => (
        <li key={message.id}>
          <Link
            to={`?id=${encodeURIComponent(message.id)}`}
            aria-current={message.id === selected ? 'true' : undefined}
            className={cn(
              'block px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
              message.id === selected ? 'bg-primary-soft' : 'hover:bg-surface-muted',
            )}
          >
            <span className="block truncate text-sm font-semibold text-fg">
              {message.subject || ui.mailbox.noSubject}
            </span>
            <span className="mt-0.5 block truncate text-xs text-fg-muted">
              {ui.mailbox.to}: {message.to}
            </span>
            <span className="mt-0.5 block text-xs text-fg-muted">
              {formatDateTime(message.date, ui.common.invalidDate)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Why the list cannot be shown, as the page's message; null when it can. */
function closedReason(available: boolean | undefined, signedIn: boolean, error: unknown): string | null {
  if (available === false) return ui.mailbox.unavailable;
  if (!signedIn) return ui.mailbox.signInRequired;
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return ui.mailbox.unavailable;
  if (error.status === 403) return ui.mailbox.developerOnly;
  return null;
}

/** Local mail catcher: what the server wrote to $DATA_DIR/mail/sent, for a signed-in desenvolvedor only. */
export function MailboxPage() {
  const theme = useTheme();
  const user = useUser();
  const [params] = useSearchParams();
  const selected = params.get('id');
  const signedIn = Boolean(getToken());
  const available = usePublicConfig().data?.mailboxEnabled;
  const messages = useMailboxMessages(signedIn && available !== false);
  const closed = closedReason(available, signedIn, messages.error);
  const unavailable = closed !== null;
  const themeLabel = theme === 'dark' ? ui.shell.topBar.themeToLight : ui.shell.topBar.themeToDark;

  return (
    <div className="min-h-dvh bg-bg">
      <PageTitle title={ui.mailbox.title} />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
          <AppLogo size={32} />
          <span className="font-bold text-fg">{ui.appName}</span>
          <div className="ml-auto flex items-center gap-2">
            <button
              type="button"
              onClick={toggleTheme}
              aria-label={themeLabel}
              title={themeLabel}
              className="rounded-lg p-2 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
            </button>
            <Link
              to={user ? paths.home.getHref() : paths.auth.login.getHref()}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {user ? ui.mailbox.backToApp : ui.mailbox.backToLogin}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-bold text-fg">
              <InboxIcon size={24} />
              {ui.mailbox.heading}
            </h1>
            <p className="mt-1 max-w-2xl text-sm text-fg-muted">{ui.mailbox.intro}</p>
          </div>
          {!unavailable && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => messages.refetch()}
              loading={messages.isFetching}
            >
              {!messages.isFetching && <RefreshIcon size={16} />}
              {ui.mailbox.refresh}
            </Button>
          )}
        </div>

        {closed ? (
          <Alert variant="warning">{closed}</Alert>
        ) : messages.isPending ? (
          <LoadingState />
        ) : messages.isError ? (
          <Alert variant="error">{errorText(messages.error, ui.mailbox.loadError)}</Alert>
        ) : messages.data.messages.length === 0 ? (
          <p className="rounded-xl border border-border bg-surface px-4 py-10 text-center text-sm text-fg-muted">
            {ui.mailbox.empty}
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
            <div
              className={cn(
                'overflow-hidden rounded-xl border border-border bg-surface',
                selected && 'hidden md:block',
              )}
            >
              <MessageList messages={messages.data.messages} selected={selected} />
            </div>
            <div
              className={cn('rounded-xl border border-border bg-surface p-5', !selected && 'hidden md:block')}
            >
              {selected ? (
                <>
                  <Link
                    to="?"
                    className={buttonClasses({ variant: 'link', className: 'mb-4 text-sm md:hidden' })}
                  >
                    <ArrowLeftIcon size={16} />
                    {ui.mailbox.backToList}
                  </Link>
                  <MessageDetail id={selected} />
                </>
              ) : (
                <p className="py-10 text-center text-sm text-fg-muted">{ui.mailbox.selectMessage}</p>
              )}
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
