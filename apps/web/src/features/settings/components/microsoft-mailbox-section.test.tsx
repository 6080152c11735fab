import { errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import {
  type MicrosoftMailbox,
  microsoftExchangeBodySchema,
} from '@cotacoes/shared/schemas/microsoft-mailbox';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
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
    expect(region.getByText(t.states.ok)).toBeInTheDocument();
    expect(region.getByText(t.notificationsOn)).toBeInTheDocument();
  });

  it("shows the server's pt-BR answer when e-mail or code is missing", async () => {
    const { user } = setup();
    const region = await section();
    await user.click(await region.findByRole('button', { name: t.connect }));
    expect(await region.findByRole('alert')).toHaveTextContent(errorMessages.MAILBOX_EMAIL_CODE_REQUIRED);
  });

  it("marks a revoked mailbox 'Reconectar' (no sync), syncs the others and disconnects", async () => {
    const { user, network } = setup({
      mailboxes: [
        {
          email: 'revogada@importadora.com.br',
          state: 'reconectar',
          lastSyncAt: '2026-12-04T10:00:00.000Z',
          lastError: errorMessages.MAILBOX_RECONNECT,
          received: 3,
          notifications: false,
        },
        {
          email: 'caixa@importadora.com.br',
          state: 'ok',
          lastSyncAt: null,
          lastError: null,
          received: 0,
          notifications: true,
        },
      ],
    });
    const region = await section();
    expect(await region.findByText(t.states.reconectar)).toBeInTheDocument();
    expect(region.getByText(t.reconnectHint)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: `${t.sync} — revogada@importadora.com.br` })).toBeNull();

    await user.click(region.getByRole('button', { name: `${t.sync} — caixa@importadora.com.br` }));
    await waitFor(() => expect(toasts()).toContainEqual(['success', formatMessage(t.synced, { n: 2 })]));

    await user.click(region.getByRole('button', { name: `${t.disconnect} — revogada@importadora.com.br` }));
    await waitFor(() => expect(region.queryByText('revogada@importadora.com.br')).toBeNull());
    expect(network.requests.find((r) => r.url.endsWith('/disconnect'))?.body).toEqual({
      email: 'revogada@importadora.com.br',
    });
  });

  it('says when the server has no Microsoft app configured', async () => {
    setup({ configured: false });
    const region = await section();
    expect(await region.findByText(t.notConfigured)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: t.generateLink })).toBeNull();
  });
});
