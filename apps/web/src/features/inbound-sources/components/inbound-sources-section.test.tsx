import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeExtractionSettingsApi } from '@/features/extraction-settings/testing/fake-extraction-settings-api';
import { fakeFollowUpApi } from '@/features/follow-up/testing/fake-follow-up-api';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeInboundSourcesApi, IMAP_ID } from '../testing/fake-inbound-sources-api';
import { InboundSourcesSection } from './inbound-sources-section';

const t = ui.inboundSources;

function setup(options: Parameters<typeof fakeInboundSourcesApi>[0] = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
  const fake = fakeInboundSourcesApi(options);
  const network = stubNetwork(fake.routes);
  const view = renderAt(<InboundSourcesSection />, '/configuracoes');
  return { ...view, network, fake };
}
const section = () => screen.findByRole('region', { name: t.title });
const rows = async () =>
  within(await screen.findByRole('list', { name: t.listLabel })).getAllByRole('listitem');
const toasts = () => toastStore.get().map((toast) => [toast.variant, toast.message]);

describe("'Fontes de e-mail'", () => {
  it('shows a skeleton, then one row per source with its state, last sync, count and last error', async () => {
    setup();
    expect(await screen.findByRole('status', { name: t.loading })).toBeInTheDocument();
    const [imap, smtp, mailgun, postmark] = await rows();
    const first = within(imap!);
    expect(
      first.getByText('Caixa IMAP cotacoes@importadora.com.br@imap.example.com/INBOX'),
    ).toBeInTheDocument();
    expect(first.getByText(t.states.ok)).toBeInTheDocument();
    expect(first.getByText('há 5 minutos')).toBeInTheDocument();
    expect(first.getByText('1.234')).toBeInTheDocument();
    expect(first.getByText(t.noError)).toBeInTheDocument();
    expect(first.getByRole('button', { name: /Sincronizar agora/ })).toBeInTheDocument();

    // Sources that are not polled have no 'Sincronizar agora'.
    expect(within(smtp!).queryByRole('button')).toBeNull();
    expect(within(smtp!).getByText(t.never)).toBeInTheDocument();
    const webhook = within(mailgun!);
    expect(webhook.getByText(t.states.erro)).toBeInTheDocument();
    expect(webhook.getByText(errorMessages.WEBHOOK_UNAUTHORIZED)).toBeInTheDocument();
    expect(webhook.getByText(/^01\/12\/2026,? 07:00$/)).toBeInTheDocument();
    expect(webhook.queryByRole('button')).toBeNull();
    expect(within(postmark!).getByText(t.states.inativo)).toBeInTheDocument();
  });

  it("'Sincronizar agora' by keyboard: a spinner while it runs, then a toast and the new time", async () => {
    const { user, network, fake } = setup({
      sources: [
        {
          id: IMAP_ID,
          kind: 'imap',
          label: 'Caixa IMAP cotacoes@importadora.com.br@imap.example.com/INBOX',
          state: 'ok',
          lastSyncAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          lastError: null,
          received: 2,
          canSync: true,
        },
      ],
    });
    const [imap] = await rows();
    expect(within(imap!).getByText('há 3 horas')).toBeInTheDocument();
    const button = within(imap!).getByRole('button', { name: /Sincronizar agora/ });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'success',
        'Sincronização concluída: Caixa IMAP cotacoes@importadora.com.br@imap.example.com/INBOX.',
      ]),
    );
    expect(fake.state.syncs).toBe(1);
    expect(
      network.requests.filter((request) => request.method === 'POST').map((request) => request.url),
    ).toEqual([`/api/inbound/sources/${encodeURIComponent(IMAP_ID)}/sync`]);
    // The rows are read again: the sync time is now.
    expect(await within(await section()).findByText('agora')).toBeInTheDocument();
  });

  it('shows the server’s pt-BR reason when a sync fails', async () => {
    const reason = 'A sincronização falhou: Falha ao ler a caixa IMAP: Connection refused (ECONNREFUSED)';
    const { user } = setup({ syncAnswer: problem(502, 'INBOUND_SOURCE_SYNC_FAILED', reason) });
    const [imap] = await rows();
    await user.click(within(imap!).getByRole('button', { name: /Sincronizar agora/ }));
    await waitFor(() => expect(toasts()).toContainEqual(['error', reason]));
  });

  it('shows the error with a retry when the list cannot be read', async () => {
    const { user, network } = setup({
      statusAnswer: problem(403, 'FORBIDDEN', errorMessages.FORBIDDEN),
    });
    const form = within(await section());
    expect(await form.findByText(errorMessages.FORBIDDEN)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: ui.common.retry }));
    await waitFor(() =>
      expect(
        network.requests.filter((request) => request.url === '/api/inbound/status').length,
      ).toBeGreaterThan(1),
    );
  });
});

describe('the settings page', () => {
  it("shows 'Fontes de e-mail' to a desenvolvedor instead of 'Em breve', and not to a supervisor", async () => {
    stubNetwork({
      ...fakeFollowUpApi().routes,
      ...fakeExtractionSettingsApi().routes,
      ...fakeInboundSourcesApi().routes,
    });
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    const developer = renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('region', { name: t.title })).toBeInTheDocument();
    expect(screen.queryByText(ui.common.comingSoon)).toBeNull();
    developer.unmount();

    sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
    renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('heading', { name: ui.settings.security })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.title })).toBeNull();
  });
});
