import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { GmailCallback } from './gmail-callback';
import { GoogleCallback } from './google-callback';

function open(query: string) {
  return renderAt(<GoogleCallback />, '/auth/google/callback', `/auth/google/callback${query}`);
}

describe('Google callback', () => {
  it('exchanges the code once (with state and redirectUri), stores the session and goes to /', async () => {
    const network = stubNetwork({
      'POST /api/auth/google/callback': { body: { access_token: 'g-token', user: makeUser() } },
    });
    open('?code=abc&state=xyz');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(network.requests).toHaveLength(1);
    expect(network.requests[0]?.body).toEqual({
      code: 'abc',
      state: 'xyz',
      redirectUri: `${window.location.origin}/auth/google/callback`,
    });
    expect(window.localStorage.getItem(storageKeys.token)).toBe('g-token');
  });

  it("without a code: 'Código de autorização não recebido'", async () => {
    stubNetwork({});
    open('');
    expect(await screen.findByText(ui.googleCallback.missingCode)).toBeInTheDocument();
  });

  it("a provider error: 'Erro do Google: {error}'", async () => {
    stubNetwork({});
    open('?error=access_denied');
    expect(await screen.findByText('Erro do Google: access_denied')).toBeInTheDocument();
  });

  it("a backend failure: server message, else 'Erro na autenticação com o backend'", async () => {
    stubNetwork({ 'POST /api/auth/google/callback': problem(502, 'OAUTH_FAILED') });
    open('?code=other');
    expect(await screen.findByText(ui.googleCallback.backendError)).toBeInTheDocument();
  });
});

describe('mail-provider callback', () => {
  it('shows the code and keeps it in local storage', async () => {
    renderAt(<GmailCallback />, '/auth/gmail/callback', '/auth/gmail/callback?code=4%2F0Ab-codigo');
    expect(await screen.findByText('4/0Ab-codigo')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.gmailCode)).toBe('4/0Ab-codigo');
    expect(screen.getByRole('button', { name: ui.gmailCallback.back })).toBeInTheDocument();
  });

  it('keeps the state that came back with the code, for the exchange in Configurações', async () => {
    renderAt(
      <GmailCallback />,
      '/auth/gmail/callback',
      '/auth/gmail/callback?code=4%2F0Ab-outro&state=estado-123&scope=openid',
    );
    expect(await screen.findByText('4/0Ab-outro')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.gmailState)).toBe('estado-123');
  });

  it('says the access was refused at the provider, and where to try again, on ?error=access_denied', async () => {
    renderAt(<GmailCallback />, '/auth/gmail/callback', '/auth/gmail/callback?error=access_denied&state=x');
    expect(await screen.findByRole('heading', { name: ui.gmailCallback.deniedHeading })).toBeInTheDocument();
    expect(screen.getByText(ui.gmailCallback.denied)).toBeInTheDocument();
    expect(screen.queryByText(ui.gmailCallback.heading)).toBeNull();
    expect(screen.getByRole('link', { name: ui.gmailCallback.toSettings })).toHaveAttribute(
      'href',
      '/configuracoes',
    );
  });

  it('names another provider error, and without any parameter says what the page is for', async () => {
    const view = renderAt(
      <GmailCallback />,
      '/auth/gmail/callback',
      '/auth/gmail/callback?error=server_error&error_description=Tente%20mais%20tarde',
    );
    expect(
      await screen.findByText(formatMessage(ui.gmailCallback.providerError, { erro: 'Tente mais tarde' })),
    ).toBeInTheDocument();
    view.unmount();
    renderAt(<GmailCallback />, '/auth/gmail/callback');
    expect(await screen.findByRole('heading', { name: ui.gmailCallback.missingHeading })).toBeInTheDocument();
  });
});
