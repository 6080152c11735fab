import { screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import LoginRoute from './login';

describe('the login page after a session ended (QA pass 15)', () => {
  it('says nothing when opened directly', async () => {
    stubNetwork({});
    renderAt(<LoginRoute />, '/login');
    expect(await screen.findByRole('button', { name: 'Acessar conta' })).toBeInTheDocument();
    expect(screen.queryByText(/Sua sessão terminou/)).toBeNull();
  });

  it('says why one must sign in again when a 401 sent it here, once', async () => {
    stubNetwork({});
    sessionStorage.setItem(storageKeys.sessionEnded, '1');
    const view = renderAt(<LoginRoute />, '/login');
    expect(
      await screen.findByText(
        /^Sua sessão terminou: .*seu acesso à empresa foi alterado por um supervisor\./,
      ),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.sessionEnded)).toBeNull();
    view.unmount();
    renderAt(<LoginRoute />, '/login');
    await screen.findByRole('button', { name: 'Acessar conta' });
    expect(screen.queryByText(/Sua sessão terminou/)).toBeNull();
  });
});
