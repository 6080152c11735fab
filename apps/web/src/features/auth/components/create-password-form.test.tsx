import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { CreatePasswordForm } from './create-password-form';

const MIN = 'A senha deve ter pelo menos 6 caracteres.';
const LETTER = 'A senha deve conter pelo menos uma letra.';
const NUMBER = 'A senha deve conter pelo menos um número.';
const MISMATCH = 'As senhas não coincidem.';

function setup() {
  const view = renderAt(<CreatePasswordForm />, '/create-password');
  const submit = () => screen.getByRole('button', { name: ui.createPassword.submit });
  const fill = async (name: string, password: string, confirm: string) => {
    const { user } = view;
    await user.clear(screen.getByLabelText(ui.createPassword.nameLabel));
    await user.clear(screen.getByLabelText(ui.createPassword.passwordLabel));
    await user.clear(screen.getByLabelText(ui.createPassword.confirmLabel));
    if (name) await user.type(screen.getByLabelText(ui.createPassword.nameLabel), name);
    if (password) await user.type(screen.getByLabelText(ui.createPassword.passwordLabel), password);
    if (confirm) await user.type(screen.getByLabelText(ui.createPassword.confirmLabel), confirm);
  };
  return { ...view, submit, fill };
}

describe('create password', () => {
  it('takes a field message away as soon as that field is edited, not at the next submit', async () => {
    stubNetwork({});
    const { submit, fill, user } = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    await fill('Ana', 'abc123x', 'abc123y');
    await user.click(submit());
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    await user.type(screen.getByLabelText(ui.createPassword.passwordLabel), 'z');
    expect(screen.getByText(MISMATCH)).toBeInTheDocument();
    await user.type(screen.getByLabelText(ui.createPassword.confirmLabel), '{Backspace}x');
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
  });

  it('keeps submit disabled until name, password and confirmation are filled', async () => {
    stubNetwork({});
    const { submit, fill } = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    expect(submit()).toBeDisabled();
    await fill('Ana', 'abc123x', '');
    expect(submit()).toBeDisabled();
    await fill('Ana', 'abc123x', 'abc123x');
    expect(submit()).toBeEnabled();
  });

  it.each([
    ['abc', [MIN, NUMBER]],
    ['123456', [LETTER]],
    ['abcdefg', [NUMBER]],
    ['12', [MIN, LETTER]],
  ])('%s shows the spec messages %j next to the password and sends nothing', async (password, messages) => {
    const network = stubNetwork({});
    const { submit, fill, user } = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    await fill('Ana', password, password);
    await user.click(submit());
    for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
    for (const other of [MIN, LETTER, NUMBER].filter((m) => !messages.includes(m))) {
      expect(screen.queryByText(other)).not.toBeInTheDocument();
    }
    expect(screen.getByLabelText(ui.createPassword.passwordLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests).toHaveLength(0);
  });

  it("a different confirmation shows 'As senhas não coincidem.' and keeps what was typed", async () => {
    stubNetwork({});
    const { submit, fill, user } = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    await fill('Ana Souza', 'segura123', 'segura124');
    await user.click(submit());
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(screen.getByLabelText(ui.createPassword.nameLabel)).toHaveValue('Ana Souza');
    expect(screen.getByLabelText(ui.createPassword.passwordLabel)).toHaveValue('segura123');
  });

  it('on success stores the session and goes to /onboarding/company', async () => {
    const user = makeUser({ empresaId: null, name: 'Ana Souza' });
    const network = stubNetwork({
      'POST /api/auth/complete-registration': { body: { access_token: 'novo-token', user } },
    });
    const view = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    await view.fill('Ana Souza', 'segura123', 'segura123');
    await view.user.click(view.submit());
    expect(await screen.findByTestId('location')).toHaveTextContent('/onboarding/company');
    expect(network.requests[0]?.body).toEqual({
      name: 'Ana Souza',
      password: 'segura123',
      confirmPassword: 'segura123',
    });
    expect(window.localStorage.getItem(storageKeys.token)).toBe('novo-token');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user) ?? '{}')).toEqual(user);
  });

  it("shows the server message, else 'Erro ao criar conta.'", async () => {
    let answer = problem(
      400,
      'REGISTRATION_NOT_VERIFIED',
      'Confirme o código enviado ao seu e-mail antes de criar a senha.',
    );
    stubNetwork({ 'POST /api/auth/complete-registration': () => answer });
    const view = setup();
    await screen.findByLabelText(ui.createPassword.nameLabel);
    await view.fill('Ana', 'segura123', 'segura123');
    await view.user.click(view.submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirme o código enviado ao seu e-mail antes de criar a senha.',
    );

    answer = problem(500, 'INTERNAL');
    await view.user.click(view.submit());
    expect(await screen.findByText(ui.createPassword.errorFallback)).toBeInTheDocument();
  });
});
