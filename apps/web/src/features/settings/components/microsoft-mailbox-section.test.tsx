import { errorMessage, errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import {
  type MicrosoftMailbox,
  microsoftExchangeBodySchema,
} from '@cotacoes/shared/schemas/microsoft-mailbox';
import { act, screen, waitFor, within } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { SYNC_POLL_MS } from '@/features/inbound-sources';
import { sessionStore } from '@/lib/session';
import { storage } from '@/lib/storage';
import { toastStore } from '@/lib/toast';
import { makeUser } from '@/testing/fixtures';
import { type RecordedRequest, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { MicrosoftMailboxSection } from './microsoft-mailbox-section';

const AUTH_URL = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=x&state=abc';

/** The Microsoft 365 routes as the API answers them (bodies checked with the shared schemas). */
function fakeApi(options: { configured?: boolean; mailboxes?: MicrosoftMailbox[] } = {}) {
  const state = { mailboxes: options.mailboxes ?? [] };
  const routes = {
    'GET /api/microsoft/mailboxes': () => ({
      body: { configured: options.configured ?? true, data: state.mailboxes },
    }),
    'GET /api/microsoft/auth-url': { body: { url: AUTH_URL } },
    'POST /api/microsoft/exchange-code': (request: RecordedRequest) => {
      const parsed = microsoftExchangeBodySchema.safeParse(request.body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]!.message;
        return { status: 400, body: { code: 'VALIDATION_FAILED', message, status: 400 } };
      }
      state.mailboxes.push({
        email: parsed.data.email,
        state: 'ok',
        lastSyncAt: null,
        lastError: null,
        received: 0,
        notifications: true,
      });
      return { body: { message: formatMessage(t.connected, { email: parsed.data.email }) } };
    },
    'POST /api/microsoft/sync': () => ({ body: { message: formatMessage(t.synced, { n: 2 }), received: 2 } }),
    'POST /api/microsoft/disconnect': (request: RecordedRequest) => {
      const email = (request.body as { email: string }).email;
      state.mailboxes = state.mailboxes.filter((m) => m.email !== email);
      return { body: { message: formatMessage(t.disconnected, { email }) } };
    },
  };
  return { routes, state };
}

function setup(options: Parameters<typeof fakeApi>[0] = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
  const fake = fakeApi(options);
  const network = stubNetwork(fake.routes);
  const view = renderAt(<MicrosoftMailboxSection />, '/configuracoes');
  return { ...view, network, fake };
}
const section = async () => within(await screen.findByRole('region', { name: t.title }));
const toasts = () => toastStore.get().map((toast) => [toast.variant, toast.message]);

const REVOKED: MicrosoftMailbox = {
  email: 'revogada@importadora.com.br',
  state: 'reconectar',
  lastSyncAt: '2026-12-04T10:00:00.000Z',
  lastError: errorMessages.MAILBOX_RECONNECT,
  received: 3,
  notifications: false,
};
const HEALTHY: MicrosoftMailbox = {
  email: 'caixa@importadora.com.br',
  state: 'ok',
  lastSyncAt: '2026-12-04T10:00:00.000Z',
  lastError: null,
  received: 5,
  notifications: true,
};
const rowOf = async (email: string) => within((await screen.findByText(email)).closest('li')!);

afterEach(() => {
  storage.remove(storageKeys.gmailCode);
  storage.remove(storageKeys.gmailState);
  vi.useRealTimers();
});

describe("'Microsoft 365 (Outlook)' connection", () => {
  it('generates the link, connects with the pasted e-mail and code, and lists the mailbox', async () => {
    const { user, network } = setup();
    const region = await section();
    expect(await region.findByText(t.none)).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: t.generateLink }));
    const link = await region.findByRole('link', { name: t.openLink });
    expect(link).toHaveAttribute('href', AUTH_URL);
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await user.type(region.getByLabelText(t.emailLabel), 'Caixa@Importadora.com.br');
    await user.type(region.getByLabelText(t.codeLabel), 'M.C5-codigo');
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(network.requests.filter((r) => r.url.endsWith('/exchange-code')).map((r) => r.body)).toEqual([
        { email: 'Caixa@Importadora.com.br', code: 'M.C5-codigo' },
      ]),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'success',
        formatMessage(t.connected, { email: 'caixa@importadora.com.br' }),
      ]),
    );
    expect(await region.findByText('caixa@importadora.com.br')).toBeInTheDocument();
    expect(region.getByText(ui.inboundSources.syncing)).toBeInTheDocument();
    expect(region.getByText(t.notificationsOn)).toBeInTheDocument();
  });

  it("shows the server's pt-BR answer when e-mail or code is missing", async () => {
    const { user } = setup();
    const region = await section();
    await user.click(await region.findByRole('button', { name: t.connect }));
    expect(await region.findByRole('alert')).toHaveTextContent(errorMessages.MAILBOX_EMAIL_CODE_REQUIRED);
  });

  it("marks a revoked mailbox 'Reconectar' (no sync), syncs the others and disconnects after confirming", async () => {
    const { user, network } = setup({ mailboxes: [REVOKED, { ...HEALTHY, lastSyncAt: null, received: 0 }] });
    const region = await section();
    expect(await region.findByText(t.states.reconectar, { selector: 'span' })).toBeInTheDocument();
    expect(region.getByText(t.reconnectHint)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: `${t.sync} — revogada@importadora.com.br` })).toBeNull();

    await user.click(region.getByRole('button', { name: `${t.sync} — caixa@importadora.com.br` }));
    await waitFor(() => expect(toasts()).toContainEqual(['success', formatMessage(t.synced, { n: 2 })]));

    await user.click(region.getByRole('button', { name: `${t.disconnect} — revogada@importadora.com.br` }));
    const dialog = await screen.findByRole('dialog', {
      name: formatMessage(t.disconnectTitle, { email: 'revogada@importadora.com.br' }),
    });
    // Microsoft has no revocation endpoint: the advice is in the dialog, not only in a passing toast.
    expect(within(dialog).getByText(t.revokeAdvice)).toBeInTheDocument();
    expect(network.requests.filter((r) => r.url.endsWith('/disconnect'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: t.disconnect }));
    await waitFor(() => expect(region.queryByText('revogada@importadora.com.br')).toBeNull());
    expect(network.requests.find((r) => r.url.endsWith('/disconnect'))?.body).toEqual({
      email: 'revogada@importadora.com.br',
    });
  });

  it('cancelling the disconnect dialog keeps the mailbox', async () => {
    const { user, network } = setup({ mailboxes: [HEALTHY] });
    const region = await section();
    await user.click(await region.findByRole('button', { name: `${t.disconnect} — ${HEALTHY.email}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ui.common.cancel }));
    expect(network.requests.filter((r) => r.url.endsWith('/disconnect'))).toHaveLength(0);
    expect(region.getByText(HEALTHY.email)).toBeInTheDocument();
  });

  it("offers 'Reconectar' on a revoked mailbox: the connect form, ready for that address", async () => {
    const { user } = setup({ mailboxes: [REVOKED] });
    const region = await section();
    await user.click(await region.findByRole('button', { name: `${t.reconnect} — ${REVOKED.email}` }));
    expect(region.getByLabelText(t.emailLabel)).toHaveValue(REVOKED.email);
  });

  it('colours the states by the same rule as Gmail: error red, reconnect amber', async () => {
    setup({ mailboxes: [REVOKED, { ...HEALTHY, state: 'erro', lastError: 'Microsoft 365 não respondeu.' }] });
    const region = await section();
    expect(await region.findByText(t.states.erro)).toHaveClass('bg-danger-soft');
    expect(region.getByText(t.states.reconectar, { selector: 'span' })).toHaveClass('bg-warning-soft');
  });

  it("counts the throttle's wait down and does not show it once it is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const throttled = errorMessage('MAILBOX_PROVIDER_THROTTLED', { provider: 'Microsoft 365', seconds: 40 });
    const { network } = setup({ mailboxes: [{ ...HEALTHY, state: 'erro', lastError: throttled }] });
    const row = await rowOf(HEALTHY.email);
    expect(row.getByText(throttled)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(
      row.getByText('Microsoft 365 pediu uma pausa nas consultas. Nova tentativa em 10 segundos.'),
    ).toBeInTheDocument();
    const reads = network.requests.filter((r) => r.url === '/api/microsoft/mailboxes').length;
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(row.queryByText(/Nova tentativa em/)).toBeNull();
    expect(row.getByText(/A espera terminou/)).toBeInTheDocument();
    // The server retries at the end of the wait: the list is read again to show how it went.
    await waitFor(() =>
      expect(network.requests.filter((r) => r.url === '/api/microsoft/mailboxes').length).toBeGreaterThan(
        reads,
      ),
    );
  });

  it("after connecting shows 'Sincronizando...' and reads the mailbox again while its first sync runs", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake } = setup();
    const region = await section();
    await user.type(await region.findByLabelText(t.emailLabel), HEALTHY.email);
    await user.type(region.getByLabelText(t.codeLabel), 'M.C5-codigo');
    await user.click(region.getByRole('button', { name: t.connect }));
    const row = await rowOf(HEALTHY.email);
    expect(row.getByText(ui.inboundSources.syncing)).toBeInTheDocument();

    fake.state.mailboxes[0]!.received = 350; // a page of the first sync stored
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    expect(await row.findByText(formatMessage(t.received, { n: 350 }), { exact: false })).toBeInTheDocument();
    expect(row.getByText(ui.inboundSources.syncing)).toBeInTheDocument();

    fake.state.mailboxes[0] = { ...HEALTHY, received: 1600 };
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    expect(
      await row.findByText(formatMessage(t.received, { n: 1600 }), { exact: false }),
    ).toBeInTheDocument();
    expect(row.getByText(t.states.ok)).toBeInTheDocument();
  });

  it('fills in the code the callback tab saved and sends its state', async () => {
    const { user, network } = setup();
    const region = await section();
    await user.click(await region.findByRole('button', { name: t.generateLink }));
    await region.findByRole('link', { name: t.openLink });
    storage.set(storageKeys.gmailState, 'estado-ms');
    storage.set(storageKeys.gmailCode, 'M.C5-do-retorno');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: storageKeys.gmailCode, newValue: 'M.C5-do-retorno' }),
      );
    });
    expect(region.getByLabelText(t.codeLabel)).toHaveValue('M.C5-do-retorno');
    expect(region.getByText(t.codeReceived)).toBeInTheDocument();
    await user.type(region.getByLabelText(t.emailLabel), HEALTHY.email);
    await user.click(region.getByRole('button', { name: t.connect }));
    await waitFor(() =>
      expect(network.requests.find((r) => r.url.endsWith('/exchange-code'))?.body).toEqual({
        email: HEALTHY.email,
        code: 'M.C5-do-retorno',
        state: 'estado-ms',
      }),
    );
    expect(storage.get(storageKeys.gmailCode)).toBeNull();
  });

  it('says when the server has no Microsoft app configured', async () => {
    setup({ configured: false });
    const region = await section();
    expect(await region.findByText(t.notConfigured)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: t.generateLink })).toBeNull();
  });
});
