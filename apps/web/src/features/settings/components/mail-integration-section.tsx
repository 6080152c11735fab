import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { GmailConnection } from '@cotacoes/shared/schemas/gmail';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { QueryContent } from '@/components/ui/query-content';
import { storageKeys } from '@/config/constants';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { storage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import {
  useDisconnectGmail,
  useExchangeGmailCode,
  useGmailAuthUrl,
  useGmailConnections,
  useSyncGmailQuote,
} from '../api/gmail';

const t = ui.mailIntegration;

const STATE_BADGE: Record<GmailConnection['state'], BadgeVariant> = {
  ok: 'success',
  erro: 'danger',
  reconectar: 'warning',
  desconectada: 'neutral',
};

function Subsection({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 border-t border-border pt-5 first:border-t-0 first:pt-0"
    >
      <h3 id={id} className="text-sm font-semibold text-fg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** 'Gerar link de autorização', then e-mail + the code the callback screen showed (spec 000). */
function ConnectGmail({ onReconnectEmail }: { onReconnectEmail: string }) {
  const authUrl = useGmailAuthUrl();
  const exchange = useExchangeGmailCode();
  const [email, setEmail] = useState(onReconnectEmail);
  const [code, setCode] = useState(() => storage.get(storageKeys.gmailCode) ?? '');
  const [missing, setMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = { email: email.trim(), code: code.trim() };
    setMissing(!trimmed.email || !trimmed.code);
    if (!trimmed.email || !trimmed.code) return;
    // The state saved by the callback screen belongs to the code it saved with it.
    const state =
      storage.get(storageKeys.gmailCode) === trimmed.code
        ? (storage.get(storageKeys.gmailState) ?? undefined)
        : undefined;
    exchange.mutate(
      { ...trimmed, ...(state ? { state } : {}) },
      {
        onSuccess: (connection) => {
          storage.remove(storageKeys.gmailCode);
          storage.remove(storageKeys.gmailState);
          setCode('');
          authUrl.reset();
          showToast({ variant: 'success', message: formatMessage(t.connected, { email: connection.email }) });
        },
        onError: (error) => showToast({ variant: 'error', message: errorText(error, t.exchangeError) }),
      },
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">{t.connectSteps}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => authUrl.mutate()}
          loading={authUrl.isPending}
          loadingText={t.generatingLink}
        >
          {t.generateLink}
        </Button>
        {authUrl.data && (
          <a
            href={authUrl.data.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-primary underline underline-offset-2 break-all"
          >
            {t.openLink}
          </a>
        )}
      </div>
      {authUrl.data && <p className="text-sm text-fg-muted">{t.linkReady}</p>}
      {authUrl.isError && <Alert variant="error">{errorText(authUrl.error, t.authUrlError)}</Alert>}
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t.emailLabel}
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={exchange.isPending}
        />
        <Input
          label={t.codeLabel}
          hint={t.codeHint}
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={exchange.isPending}
        />
        {missing && (
          <Alert variant="error" className="sm:col-span-2">
            {t.emailCodeRequired}
          </Alert>
        )}
        {exchange.isError && (
          <Alert variant="error" className="sm:col-span-2">
            {errorText(exchange.error, t.exchangeError)}
          </Alert>
        )}
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={exchange.isPending} loadingText={t.connecting}>
            {t.connect}
          </Button>
        </div>
      </form>
    </div>
  );
}

function ConnectionRow({
  connection,
  onReconnect,
  onDisconnect,
}: {
  connection: GmailConnection;
  onReconnect: (email: string) => void;
  onDisconnect: (connection: GmailConnection) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-fg">{connection.email}</span>
          <Badge variant="neutral">{t.providerGmail}</Badge>
          <Badge variant={STATE_BADGE[connection.state]}>{t.states[connection.state]}</Badge>
        </p>
        <p className="text-sm text-fg-muted">
          {connection.lastSyncAt
            ? formatMessage(t.lastSync, { quando: formatDateTime(connection.lastSyncAt, '—') })
            : t.neverSynced}
          {' · '}
          {formatMessage(t.received, { n: connection.messagesReceived })}
        </p>
        {connection.state === 'erro' && connection.lastError && (
          <p className="text-sm text-danger-soft-fg">{connection.lastError}</p>
        )}
        {connection.state === 'reconectar' && (
          <p className="text-sm text-warning-soft-fg">{t.reconnectHint}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {connection.state === 'reconectar' && (
          <Button size="sm" onClick={() => onReconnect(connection.email)}>
            {t.reconnect}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onDisconnect(connection)}>
          {t.disconnect}
        </Button>
      </div>
    </li>
  );
}

/** 'Sincronizar conversa': e-mail + the quote's id (spec 000: manual conversation sync). */
function SyncQuote() {
  const sync = useSyncGmailQuote();
  const [email, setEmail] = useState('');
  const [cotacaoId, setCotacaoId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim(), cotacaoId: cotacaoId.trim() };
    const missing = !body.email ? t.emailRequired : !body.cotacaoId ? t.quoteIdRequired : null;
    setProblem(missing);
    if (missing) return;
    sync.mutate(body, {
      onSuccess: (result) =>
        showToast({
          variant: 'success',
          message: formatMessage(t.synced, { encontradas: result.encontradas, novas: result.novas }),
        }),
      onError: (error) => showToast({ variant: 'error', message: errorText(error, t.syncError) }),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-fg-muted sm:col-span-2">{t.syncHint}</p>
      <Input
        label={t.emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sync.isPending}
      />
      <Input
        label={t.quoteIdLabel}
        autoComplete="off"
        spellCheck={false}
        value={cotacaoId}
        onChange={(event) => setCotacaoId(event.target.value)}
        disabled={sync.isPending}
      />
      {problem && (
        <Alert variant="error" className="sm:col-span-2">
          {problem}
        </Alert>
      )}
      {sync.isError && (
        <Alert variant="error" className="sm:col-span-2">
          {errorText(sync.error, t.syncError)}
        </Alert>
      )}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" variant="secondary" loading={sync.isPending} loadingText={t.syncing}>
          {t.sync}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Integração de e-mail' in Configurações, for a desenvolvedor (spec 000 "Mail integration (settings)";
 * issue 34, ADR 0027): the connected mailboxes with their state, connecting Gmail (authorization link,
 * then e-mail and code) and a quote's conversation synced by hand. Another provider (Microsoft 365) adds
 * its own connect block beside Gmail's through `providers`.
 */
export function MailIntegrationSection({ providers }: { providers?: ReactNode }) {
  const connections = useGmailConnections();
  const disconnect = useDisconnectGmail();
  const [confirming, setConfirming] = useState<GmailConnection | null>(null);
  const [reconnectEmail, setReconnectEmail] = useState('');
  const [formKey, setFormKey] = useState(0);

  function confirmDisconnect() {
    if (!confirming) return;
    disconnect.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        showToast({ variant: 'success', message: t.disconnected });
      },
    });
  }

  return (
    <CardSection
      title={ui.settings.mailIntegration}
      description={ui.settings.mailIntegrationHint}
      headingId="settings-mail"
    >
      <div className="space-y-5">
        <Subsection title={t.connectionsTitle} id="settings-mail-connections">
          <QueryContent query={connections} loadingLabel={t.loading} errorFallback={t.loadError}>
            {(data) =>
              data.items.length === 0 ? (
                <p className="text-sm text-fg-muted">{t.connectionsEmpty}</p>
              ) : (
                <ul className="space-y-3">
                  {data.items.map((connection) => (
                    <ConnectionRow
                      key={connection.id}
                      connection={connection}
                      onReconnect={(email) => {
                        setReconnectEmail(email);
                        setFormKey((key) => key + 1);
                        document
                          .getElementById('settings-mail-connect')
                          ?.scrollIntoView?.({ block: 'start' });
                      }}
                      onDisconnect={(row) => {
                        disconnect.reset();
                        setConfirming(row);
                      }}
                    />
                  ))}
                </ul>
              )
            }
          </QueryContent>
        </Subsection>
        <Subsection title={t.connectTitle} id="settings-mail-connect">
          <ConnectGmail key={formKey} onReconnectEmail={reconnectEmail} />
        </Subsection>
        {providers}
        <Subsection title={t.syncTitle} id="settings-mail-sync">
          <SyncQuote />
        </Subsection>
      </div>
      <ConfirmModal
        open={confirming !== null}
        title={formatMessage(t.disconnectTitle, { email: confirming?.email ?? '' })}
        confirmLabel={t.disconnect}
        busy={disconnect.isPending}
        busyLabel={t.disconnecting}
        error={disconnect.isError ? errorText(disconnect.error, t.disconnectError) : null}
        onConfirm={confirmDisconnect}
        onClose={() => setConfirming(null)}
      >
        <p>{t.disconnectBody}</p>
      </ConfirmModal>
    </CardSection>
  );
}
