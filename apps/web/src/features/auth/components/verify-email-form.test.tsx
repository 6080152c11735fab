import { ui } from '@cotacoes/shared/messages/ui';
import { act, fireEvent, screen } from '@testing-library/react';
import { publicConfig } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { sanitizeCode } from './verification-code-input';
import { VerifyEmailForm } from './verify-email-form';

function setup(config = publicConfig) {
  const routes = {
    'GET /api/config': { body: config },
    'POST /api/auth/verify-email': { body: { message: 'E-mail verificado com sucesso.' } },
    'POST /api/auth/resend-verification': { body: { message: 'Novo código enviado!' } },
  };
  const network = stubNetwork(routes);
  const view = renderAt(<VerifyEmailForm />, '/verify-email');
  const input = () => screen.getByLabelText(ui.verifyEmail.codeLabel);
  const submit = () => screen.getByRole('button', { name: ui.verifyEmail.submit });
  return { ...view, network, input, submit };
}

describe('verification code', () => {
  it('sanitizes to digits only, at most 6', () => {
    expect(sanitizeCode('12a3-4 5')).toBe('12345');
    expect(sanitizeCode('1234567890')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });

  it('accepts digits only and at most 6 while typing', async () => {
    const { user, input } = setup();
    await user.type(input(), 'a1b2c3d4e5f6g7h8');
    expect(input()).toHaveValue('123456');
    expect(input()).toHaveAttribute('inputmode', 'numeric');
    expect(input()).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('cleans a pasted code such as "123 456"', async () => {
    const { input } = setup();
    fireEvent.change(input(), { target: { value: '123 456' } });
    expect(input()).toHaveValue('123456');
  });

  it('enables submit only with exactly 6 digits', async () => {
    const { user, input, submit } = setup();
    expect(submit()).toBeDisabled();
    await user.type(input(), '12345');
    expect(submit()).toBeDisabled();
    await user.type(input(), '6');
    expect(submit()).toBeEnabled();
    await user.type(input(), '{Backspace}');
    expect(submit()).toBeDisabled();
  });

  it('a right code goes to /create-password', async () => {
    const { user, input, submit, network } = setup();
    await user.type(input(), '654321');
    await user.click(submit());
    expect(await screen.findByTestId('location')).toHaveTextContent('/create-password');
    expect(network.requests.find((r) => r.url === '/api/auth/verify-email')?.body).toEqual({
      code: '654321',
    });
  });

  it('a wrong code shows the server message and keeps the code', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'POST /api/auth/verify-email': problem(
        400,
        'CODE_INVALID',
        'Código inválido. Confira o código enviado ao seu e-mail.',
      ),
    });
    const view = renderAt(<VerifyEmailForm />, '/verify-email');
    await view.user.type(screen.getByLabelText(ui.verifyEmail.codeLabel), '000000');
    await view.user.click(screen.getByRole('button', { name: ui.verifyEmail.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Código inválido. Confira o código enviado ao seu e-mail.',
    );
    expect(screen.getByLabelText(ui.verifyEmail.codeLabel)).toHaveValue('000000');
  });

  it("resend waits the server's 30 s, counting down, then shows 'Novo código enviado!' and waits again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    try {
      const { network } = setup();
      const button = () => screen.getByRole('button', { name: /^Reenviar código/ });
      // The code was sent just before the page opened: the first click would be refused (QA pass 10).
      expect(button()).toHaveTextContent('Reenviar código em 30 s');
      expect(button()).toBeDisabled();
      for (let second = 0; second < 30; second++) await act(async () => vi.advanceTimersByTime(1_000));
      expect(button()).toHaveTextContent(/^Reenviar código$/);
      expect(button()).toBeEnabled();
      fireEvent.click(button());
      vi.useRealTimers();
      expect(await screen.findByText('Novo código enviado!')).toBeInTheDocument();
      expect(network.requests.filter((r) => r.url === '/api/auth/resend-verification')).toHaveLength(1);
      expect(button()).toHaveTextContent('Reenviar código em 30 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('points to the local mailbox only when the server says it is enabled', async () => {
    setup();
    expect(await screen.findByRole('link', { name: ui.verifyEmail.mailboxLink })).toHaveAttribute(
      'href',
      '/dev/mailbox',
    );
  });

  it('hides the mailbox link with a real mail server', async () => {
    setup({
      ...publicConfig,
      mailboxEnabled: false,
      mailTransport: 'smtp',
    } as unknown as typeof publicConfig);
    await screen.findByRole('button', { name: /^Reenviar código/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: ui.verifyEmail.mailboxLink })).not.toBeInTheDocument();
  });
});
