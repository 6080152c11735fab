import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeFollowUpApi } from '../testing/fake-follow-up-api';
import { FollowUpSettingsSection } from './follow-up-settings-section';

const t = ui.followUp.settings;

function setup(options: Parameters<typeof fakeFollowUpApi>[0] = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
  const fake = fakeFollowUpApi(options);
  const network = stubNetwork(fake.routes);
  const view = renderAt(<FollowUpSettingsSection />, '/configuracoes');
  return { ...view, network, fake };
}
const puts = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.method === 'PUT');
const section = () => screen.findByRole('region', { name: t.title });

describe("'Acompanhamento automático'", () => {
  it('shows the saved settings and saves the changes by keyboard, with a toast', async () => {
    const { user, network, fake } = setup();
    const form = within(await section());
    const after = await form.findByRole('textbox', { name: t.afterSend });
    expect(after).toHaveValue('48');
    expect(form.getByRole('textbox', { name: t.beforeDeadline })).toHaveValue('24');
    expect(form.getByRole('switch', { name: t.remindersEnabled })).toBeChecked();
    expect(form.getByRole('switch', { name: t.lostBidFeedbackDefault })).not.toBeChecked();

    await user.clear(after);
    await user.type(after, '72');
    await user.clear(form.getByRole('textbox', { name: t.beforeDeadline }));
    // Keyboard: focus the switch and press Space.
    form.getByRole('switch', { name: t.lostBidFeedbackDefault }).focus();
    await user.keyboard(' ');
    await user.click(form.getByRole('switch', { name: t.portalEnabled }));
    await user.click(form.getByRole('button', { name: t.save }));

    await waitFor(() => expect(puts(network)).toHaveLength(1));
    expect(puts(network)[0]!.body).toEqual({
      remindersEnabled: true,
      reminderAfterSendHours: 72,
      reminderBeforeDeadlineHours: null,
      portalEnabled: false,
      lostBidFeedbackDefault: true,
      deadlineSummaryEnabled: true,
    });
    await waitFor(() =>
      expect(toastStore.get().map((toast) => [toast.variant, toast.message])).toContainEqual([
        'success',
        t.saved,
      ]),
    );
    expect(fake.state.settings.reminderAfterSendHours).toBe(72);
  });

  it('refuses hours outside 1–720 with the field message and sends nothing', async () => {
    const { user, network } = setup();
    const form = within(await section());
    const after = await form.findByRole('textbox', { name: t.afterSend });
    for (const text of ['0', '721', '1,5', 'abc']) {
      await user.clear(after);
      await user.type(after, text);
      await user.click(form.getByRole('button', { name: t.save }));
      expect(after).toHaveAccessibleDescription(expect.stringContaining(t.hoursInvalid));
      expect(after).toHaveAttribute('aria-invalid', 'true');
    }
    expect(puts(network)).toEqual([]);
  });

  it('shows the server’s message when saving fails', async () => {
    const { user } = setup();
    const form = within(await section());
    await form.findByRole('textbox', { name: t.afterSend });
    stubNetwork({
      ...fakeFollowUpApi().routes,
      'PUT /api/empresas/my-company/follow-up': problem(
        403,
        'FORBIDDEN',
        'Você não tem permissão para realizar esta ação.',
      ),
    });
    await user.click(form.getByRole('button', { name: t.save }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para realizar esta ação.',
    );
  });

  it('a failed load says so and can be retried', async () => {
    // The network fails (a 5xx is retried twice by the query client first).
    const { user } = setup({ settingsAnswer: { status: 503, body: '', contentType: 'text/html' } });
    const form = within(await section());
    expect(await form.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(t.loadError);
    stubNetwork(fakeFollowUpApi().routes);
    await user.click(form.getByRole('button', { name: 'Tentar novamente' }));
    expect(await form.findByRole('textbox', { name: t.afterSend })).toHaveValue('48');
  });
});

describe('the settings page', () => {
  it('shows the section to supervisors, not to analysts', async () => {
    stubNetwork(fakeFollowUpApi().routes);
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
