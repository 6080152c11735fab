import { errorMessage, errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { InboundSourceStatus } from '@cotacoes/shared/schemas/responses';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeExtractionSettingsApi } from '@/features/extraction-settings/testing/fake-extraction-settings-api';
import { fakeFollowUpApi } from '@/features/follow-up/testing/fake-follow-up-api';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { SYNC_POLL_MS } from '../api/mail-sources-keys';
import { fakeInboundSourcesApi, IMAP_ID, sampleSources } from '../testing/fake-inbound-sources-api';
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
  it("is scrolled to when reached from the banner's link (#settings-inbound-sources), once its rows are in", async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    stubNetwork(fakeInboundSourcesApi().routes);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderAt(<InboundSourcesSection />, '/configuracoes', '/configuracoes#settings-inbound-sources');
      await rows();
      await waitFor(() => expect(scrolled).toEqual([screen.getByRole('region', { name: t.title })]));
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

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
    // Nothing is synced from a listener or a webhook: its time is the last message it received.
    expect(first.getByText(t.lastSync)).toBeInTheDocument();
    expect(within(smtp!).getByText(t.lastMessage)).toBeInTheDocument();
    expect(webhook.getByText(t.lastMessage)).toBeInTheDocument();
    expect(webhook.queryByText(t.lastSync)).toBeNull();
    expect(webhook.getByText(t.states.erro)).toHaveClass('bg-danger-soft');
    expect(webhook.getByText(errorMessages.WEBHOOK_UNAUTHORIZED)).toBeInTheDocument();
    expect(webhook.getByText(/^01\/12\/2026,? 07:00$/)).toBeInTheDocument();
    // The error says when it happened (QA pass 25: 'Último erro' had no time).
    expect(webhook.getByText(/^01\/12\/2026,? 07:05$/)).toHaveAttribute(
      'datetime',
      '2026-12-01T10:05:00.000Z',
    );
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
          lastErrorAt: null,
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

describe('a Microsoft 365 or Gmail row', () => {
  const microsoft = (overrides: Partial<InboundSourceStatus> = {}): InboundSourceStatus => ({
    id: 'microsoft:8d2f0c1e-5b7a-4c3d-9e8f-0a1b2c3d4e5f',
    kind: 'microsoft',
    label: 'Microsoft 365 recebimento.cotacoes.importacao@importadora-exemplo-longo.onmicrosoft.com',
    state: 'ok',
    lastSyncAt: null,
    lastError: null,
    lastErrorAt: null,
    received: 0,
    canSync: true,
    ...overrides,
  });

  afterEach(() => vi.useRealTimers());

  it("shows 'Sincronizando...' during the first sync and reads the rows again until it ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fake } = setup({ sources: [microsoft()] });
    const [row] = await rows();
    expect(within(row!).getByText(t.syncing)).toBeInTheDocument();
    fake.state.sources[0] = microsoft({ lastSyncAt: new Date().toISOString(), received: 1600 });
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    const [synced] = await rows();
    expect(await within(synced!).findByText('1.600')).toBeInTheDocument();
    expect(within(synced!).getByText(t.states.ok)).toBeInTheDocument();
  });

  it('breaks a long mailbox address anywhere, so a phone never scrolls sideways', async () => {
    setup({ sources: [microsoft({ lastSyncAt: new Date().toISOString() })] });
    const [row] = await rows();
    const label = within(row!).getByText(microsoft().label);
    expect(label).toHaveClass('wrap-anywhere');
    // Every flex box around it may shrink below the address's length.
    expect(label.parentElement).toHaveClass('min-w-0');
    expect(label.parentElement!.parentElement).toHaveClass('min-w-0', 'flex-1');
  });

  it("counts a throttle's wait down in 'Último erro'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const throttled = errorMessage('MAILBOX_PROVIDER_THROTTLED', { provider: 'Microsoft 365', seconds: 40 });
    setup({
      sources: [microsoft({ state: 'erro', lastSyncAt: new Date().toISOString(), lastError: throttled })],
    });
    const [row] = await rows();
    expect(within(row!).getByText(throttled)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(41_000));
    expect(within(row!).queryByText(/Nova tentativa em/)).toBeNull();
    expect(within(row!).getByText(new RegExp(t.retryDue))).toBeInTheDocument();
  });

  it('keeps the sample rows as they were (no first sync running: no polling)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { network } = setup({ sources: sampleSources() });
    await rows();
    const reads = () => network.requests.filter((request) => request.url === '/api/inbound/status').length;
    const before = reads();
    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS * 3));
    expect(reads()).toBe(before);
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
