import { errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { carrierIds, fakeFollowUpApi, makeReminders } from '../testing/fake-follow-up-api';
import { QuoteRemindersCard } from './quote-reminders-card';

const t = ui.followUp.reminders;

/** A deadline a week ahead: reminders go out only before it. */
const ahead = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

function setup(
  options: Parameters<typeof fakeFollowUpApi>[0] = {},
  status = 'AGUARDANDO_RESPOSTA',
  prazoResposta = ahead(),
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeFollowUpApi(options);
  const network = stubNetwork(fake.routes);
  const quote = makeQuoteDetail({ status: status as never, prazoResposta });
  const view = renderAt(<QuoteRemindersCard quote={quote} />, '/quotes/:id', `/quotes/${quote.id}`);
  return { ...view, network, fake };
}
const card = async () => within(await screen.findByRole('region', { name: t.title }));
const calls = (network: ReturnType<typeof setup>['network'], method: string) =>
  network.requests.filter((request) => request.method === method);
const toasts = () => toastStore.get().map((toast) => [toast.variant, toast.message]);

describe("the quote's 'Lembretes' card", () => {
  it('shows the switch, the next reminder (Brasília time) and the reminders sent', async () => {
    setup();
    const region = await card();
    expect(await region.findByRole('switch', { name: t.automatic })).toBeChecked();
    // 2026-03-09T15:00Z is 12:00 in São Paulo.
    expect(region.getByText('Próximo lembrete em 09/03 12:00')).toBeInTheDocument();
    expect(region.getByText('Boreal Cargas · 05/03 10:00 · automático')).toBeInTheDocument();
  });

  it('turns the automatic reminders off, with a toast', async () => {
    const { user, network } = setup();
    const region = await card();
    await user.click(await region.findByRole('switch', { name: t.automatic }));
    await waitFor(() => expect(calls(network, 'PATCH')).toHaveLength(1));
    expect(calls(network, 'PATCH')[0]!.body).toEqual({ ativos: false });
    await waitFor(() => expect(region.getByRole('switch', { name: t.automatic })).not.toBeChecked());
    expect(region.getByText(t.noNextOff)).toBeInTheDocument();
    expect(toasts()).toContainEqual(['success', t.switchedOff]);
  });

  it('says why no automatic reminder is due: nobody waiting, or the schedule left none (QA pass 42c)', async () => {
    const nobody = setup({ reminders: makeReminders({ proximos: [], pendentes: [] }) });
    expect(await (await card()).findByText(t.noNextNobody)).toBeInTheDocument();
    nobody.unmount();
    setup({ reminders: makeReminders({ proximos: [] }) });
    expect(
      await (await card()).findByText(
        'Nenhum lembrete previsto até o prazo: os horários já passaram ou ficariam a menos de 12 h do anterior.',
      ),
    ).toBeInTheDocument();
  });

  it("'Lembrar agora' asks first, naming how many carriers, then reminds them all", async () => {
    const { user, network } = setup();
    const region = await card();
    await user.click(await region.findByRole('button', { name: t.remindNow }));
    const dialog = within(await screen.findByRole('dialog', { name: t.confirmTitle }));
    expect(dialog.getByText(formatMessage(t.confirmAll, { n: 2 }))).toBeInTheDocument();
    expect(calls(network, 'POST')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(calls(network, 'POST')).toHaveLength(1));
    expect(calls(network, 'POST')[0]!.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toContainEqual(['success', '2 lembrete(s) enviado(s).']);
    expect(await region.findByText('Atlântico Logística · 06/03 09:00 · por Ana Souza')).toBeInTheDocument();
  });

  it('a carrier reminded minutes ago is not offered again, and "Lembrar agora" counts the others (QA pass 22)', async () => {
    const reminders = makeReminders();
    reminders.enviados = [
      { ...reminders.enviados[0]!, manual: true, sentAt: new Date(Date.now() - 2 * 60_000).toISOString() },
    ];
    const { user } = setup({ reminders });
    const region = await card();
    expect(await region.findByText(t.justReminded)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Lembrar Boreal Cargas' })).toBeNull();
    expect(region.getByRole('button', { name: 'Lembrar Atlântico Logística' })).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: t.remindNow }));
    const dialog = within(await screen.findByRole('dialog', { name: t.confirmTitle }));
    expect(dialog.getByText(formatMessage(t.confirmAll, { n: 1 }))).toBeInTheDocument();
  });

  it("'Lembrar' one carrier; the server's refusal stays in the dialog", async () => {
    const { user, network } = setup({
      sendAnswer: problem(409, 'REMINDER_CARRIER_ANSWERED', errorMessages.REMINDER_CARRIER_ANSWERED),
    });
    const region = await card();
    await user.click(await region.findByRole('button', { name: 'Lembrar Atlântico Logística' }));
    const dialog = within(await screen.findByRole('dialog', { name: t.confirmTitle }));
    expect(dialog.getByText('Enviar um lembrete a Atlântico Logística?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: t.confirm }));
    expect(await dialog.findByText(errorMessages.REMINDER_CARRIER_ANSWERED)).toBeInTheDocument();
    expect(calls(network, 'POST')[0]!.body).toEqual({ transportadorId: carrierIds.atlantico });
  });

  it('a quote waiting for a revision still reminds the carriers not heard from (QA pass 39)', async () => {
    setup({}, 'AGUARDANDO_REVISAO');
    const region = await card();
    expect(await region.findByRole('switch', { name: t.automatic })).toBeEnabled();
    expect(region.queryByText(t.notOpen)).toBeNull();
    expect(region.getByRole('button', { name: t.remindNow })).toBeInTheDocument();
  });

  it('a quote that no longer waits for answers shows the history only', async () => {
    setup({}, 'APROVADA');
    const region = await card();
    expect(await region.findByRole('switch', { name: t.automatic })).toBeDisabled();
    expect(region.getByText(t.notOpen)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: t.remindNow })).toBeNull();
    expect(region.getByText('Boreal Cargas · 05/03 10:00 · automático')).toBeInTheDocument();
  });

  it('past its deadline a quote still waiting says how to remind again, and offers no reminder', async () => {
    setup({}, 'AGUARDANDO_RESPOSTA', new Date(Date.now() - 60_000).toISOString());
    const region = await card();
    expect(await region.findByText(t.deadlinePassed)).toBeInTheDocument();
    expect(region.getByRole('switch', { name: t.automatic })).toBeDisabled();
    expect(region.queryByRole('button', { name: t.remindNow })).toBeNull();
  });

  it('with everyone answered, nothing to remind; with the company switched off, says so', async () => {
    setup({ reminders: makeReminders({ pendentes: [], proximos: [], empresaAtivos: false }) });
    const region = await card();
    expect(await region.findByText(t.companyOff)).toBeInTheDocument();
    expect(region.getByRole('button', { name: t.remindNow })).toBeDisabled();
    expect(region.getByText(t.nobodyPending)).toBeInTheDocument();
  });
});
