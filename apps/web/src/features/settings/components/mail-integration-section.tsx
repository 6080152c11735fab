import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { GmailConnection } from '@cotacoes/shared/schemas/gmail';
import type { QuoteSummary } from '@cotacoes/shared/schemas/quotes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { searchQuotes, useQuoteSearch } from '@/api/search-quotes';
import { SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { QueryContent } from '@/components/ui/query-content';
import { RadioCard } from '@/components/ui/radio-card';
import { Spinner } from '@/components/ui/spinner';
import { storageKeys } from '@/config/constants';
import { isFirstSyncPending, SourceErrorText, SourceStateBadge } from '@/features/inbound-sources';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { storage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useDisconnectGmail,
  useExchangeGmailCode,
  useGmailAuthUrl,
  useGmailConnections,
  useSyncGmailQuote,
} from '../api/gmail';
import {
  forgetStoredCode,
  storedStateFor,
  useReceivedAuthorizationCode,
} from '../hooks/use-authorization-code';

const t = ui.mailIntegration;
const SEARCH_DEBOUNCE_MS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/**
 * 'Gerar link de autorização', then e-mail + the code the callback screen showed (spec 000); the code
 * fills itself in when the callback tab saves it.
 */
function ConnectGmail({ onReconnectEmail }: { onReconnectEmail: string }) {
  const authUrl = useGmailAuthUrl();
  const exchange = useExchangeGmailCode();
  const [email, setEmail] = useState(onReconnectEmail);
  const [code, setCode] = useState(() => storage.get(storageKeys.gmailCode) ?? '');
  const [received, setReceived] = useState(false);
  const [missing, setMissing] = useState(false);

  useReceivedAuthorizationCode(Boolean(authUrl.data), (next) => {
    setCode(next);
    setReceived(true);
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = { email: email.trim(), code: code.trim() };
    setMissing(!trimmed.email || !trimmed.code);
    if (!trimmed.email || !trimmed.code) return;
    const state = storedStateFor(trimmed.code);
    exchange.mutate(
      { ...trimmed, ...(state ? { state } : {}) },
      {
        onSuccess: (connection) => {
          forgetStoredCode();
          setCode('');
          setReceived(false);
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
          onChange={(event) => {
            setCode(event.target.value);
            setReceived(false);
          }}
          disabled={exchange.isPending}
        />
        {received && (
          <Alert variant="success" className="sm:col-span-2">
            {t.codeReceived}
          </Alert>
        )}
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
          <span className="min-w-0 wrap-anywhere font-medium text-fg">{connection.email}</span>
          <Badge variant="neutral">{t.providerGmail}</Badge>
          <SourceStateBadge
            state={connection.state}
            label={t.states[connection.state]}
            syncing={isFirstSyncPending(connection)}
          />
        </p>
        <p className="text-sm text-fg-muted">
          {connection.lastSyncAt
            ? formatMessage(t.lastSync, { quando: formatDateTime(connection.lastSyncAt, '—') })
            : t.neverSynced}
          {' · '}
          {formatMessage(t.received, { n: connection.messagesReceived })}
        </p>
        {connection.state === 'erro' && connection.lastError && (
          <p className="text-sm text-danger-soft-fg">
            <SourceErrorText message={connection.lastError} />
          </p>
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

/** The quote a typed code stands for: the one with that code, else the only one the search finds. */
function pickQuote(found: QuoteSummary[], term: string): QuoteSummary | 'none' | 'many' {
  const exact = found.find((quote) => quote.codigo.toLowerCase() === term.toLowerCase());
  if (exact) return exact;
  if (found.length === 1) return found[0]!;
  return found.length === 0 ? 'none' : 'many';
}

/**
 * 'Sincronizar conversa' (spec 000: manual conversation sync): the mailbox (the connected one filled in)
 * and the quote, found by its code or reference — the call takes the quote's id, which nobody types.
 */
function SyncQuote({ defaultEmail }: { defaultEmail: string }) {
  const sync = useSyncGmailQuote();
  const queryClient = useQueryClient();
  const groupName = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<QuoteSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const term = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const found = useQuoteSearch(UUID.test(term) ? '' : term);

  async function resolveQuote(typed: string): Promise<string | null> {
    if (chosen) return chosen.id;
    if (UUID.test(typed)) return typed;
    setResolving(true);
    try {
      const results = await queryClient.fetchQuery({
        queryKey: ['quote-picker', typed],
        queryFn: () => searchQuotes(typed),
      });
      const pick = pickQuote(results, typed);
      if (pick === 'none') setProblem(formatMessage(t.quoteNotFound, { busca: typed }));
      else if (pick === 'many') setProblem(t.quoteChoose);
      else {
        setChosen(pick);
        return pick.id;
      }
    } catch (error) {
      setProblem(errorText(error, t.quoteSearchError));
    } finally {
      setResolving(false);
    }
    return null;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = search.trim();
    const missing = !email.trim() ? t.emailRequired : !chosen && !typed ? t.quoteRequired : null;
    setProblem(missing);
    if (missing) return;
    const cotacaoId = await resolveQuote(typed);
    if (!cotacaoId) return;
    sync.mutate(
      { email: email.trim(), cotacaoId },
      {
        onSuccess: (result) =>
          showToast({
            variant: 'success',
            message: formatMessage(t.synced, { encontradas: result.encontradas, novas: result.novas }),
          }),
        onError: (error) => showToast({ variant: 'error', message: errorText(error, t.syncError) }),
      },
    );
  }

  const results = term && !UUID.test(term) ? (found.data ?? []) : [];
  const busy = sync.isPending || resolving;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-fg-muted sm:col-span-2">{t.syncHint}</p>
      <Input
        label={t.emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={busy}
      />
      <Input
        label={t.quoteLabel}
        hint={t.quoteHint}
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setChosen(null);
        }}
        disabled={busy}
        endAdornment={
          found.isFetching ? (
            <Spinner size={16} className="mr-2 text-fg-muted" />
          ) : (
            <SearchIcon size={16} className="mr-2 text-fg-muted" />
          )
        }
      />
      {results.length > 0 && (
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="sr-only">{t.quoteLabel}</legend>
          {results.map((quote) => (
            <RadioCard
              key={quote.id}
              name={groupName}
              value={quote.id}
              label={formatMessage(t.quoteOption, {
                codigo: quote.codigo,
                referencia: quote.referenciaProcesso,
              })}
              checked={chosen?.id === quote.id}
              onChoose={() => {
                setChosen(quote);
                setSearch(quote.codigo);
                setProblem(null);
              }}
            />
          ))}
        </fieldset>
      )}
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
        <Button type="submit" variant="secondary" loading={busy} loadingText={t.syncing}>
          {t.sync}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Integração de e-mail' in Configurações, for a desenvolvedor (spec 000 "Mail integration (settings)";
 * issue 34, ADR 0027): the connected mailboxes with their state (a first sync shows while it runs),
 * connecting Gmail (authorization link, then e-mail and code) and a quote's conversation synced by hand. Another provider (Microsoft 365) adds
 * its own connect block beside Gmail's through `providers`.
 */
export function MailIntegrationSection({ providers }: { providers?: ReactNode }) {
  const connections = useGmailConnections();
  const disconnect = useDisconnectGmail();
  const [confirming, setConfirming] = useState<GmailConnection | null>(null);
  const [reconnectEmail, setReconnectEmail] = useState('');
  const [formKey, setFormKey] = useState(0);
  // The conversation sync starts with the first mailbox that can be read (typing it again was a chore).
  const syncEmail =
    connections.data?.items.find((row) => row.state === 'ok' || row.state === 'erro')?.email ?? '';

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
          <SyncQuote key={syncEmail} defaultEmail={syncEmail} />
        </Subsection>
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
        error={disconnect.isError ? errorText(disconnect.error, t.disconnectError) : null}
        onConfirm={confirmDisconnect}
        onClose={() => setConfirming(null)}
      >
        <p>{t.disconnectBody}</p>
      </ConfirmModal>
    </CardSection>
  );
}
