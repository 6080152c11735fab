import { ui } from '@cotacoes/shared/messages/ui';
import { act, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';
import { endTour, tourStore } from '../hooks/use-tour';
import { TOUR_STEPS } from '../tour-steps';

const dashboard = {
  stats: {
    transportadores: 1,
    cotacoesAbertas: 0,
    grupos: 0,
    cotacoesAguardandoResposta: 0,
    cotacoesVencidasAguardandoAprovacao: 0,
  },
  atividadesRecentes: [],
  proximosVencimentos: [],
};

function setup(path: string, user = makeUser()) {
  sessionStore.set({ status: 'ready', user });
  stubNetwork({
    'GET /api/config': { body: publicConfig },
    'GET /api/rates': { body: { fallback: true } },
    'GET /api/dashboard': { body: dashboard },
  });
  return renderApp(path);
}

afterEach(() => endTour());

describe('guided tour', { timeout: 20_000 }, () => {
  it('has the 8 steps of the spec, each with its text', () => {
    expect(TOUR_STEPS).toHaveLength(8);
    expect(ui.tour.steps).toHaveLength(8);
    expect(TOUR_STEPS[0]).toMatchObject({ target: null, placement: 'center' });
    expect(TOUR_STEPS[7]).toMatchObject({ target: null, placement: 'center' });
    expect(TOUR_STEPS.map((step) => step.route)).toEqual([
      '/',
      '/',
      '/quotes',
      '/quotes',
      '/sent-quotes',
      '/management',
      '/suporte',
      '/',
    ]);
  });

  it('is offered once to a new user; declining is remembered for that user only', async () => {
    const { user, unmount } = setup('/', makeUser({ id: 'u-new' }));
    await screen.findByTestId('stat-transportadores');
    const offer = await screen.findByRole('region', { name: ui.dashboard.tourOffer.title });
    await user.click(screen.getByRole('button', { name: ui.dashboard.tourOffer.dismiss }));
    expect(offer).not.toBeInTheDocument();
    expect(tourStore.get().tourActive).toBe(false);
    unmount();

    const again = setup('/', makeUser({ id: 'u-new' }));
    await screen.findByTestId('stat-transportadores');
    expect(screen.queryByRole('region', { name: ui.dashboard.tourOffer.title })).not.toBeInTheDocument();
    again.unmount();

    setup('/', makeUser({ id: 'u-other' }));
    await screen.findByTestId('stat-transportadores');
    expect(screen.getByRole('region', { name: ui.dashboard.tourOffer.title })).toBeInTheDocument();
  });

  it("'Iniciar tour' opens the welcome step with the spec's buttons; 'Pular' ends it at step 0", async () => {
    const { user } = setup('/', makeUser({ id: 'u-start' }));
    await screen.findByTestId('stat-transportadores');
    await user.click(screen.getByRole('button', { name: ui.dashboard.tourOffer.start }));
    const dialog = await screen.findByRole('alertdialog', { name: ui.tour.steps[0]!.title });
    expect(dialog).toHaveTextContent(ui.tour.steps[0]!.content);
    expect(dialog).toHaveTextContent('Passo 1 de 8');
    expect(screen.getByRole('button', { name: 'Próximo (Passo 1 de 8)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pular' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    // No way back from the first step.
    expect(screen.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();
    expect(tourStore.get()).toEqual({ run: true, tourActive: true, stepIndex: 0 });

    await user.click(screen.getByRole('button', { name: 'Pular' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(tourStore.get()).toEqual({ run: false, tourActive: false, stepIndex: 0 });
    // Starting it counts as the offer: it is not offered again.
    expect(screen.queryByRole('region', { name: ui.dashboard.tourOffer.title })).not.toBeInTheDocument();
  });

  it("the top bar's button on another page goes to the dashboard and starts the tour 100 ms later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = setup('/suporte', makeUser({ id: 'u-button' }));
      const button = await screen.findByRole('button', { name: ui.shell.topBar.tutorial });
      expect(button).toHaveAttribute('title', ui.shell.topBar.tutorialHint);
      act(() => button.click());
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(tourStore.get().run).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(tourStore.get()).toEqual({ run: true, tourActive: true, stepIndex: 0 });
      expect(await screen.findByRole('alertdialog', { name: ui.tour.steps[0]!.title })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('on the dashboard the button starts at once; Esc closes the tour', async () => {
    const { user } = setup('/', makeUser({ id: 'u-esc' }));
    await user.click(await screen.findByRole('button', { name: ui.shell.topBar.tutorial }));
    expect(tourStore.get()).toEqual({ run: true, tourActive: true, stepIndex: 0 });
    await screen.findByRole('alertdialog', { name: ui.tour.steps[0]!.title });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tourStore.get()).toEqual({ run: false, tourActive: false, stepIndex: 0 }));
  });
});
