import { ui } from '@cotacoes/shared/messages/ui';
import { act, screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { ChangePasswordPage } from './change-password-form';

function setup() {
  sessionStore.set({ status: 'ready', user: makeUser() });
  window.localStorage.setItem(storageKeys.token, 'tok');
  return renderAt(<ChangePasswordPage />, '/configuracoes/alterar-senha');
}

async function fill(user: ReturnType<typeof setup>['user'], current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText(ui.changePassword.currentLabel), current);
  if (next) await user.type(screen.getByLabelText(ui.changePassword.newLabel), next);
  if (confirm) await user.type(screen.getByLabelText(ui.changePassword.confirmLabel), confirm);
}

describe('change password', () => {
  it('requires every field', async () => {
    const network = stubNetwork({});
    const { user } = setup();
    await fill(user, 'atual123', '', '');
    await user.click(screen.getByRole('button', { name: ui.changePassword.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ui.changePassword.requiredTitle);
    expect(alert).toHaveTextContent('Por favor, preencha todos os campos para continuar.');
    expect(network.requests).toHaveLength(0);
  });

  it('checks the rules and the confirmation with titled messages', async () => {
    stubNetwork({});
    const { user } = setup();
    await fill(user, 'atual123', 'abcdef', 'abcdef');
    await user.click(screen.getByRole('button', { name: ui.changePassword.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ui.changePassword.invalidTitle);
    expect(screen.getAllByText('A senha deve conter pelo menos um número.').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText(ui.changePassword.newLabel), '1');
    await user.click(screen.getByRole('button', { name: ui.changePassword.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ui.changePassword.mismatchTitle);
  });

  it('shows the server message for a wrong current password', async () => {
    stubNetwork({
      'POST /api/auth/change-password': problem(400, 'CURRENT_PASSWORD_WRONG', 'Senha atual incorreta.'),
    });
    const { user } = setup();
    await fill(user, 'errada123', 'nova12345', 'nova12345');
    await user.click(screen.getByRole('button', { name: ui.changePassword.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Senha atual incorreta.');
  });

  it('after success removes the token and goes to /login after 3000 ms', async () => {
    stubNetwork({ 'POST /api/auth/change-password': { body: { message: 'Senha alterada com sucesso.' } } });
    const { user } = setup();
    await fill(user, 'atual123', 'nova12345', 'nova12345');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: ui.changePassword.submit }));
      expect(await screen.findByText('Senha alterada com sucesso.')).toBeInTheDocument();
      expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(await screen.findByTestId('location')).toHaveTextContent('/login');
      expect(sessionStore.get().user).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
