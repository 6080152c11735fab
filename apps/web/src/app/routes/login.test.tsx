import { act, screen } from '@testing-library/react';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import LoginRoute from './login';

describe('the login page after a session ended (QA pass 15)', () => {
  it('says why one must sign in again when sent here by a 401, and nothing otherwise', async () => {
    stubNetwork({});
    const { router } = renderAt(<LoginRoute />, '/login');
    expect(await screen.findByRole('button', { name: 'Acessar conta' })).toBeInTheDocument();
    expect(screen.queryByText(/Sua sessão terminou/)).toBeNull();
    await act(() => router.navigate('/login', { state: { sessionEnded: true } }));
    expect(
      await screen.findByText(
        /^Sua sessão terminou: .*seu acesso à empresa foi alterado por um supervisor\./,
      ),
    ).toBeInTheDocument();
  });
});
