import { formatMessage } from '@cotacoes/shared/messages/errors';
import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import type { MicrosoftMailbox, MicrosoftMailboxList } from '@cotacoes/shared/schemas/microsoft-mailbox';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { QueryContent } from '@/components/ui/query-content';
import { isFirstSyncPending, SourceErrorText, SourceStateBadge } from '@/features/inbound-sources';
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
import {
  forgetStoredCode,
  storedStateFor,
  useReceivedAuthorizationCode,
} from '../hooks/use-authorization-code';

const CONNECT_ID = 'settings-microsoft-connect';

const toastResult = (message: string) => showToast({ variant: 'success', message });
const toastError = (error: unknown) =>
  showToast({ variant: 'error', message: errorText(error, t.actionError) });

/** The authorization link, then e-mail + code; the code fills itself in when the callback tab saves it. */
function ConnectForm({ initialEmail }: { initialEmail: string }) {
  const link = useMicrosoftAuthUrl();
  const connect = useConnectMicrosoftMailbox();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [received, setReceived] = useState(false);

  useReceivedAuthorizationCode(Boolean(link.data), (next) => {
    setCode(next);
    setReceived(true);
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = { email: email.trim(), code: code.trim() };
    const state = trimmed.code ? storedStateFor(trimmed.code) : undefined;
    connect.mutate(
      { ...trimmed, ...(state ? { state } : {}) },
      {
        onSuccess: (answer) => {
          toastResult(answer.message);
          forgetStoredCode();
          setCode('');
          setReceived(false);
          link.reset();
        },
        onError: toastError,
      },
    );
  }

  return (
    <div id={CONNECT_ID} className="scroll-mt-4 space-y-4">
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
            hint={t.codeHint}
            autoComplete="off"
            spellCheck={false}
            placeholder={t.codePlaceholder}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setReceived(false);
            }}
          />
        </div>
        {received && <Alert variant="success">{t.codeReceived}</Alert>}
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

function MailboxRow({
  mailbox,
  onReconnect,
  onDisconnect,
}: {
  mailbox: MicrosoftMailbox;
  onReconnect: (email: string) => void;
  onDisconnect: (mailbox: MicrosoftMailbox) => void;
}) {
  const sync = useSyncMicrosoftMailbox();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 wrap-anywhere font-medium text-fg">{mailbox.email}</span>
          <SourceStateBadge
            state={mailbox.state}
            label={t.states[mailbox.state]}
            syncing={sync.isPending || isFirstSyncPending(mailbox)}
          />
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
        {mailbox.state === 'reconectar' && <p className="text-sm text-warning-soft-fg">{t.reconnectHint}</p>}
        {mailbox.state !== 'reconectar' && mailbox.lastError && (
          <p className="text-sm text-danger-soft-fg">
            <SourceErrorText message={mailbox.lastError} />
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {mailbox.state === 'reconectar' ? (
          <Button
            type="button"
            size="sm"
            aria-label={`${t.reconnect} — ${mailbox.email}`}
            onClick={() => onReconnect(mailbox.email)}
          >
            {t.reconnect}
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={sync.isPending}
            loadingText={t.syncing}
            aria-label={`${t.sync} — ${mailbox.email}`}
            onClick={() =>
              sync.mutate(
                { email: mailbox.email },
                { onSuccess: (answer) => toastResult(answer.message), onError: toastError },
              )
            }
          >
            {t.sync}
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`${t.disconnect} — ${mailbox.email}`}
          onClick={() => onDisconnect(mailbox)}
        >
          {t.disconnect}
        </Button>
      </div>
    </li>
  );
}

function Content({ data }: { data: MicrosoftMailboxList }) {
  const disconnect = useDisconnectMicrosoftMailbox();
  const [confirming, setConfirming] = useState<MicrosoftMailbox | null>(null);
  const [reconnectEmail, setReconnectEmail] = useState('');
  const [formKey, setFormKey] = useState(0);
  if (!data.configured) return <Alert variant="info">{t.notConfigured}</Alert>;

  function confirmDisconnect() {
    if (!confirming) return;
    disconnect.mutate(
      { email: confirming.email },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          toastResult(answer.message);
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      <ConnectForm key={formKey} initialEmail={reconnectEmail} />
      <div>
        <h3 className="text-sm font-semibold text-fg">{t.connectedTitle}</h3>
        {data.data.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">{t.none}</p>
        ) : (
          <ul className="divide-y divide-border">
            {data.data.map((mailbox) => (
              <MailboxRow
                key={mailbox.email}
                mailbox={mailbox}
                onReconnect={(email) => {
                  // Reconnecting is connecting again: the form, ready for that mailbox.
                  setReconnectEmail(email);
                  setFormKey((key) => key + 1);
                  document.getElementById(CONNECT_ID)?.scrollIntoView?.({ block: 'start' });
                }}
                onDisconnect={(row) => {
                  disconnect.reset();
                  setConfirming(row);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmModal
        open={confirming !== null}
        title={
          // A long address has no spaces to wrap at: it may break anywhere rather than widen the dialog.
          <span className="wrap-anywhere">
            {formatMessage(t.disconnectTitle, { email: confirming?.email ?? '' })}
          </span>
        }
        confirmLabel={t.disconnect}
        busy={disconnect.isPending}
        busyLabel={t.disconnecting}
        error={disconnect.isError ? errorText(disconnect.error, t.actionError) : null}
        onConfirm={confirmDisconnect}
        onClose={() => setConfirming(null)}
      >
        <p>{t.disconnectBody}</p>
        <p className="font-medium">{t.revokeAdvice}</p>
      </ConfirmModal>
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
