import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeFollowUpApi } from '@/features/follow-up/testing/fake-follow-up-api';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeExtractionSettingsApi } from '../testing/fake-extraction-settings-api';
import { ExtractionSettingsSection } from './extraction-settings-section';

const t = ui.extraction.settings;

function setup(options: Parameters<typeof fakeExtractionSettingsApi>[0] = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
  const fake = fakeExtractionSettingsApi(options);
  const network = stubNetwork(fake.routes);
  const view = renderAt(<ExtractionSettingsSection />, '/configuracoes');
  return { ...view, network, fake };
}
const puts = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.method === 'PUT');
const section = () => screen.findByRole('region', { name: t.title });

describe("'Leitura por IA'", () => {
  it('starts off, shows the LGPD note and the server’s model, and turns on by keyboard with a toast', async () => {
    const { user, network, fake } = setup();
    const form = within(await section());
    const toggle = await form.findByRole('switch', { name: t.llmEnabled });
    expect(toggle).not.toBeChecked();
    expect(form.getByText(t.lgpd)).toBeInTheDocument();
    expect(
      form.getByText(formatMessage(t.serverConfigured, { modelo: 'qwen2.5:7b-instruct' })),
    ).toBeInTheDocument();

    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    await user.click(form.getByRole('button', { name: t.save }));

    await waitFor(() => expect(puts(network)).toHaveLength(1));
    expect(puts(network)[0]!.body).toEqual({ llmEnabled: true });
    await waitFor(() =>
      expect(toastStore.get().map((toast) => [toast.variant, toast.message])).toContainEqual([
        'success',
        t.saved,
      ]),
    );
    expect(fake.state.settings.llmEnabled).toBe(true);
  });

  it('says when the server has no provider (nothing would be sent)', async () => {
    setup({ settings: { llmEnabled: true, servidorConfigurado: false, modelo: null } });
    const form = within(await section());
    expect(await form.findByRole('switch', { name: t.llmEnabled })).toBeChecked();
    expect(form.getByText(t.serverNotConfigured)).toBeInTheDocument();
    expect(form.queryByText(/Servidor configurado/)).toBeNull();
  });

  it('shows the server’s message when saving fails', async () => {
    const { user } = setup({
      saveAnswer: problem(403, 'FORBIDDEN', 'Você não tem permissão para realizar esta ação.'),
    });
    const form = within(await section());
    await user.click(await form.findByRole('switch', { name: t.llmEnabled }));
    await user.click(form.getByRole('button', { name: t.save }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para realizar esta ação.',
    );
  });
});

describe('the settings page', () => {
  it('shows the section to supervisors, not to analysts', async () => {
    stubNetwork({ ...fakeFollowUpApi().routes, ...fakeExtractionSettingsApi().routes });
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
    const supervisor = renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('region', { name: t.title })).toBeInTheDocument();
    supervisor.unmount();

    sessionStore.set({ status: 'ready', user: makeUser({ role: 'analista' }) });
    renderAt(<SettingsPage />, '/configuracoes');
    expect(await screen.findByRole('heading', { name: ui.settings.security })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.title })).toBeNull();
  });
});
