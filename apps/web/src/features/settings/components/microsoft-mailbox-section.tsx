import { formatMessage } from '@cotacoes/shared/messages/errors';
import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import type { MicrosoftMailbox, MicrosoftMailboxList } from '@cotacoes/shared/schemas/microsoft-mailbox';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { QueryContent } from '@/components/ui/query-content';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import {
  useConnectMicrosoftMailbox,
  useDisconnectMicrosoftMailbox,
  useMicrosoftAuthUrl,
  useMicrosoftMailboxes,
  useSyncMicrosoftMailbox,
} from '../api/microsoft-mailbox';

const STATE_BADGE = { ok: 'success', erro: 'warning', reconectar: 'danger' } as const;

const toastResult = (message: string) => showToast({ variant: 'success', message });
const toastError = (error: unknown) =>
  showToast({ variant: 'error', message: errorText(error, t.actionError) });

function ConnectForm() {
  const link = useMicrosoftAuthUrl();
  const connect = useConnectMicrosoftMailbox();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    connect.mutate(
      { email: email.trim(), code: code.trim() },
      {
        onSuccess: (answer) => {
          toastResult(answer.message);
          setCode('');
        },
        onError: toastError,
      },
    );
  }

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="text-sm text-fg">{t.step1}</p>
        <Button
          type="button"
          variant="secondary"
          loading={link.isPending}
          loadingText={t.generating}
          onClick={() => link.mutate(undefined, { onError: toastError })}
        >
          {t.generateLink}
        </Button>
        {link.data && (
          <p className="text-sm">
            <a
              href={link.data.url}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all font-medium text-primary underline underline-offset-2"
            >
              {t.openLink}
            </a>
          </p>
        )}
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <p className="text-sm text-fg">{t.step2}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            label={t.emailLabel}
            type="email"
            autoComplete="off"
            placeholder={t.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Input
            label={t.codeLabel}
            autoComplete="off"
            placeholder={t.codePlaceholder}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        {connect.isError && <Alert variant="error">{errorText(connect.error, t.actionError)}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" loading={connect.isPending} loadingText={t.connecting}>
            {t.connect}
          </Button>
        </div>
      </form>
    </div>
  );
}

function MailboxRow({ mailbox }: { mailbox: MicrosoftMailbox }) {
  const sync = useSyncMicrosoftMailbox();
  const disconnect = useDisconnectMicrosoftMailbox();
  const body = { email: mailbox.email };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-fg">{mailbox.email}</span>
          <Badge variant={STATE_BADGE[mailbox.state]}>{t.states[mailbox.state]}</Badge>
        </p>
        <p className="text-sm text-fg-muted">
          {mailbox.lastSyncAt
            ? formatMessage(t.lastSync, { quando: formatDateTime(mailbox.lastSyncAt, t.neverSynced) })
            : t.neverSynced}
          {' · '}
          {formatMessage(t.received, { n: mailbox.received })}
        </p>
        <p className="text-sm text-fg-muted">
          {mailbox.notifications ? t.notificationsOn : t.notificationsOff}
        </p>
        {mailbox.state === 'reconectar' && <p className="text-sm text-danger-soft-fg">{t.reconnectHint}</p>}
        {mailbox.state !== 'reconectar' && mailbox.lastError && (
          <p className="text-sm text-danger-soft-fg">{mailbox.lastError}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {mailbox.state !== 'reconectar' && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={sync.isPending}
            loadingText={t.syncing}
            aria-label={`${t.sync} — ${mailbox.email}`}
            onClick={() =>
              sync.mutate(body, { onSuccess: (answer) => toastResult(answer.message), onError: toastError })
            }
          >
            {t.sync}
          </Button>
        )}
        <Button
          type="button"
          variant="danger"
          size="sm"
          loading={disconnect.isPending}
          loadingText={t.disconnecting}
          aria-label={`${t.disconnect} — ${mailbox.email}`}
          onClick={() =>
            disconnect.mutate(body, {
              onSuccess: (answer) => toastResult(answer.message),
              onError: toastError,
            })
          }
        >
          {t.disconnect}
        </Button>
      </div>
    </li>
  );
}

function Content({ data }: { data: MicrosoftMailboxList }) {
  if (!data.configured) return <Alert variant="info">{t.notConfigured}</Alert>;
  return (
    <div className="space-y-6">
      <ConnectForm />
      <div>
        <h3 className="text-sm font-semibold text-fg">{t.connectedTitle}</h3>
        {data.data.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">{t.none}</p>
        ) : (
          <ul className="divide-y divide-border">
            {data.data.map((mailbox) => (
              <MailboxRow key={mailbox.email} mailbox={mailbox} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** 'Microsoft 365 (Outlook)' on the settings page (desenvolvedor): connect, see and disconnect the mailbox. */
export function MicrosoftMailboxSection() {
  const mailboxes = useMicrosoftMailboxes();
  return (
    <CardSection title={t.title} description={t.intro} headingId="settings-microsoft-mailbox">
      <QueryContent query={mailboxes} loadingLabel={t.loading} errorFallback={t.loadError}>
        {(data) => <Content data={data} />}
      </QueryContent>
    </CardSection>
  );
}
