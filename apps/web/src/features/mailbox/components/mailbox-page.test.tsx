import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import type { PublicConfig } from '@/api/get-public-config';
import { publicConfig } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { MailboxPage } from './mailbox-page';

const message = {
  id: 'm1',
  from: 'Sistema <nao-responda@cotacoes.local>',
  to: 'alguem@empresa.com.br',
  subject: 'Seu código de verificação: 123456',
  date: '2026-11-26T10:00:00.000Z',
  text: '123456',
};

function setup(mailbox: Parameters<typeof stubNetwork>[0][string], config: PublicConfig = publicConfig) {
  const network = stubNetwork({ 'GET /api/config': { body: config }, 'GET /api/dev/mailbox': mailbox });
  renderAt(<MailboxPage />, '/dev/mailbox');
  return network;
}

describe('local mailbox page', () => {
  afterEach(() => window.localStorage.clear());

  it('tells an anonymous visitor that it is for a signed-in desenvolvedor, and asks nothing', async () => {
    const network = setup({ body: { messages: [message] } });
    expect(await screen.findByText(ui.mailbox.signInRequired)).toBeInTheDocument();
    expect(network.requests.some((request) => request.url.includes('/dev/mailbox'))).toBe(false);
    expect(screen.queryByText(message.subject)).not.toBeInTheDocument();
  });

  it('tells a signed-in user without the role why nothing is shown', async () => {
    window.localStorage.setItem('token', 'token-123');
    setup(problem(403, 'FORBIDDEN', errorMessages.FORBIDDEN));
    expect(await screen.findByText(ui.mailbox.developerOnly)).toBeInTheDocument();
  });

  it('says the mailbox does not exist where the server has none (production, SMTP)', async () => {
    window.localStorage.setItem('token', 'token-123');
    setup({ body: { messages: [message] } }, { ...publicConfig, mailboxEnabled: false });
    expect(await screen.findByText(ui.mailbox.unavailable)).toBeInTheDocument();
    expect(screen.queryByText(message.subject)).not.toBeInTheDocument();
  });

  it('lists the messages for a desenvolvedor', async () => {
    window.localStorage.setItem('token', 'token-123');
    setup({ body: { messages: [message] } });
    expect(await screen.findByText(message.subject)).toBeInTheDocument();
  });
});
