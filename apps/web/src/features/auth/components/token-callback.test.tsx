import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { makeUser } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { parseUserParam, TokenCallback } from './token-callback';

function open(query: string) {
  return renderAt(<TokenCallback />, '/auth/callback', `/auth/callback${query}`);
}

describe('token callback (/auth/callback)', () => {
  it('a user with a company goes to /', async () => {
    const user = makeUser();
    open(`?token=t1&user=${encodeURIComponent(JSON.stringify(user))}`);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('t1');
  });

  it('a user without a company goes to /onboarding/company', async () => {
    open(`?token=t1&user=${encodeURIComponent(JSON.stringify(makeUser({ empresaId: null })))}`);
    expect(await screen.findByTestId('location')).toHaveTextContent('/onboarding/company');
  });

  it("missing parameters: 'Erro na Autenticação' / 'Dados de autenticação incompletos' and a link to /login", async () => {
    open('?token=t1');
    expect(await screen.findByRole('heading', { name: ui.tokenCallback.errorTitle })).toBeInTheDocument();
    expect(screen.getByText(ui.tokenCallback.incomplete)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ui.tokenCallback.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("an unreadable user: 'Erro ao processar autenticação'", async () => {
    open('?token=t1&user=%7Bquebrado');
    expect(await screen.findByText(ui.tokenCallback.processing)).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('shows the message the server sends in ?error=', async () => {
    open(`?error=${encodeURIComponent('Não foi possível concluir o login com Microsoft. Tente novamente.')}`);
    expect(
      await screen.findByText('Não foi possível concluir o login com Microsoft. Tente novamente.'),
    ).toBeInTheDocument();
  });

  it('tolerates a doubly encoded user', () => {
    const user = makeUser();
    expect(parseUserParam(encodeURIComponent(JSON.stringify(user)))).toEqual(user);
  });
});
