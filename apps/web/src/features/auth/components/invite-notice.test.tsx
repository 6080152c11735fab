import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import { publicConfig } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';

const token = 'a'.repeat(43);

describe('register from an invitation link', () => {
  it('prefills the e-mail and says which company invited', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      [`GET /api/empresas/invites/${token}`]: {
        body: {
          email: 'novo@importadora.com.br',
          name: null,
          role: 'analista',
          empresa: { nome: 'Importadora Demonstração' },
        },
      },
    });
    renderApp(`/register?email=novo%40importadora.com.br&convite=${token}`);
    expect(await screen.findByText(ui.register.inviteTitle)).toBeInTheDocument();
    expect(
      screen.getByText(/A empresa Importadora Demonstração convidou você como Analista\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(ui.register.emailLabel)).toHaveValue('novo@importadora.com.br');
  });

  it('an invitation already used or removed is explained; the e-mail is still filled', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      [`GET /api/empresas/invites/${token}`]: problem(404, 'INVITE_NOT_FOUND'),
    });
    renderApp(`/register?email=novo%40importadora.com.br&convite=${token}`);
    expect(await screen.findByText(ui.register.inviteInvalidTitle)).toBeInTheDocument();
    expect(screen.getByText('Convite não encontrado ou já utilizado.')).toBeInTheDocument();
    expect(screen.getByLabelText(ui.register.emailLabel)).toHaveValue('novo@importadora.com.br');
  });
});
