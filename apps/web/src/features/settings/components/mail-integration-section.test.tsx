import { errorMessage, errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import {
  type GmailConnection,
  gmailExchangeBodySchema,
  gmailSyncQuoteBodySchema,
} from '@cotacoes/shared/schemas/gmail';
import type { InboundSourceStatus } from '@cotacoes/shared/schemas/responses';
import { act, screen, waitFor, within } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { InboundSourcesSection, SYNC_POLL_MS } from '@/features/inbound-sources';
import { fakeInboundSourcesApi } from '@/features/inbound-sources/testing/fake-inbound-sources-api';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { sessionStore } from '@/lib/session';
import { storage } from '@/lib/storage';
import { toastStore } from '@/lib/toast';
import { makeQuotes } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { MailIntegrationSection } from './mail-integration-section';

const t = ui.mailIntegration;
const MAILBOX = 'cotacoes@importadora.com.br';
const QUOTE_ID = '6f1c2a57-0d2e-4c1b-9a55-3b7e1f0c9d21';
/** The company's recent quotes as GET /api/quotes lists them; the second is COT-2026-0002. */
const QUOTES = makeQuotes(3).map((quote, index) => (index === 1 ? { ...quote, id: QUOTE_ID } : quote));

function connectionOf(overrides: Partial<GmailConnection> = {}): GmailConnection {
  return {
    id: '0b8f3c3e-6a43-4a8a-8d0e-1f2a3b4c5d6e',
    email: MAILBOX,
    state: 'ok',
    lastSyncAt: '2026-03-05T13:00:00.000Z',
    lastError: null,
    messagesReceived: 3,
    watchExpiresAt: null,
    ...overrides,
  };
}

/** The /gmail calls as the API answers them: bodies checked with the shared schemas, state kept. */
function fakeGmailApi(initial: GmailConnection[] = []) {
  const state = { connections: [...initial] };
  const routes: Record<string, Handler> = {
    'GET /api/gmail/connections': () => ({ body: { items: state.connections } }),
    'GET /api/gmail/auth-url': () => ({
      body: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=abc' },
    }),
    'POST /api/gmail/exchange-code': (request) => {
      const parsed = gmailExchangeBodySchema.safeParse(request.body);
      if (!parsed.success)
        return problem(400, 'VALIDATION_FAILED', errorMessages.MAILBOX_EMAIL_CODE_REQUIRED);
      if (parsed.data.code !== '4/0A-codigo-certo') return problem(502, 'MAILBOX_EXCHANGE_FAILED');
      const connection = connectionOf({ email: parsed.data.email, lastSyncAt: null, messagesReceived: 0 });
      state.connections = [connection];
      return { body: connection };
    },
    'GET /api/quotes': (request) => {
      const search = (
        new URL(request.url, 'http://localhost').searchParams.get('search') ?? ''
      ).toLowerCase();
      const data = QUOTES.filter((quote) =>
        `${quote.codigo} ${quote.referenciaProcesso}`.toLowerCase().includes(search),
      );
      return { body: { data, total: data.length, totalPages: 1, page: 1 } };
    },
    'POST /api/gmail/sync-quote': (request) => {
      const parsed = gmailSyncQuoteBodySchema.safeParse(request.body);
      if (!parsed.success) return problem(400, 'VALIDATION_FAILED');
      return { body: { encontradas: 2, novas: 1 } };
    },
  };
  for (const connection of initial)
    routes[`DELETE /api/gmail/connections/${connection.id}`] = () => {
      state.connections = state.connections.filter((row) => row.id !== connection.id);
      return { status: 204 };
    };
  return { state, routes };
}

function setup(initial: GmailConnection[] = []) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
  const fake = fakeGmailApi(initial);
  const network = stubNetwork(fake.routes);
  const view = renderAt(<MailIntegrationSection />, '/configuracoes');
  return { ...view, network, fake };
}
const section = async () => within(await screen.findByRole('region', { name: ui.settings.mailIntegration }));
const toasts = () => toastStore.get().map((toast) => [toast.variant, toast.message]);

afterEach(() => {
  storage.remove(storageKeys.gmailCode);
  storage.remove(storageKeys.gmailState);
  vi.useRealTimers();
});

/** What the callback tab does: save the code, which reaches this tab as a `storage` event. */
function codeSavedByCallbackTab(code: string, state: string) {
  storage.set(storageKeys.gmailState, state);
  storage.set(storageKeys.gmailCode, code);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.gmailCode, newValue: code }));
  });
}

describe("'Integração de e-mail'", () => {
  it('generates the authorization link, then connects with the e-mail and the code the callback kept', async () => {
    storage.set(storageKeys.gmailCode, '4/0A-codigo-certo');
    storage.set(storageKeys.gmailState, 'estado-do-link');
    const { user, network } = setup();
    const card = await section();
    expect(await card.findByText(t.connectionsEmpty)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: t.generateLink }));
    const link = await card.findByRole('link', { name: t.openLink });
    expect(link).toHaveAttribute('href', expect.stringContaining('accounts.google.com'));
    expect(link).toHaveAttribute('target', '_blank');

    expect(card.getByRole('textbox', { name: new RegExp(t.codeLabel) })).toHaveValue('4/0A-codigo-certo');
    await user.type(card.getAllByRole('textbox', { name: t.emailLabel })[0]!, MAILBOX);
    await user.click(card.getByRole('button', { name: t.connect }));

    await waitFor(() =>
      expect(network.requests.find((r) => r.url === '/api/gmail/exchange-code')?.body).toEqual({
        email: MAILBOX,
        code: '4/0A-codigo-certo',
        state: 'estado-do-link',
      }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(['success', formatMessage(t.connected, { email: MAILBOX })]),
    );
    expect(await card.findByText(MAILBOX)).toBeInTheDocument();
    // Its first sync runs in the background.
    expect(card.getByText(ui.inboundSources.syncing)).toBeInTheDocument();
    expect(storage.get(storageKeys.gmailCode)).toBeNull();
  });

  it("asks for e-mail and code before calling, and shows the server's 'Erro ao trocar code'", async () => {
    const { user, network } = setup();
    const card = await section();
    await user.click(await card.findByRole('button', { name: t.connect }));
    expect(card.getByText(t.emailCodeRequired)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.url === '/api/gmail/exchange-code')).toHaveLength(0);

    await user.type(card.getAllByRole('textbox', { name: t.emailLabel })[0]!, MAILBOX);
    await user.type(card.getByRole('textbox', { name: new RegExp(t.codeLabel) }), 'codigo-errado');
    await user.click(card.getByRole('button', { name: t.connect }));
    expect(await card.findByText(errorMessages.MAILBOX_EXCHANGE_FAILED)).toBeInTheDocument();
  });

  it("shows each mailbox's state: the error message, and 'reconectar' with a reconnect action", async () => {
    const failure = errorMessage('GMAIL_SYNC_STATUS', { status: 500 });
    const { user } = setup([
      connectionOf({ state: 'erro', lastError: failure }),
      connectionOf({
        id: '1c9e2d4f-7b6a-4c3d-8e9f-0a1b2c3d4e5f',
        email: 'outra@importadora.com.br',
        state: 'reconectar',
      }),
    ]);
    const card = await section();
    // The poller retries a mailbox in 'erro' by itself: the message says so.
    expect(failure).toBe('Erro ao sincronizar: o Gmail respondeu 500. Tentaremos de novo em instantes.');
    expect(await card.findByText(failure)).toBeInTheDocument();
    expect(card.getByText(t.states.erro)).toHaveClass('bg-danger-soft');
    expect(card.getByText(t.reconnectHint)).toBeInTheDocument();
    expect(card.getByText(t.states.reconectar, { selector: 'span' })).toHaveClass('bg-warning-soft');
    await user.click(card.getByRole('button', { name: t.reconnect }));
    // The connect form is ready for that mailbox: its address is filled in.
    expect(card.getAllByRole('textbox', { name: t.emailLabel })[0]).toHaveValue('outra@importadora.com.br');
  });

  it('disconnects after confirmation, by keyboard', async () => {
    const { user, fake } = setup([connectionOf()]);
    const card = await section();
    (await card.findByRole('button', { name: t.disconnect })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: formatMessage(t.disconnectTitle, { email: MAILBOX }),
    });
    await user.click(within(dialog).getByRole('button', { name: t.disconnect }));
    await waitFor(() => expect(fake.state.connections).toEqual([]));
    await waitFor(() => expect(toasts()).toContainEqual(['success', t.disconnected]));
    expect(await card.findByText(t.connectionsEmpty)).toBeInTheDocument();
  });

  it("syncs a quote's conversation by its code, with the connected mailbox filled in", async () => {
    const { user, network } = setup([connectionOf()]);
    const card = await section();
    const form = within(card.getByRole('region', { name: t.syncTitle }));
    expect(await form.findByDisplayValue(MAILBOX)).toBe(form.getByRole('textbox', { name: t.emailLabel }));

    await user.click(form.getByRole('button', { name: t.sync }));
    expect(form.getByText(t.quoteRequired)).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: new RegExp(t.quoteLabel) }), 'COT-2026-0002');
    await user.click(form.getByRole('button', { name: t.sync }));
    await waitFor(() =>
      expect(network.requests.find((r) => r.url === '/api/gmail/sync-quote')?.body).toEqual({
        email: MAILBOX,
        cotacaoId: QUOTE_ID,
      }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(['success', formatMessage(t.synced, { encontradas: 2, novas: 1 })]),
    );
  });

  it('lets the quote be picked from the search results, and says when no quote matches', async () => {
    const { user, network } = setup([connectionOf()]);
    const form = within((await section()).getByRole('region', { name: t.syncTitle }));
    await form.findByDisplayValue(MAILBOX);
    const quoteField = form.getByRole('textbox', { name: new RegExp(t.quoteLabel) });
    await user.type(quoteField, 'COT-2099');
    await user.click(form.getByRole('button', { name: t.sync }));
    expect(await form.findByText(formatMessage(t.quoteNotFound, { busca: 'COT-2099' }))).toBeInTheDocument();
    expect(network.requests.filter((r) => r.url === '/api/gmail/sync-quote')).toHaveLength(0);

    await user.clear(quoteField);
    await user.type(quoteField, 'IMP');
    await user.click(
      await form.findByRole('radio', {
        name: formatMessage(t.quoteOption, { codigo: 'COT-2026-0002', referencia: 'IMP-2' }),
      }),
    );
    await user.click(form.getByRole('button', { name: t.sync }));
    await waitFor(() =>
      expect(network.requests.find((r) => r.url === '/api/gmail/sync-quote')?.body).toEqual({
        email: MAILBOX,
        cotacaoId: QUOTE_ID,
      }),
    );
  });

  it('fills in the code the callback tab saved, without pasting, and sends its state', async () => {
    const { user, network } = setup();
    const card = await section();
    await user.click(card.getByRole('button', { name: t.generateLink }));
    await card.findByRole('link', { name: t.openLink });

    codeSavedByCallbackTab('4/0A-codigo-certo', 'estado-do-link');
    expect(card.getByRole('textbox', { name: new RegExp(t.codeLabel) })).toHaveValue('4/0A-codigo-certo');
    expect(card.getByText(t.codeReceived)).toBeInTheDocument();

    await user.type(card.getAllByRole('textbox', { name: t.emailLabel })[0]!, MAILBOX);
    await user.click(card.getByRole('button', { name: t.connect }));
    await waitFor(() =>
      expect(network.requests.find((r) => r.url === '/api/gmail/exchange-code')?.body).toEqual({
        email: MAILBOX,
        code: '4/0A-codigo-certo',
        state: 'estado-do-link',
      }),
    );
  });

  it("after 'Conectar' shows 'Sincronizando...' and reads the mailbox again until the first sync ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storage.set(storageKeys.gmailCode, '4/0A-codigo-certo');
    const { user, network, fake } = setup();
    const card = await section();
    await user.type(card.getAllByRole('textbox', { name: t.emailLabel })[0]!, MAILBOX);
    await user.click(card.getByRole('button', { name: t.connect }));
    const row = within((await card.findByText(MAILBOX)).closest('li')!);
    expect(row.getByText(ui.inboundSources.syncing)).toBeInTheDocument();

    // The background sync stores 1,600 messages; the next read shows them without a reload.
    fake.state.connections = [connectionOf({ messagesReceived: 1600 })];
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    expect(
      await row.findByText(formatMessage(t.received, { n: 1600 }), { exact: false }),
    ).toBeInTheDocument();
    expect(row.getByText(t.states.ok)).toBeInTheDocument();
    expect(row.queryByText(ui.inboundSources.syncing)).toBeNull();

    // Synced: no more reads.
    const reads = () => network.requests.filter((r) => r.url === '/api/gmail/connections').length;
    const before = reads();
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS * 4));
    expect(reads()).toBe(before);
  });

  it("after 'Sincronizar agora' in 'Fontes de e-mail' the Gmail block shows the same count", async () => {
    const gmailRow: InboundSourceStatus = {
      id: `gmail:${connectionOf().id}`,
      kind: 'gmail',
      label: `Gmail ${MAILBOX}`,
      state: 'ok',
      lastSyncAt: '2026-03-05T13:00:00.000Z',
      lastError: null,
      lastErrorAt: null,
      received: 2,
      canSync: true,
    };
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    const gmail = fakeGmailApi([connectionOf({ messagesReceived: 2 })]);
    const sources = fakeInboundSourcesApi({ sources: [gmailRow] });
    const syncRoute = `POST /api/inbound/sources/${encodeURIComponent(gmailRow.id)}/sync`;
    stubNetwork({
      ...gmail.routes,
      ...sources.routes,
      [syncRoute]: () => {
        // The server's one row: a new message counted in both views.
        gmail.state.connections = [connectionOf({ messagesReceived: 3 })];
        sources.state.sources[0]!.received = 3;
        return { body: { message: `Sincronização concluída: ${gmailRow.label}.` } };
      },
    });
    const { user } = renderAt(
      <>
        <MailIntegrationSection />
        <InboundSourcesSection />
      </>,
      '/configuracoes',
    );
    const card = await section();
    expect(await card.findByText(formatMessage(t.received, { n: 2 }), { exact: false })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: ui.inboundSources.listLabel });
    await user.click(within(list).getByRole('button', { name: /Sincronizar agora/ }));
    expect(await card.findByText(formatMessage(t.received, { n: 3 }), { exact: false })).toBeInTheDocument();
    expect(await within(list).findByText('3')).toBeInTheDocument();
  });
});

describe('the settings page', () => {
  it('shows the mail integration to a desenvolvedor only', async () => {
    stubNetwork(fakeGmailApi().routes);
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    const developer = renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('region', { name: ui.settings.mailIntegration })).toBeInTheDocument();
    expect(screen.queryByText(ui.common.comingSoon)).toBeNull();
    developer.unmount();

    sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
    renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('heading', { name: ui.settings.security })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: ui.settings.mailIntegration })).toBeNull();
  });
});
