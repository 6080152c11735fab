import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './support/accounts';
import { baseURL, dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { listSentMail, waitForVerificationCode } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-up', () => {
  it('a newcomer registers, reads the code from the captured mail, creates a password and lands on onboarding', async () => {
    const { page, errors, context } = await openPage(browser);
    const email = uniqueEmail('novo');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Crie agora' }).click();
    await page.waitForURL('**/register');
    await waitForTitle(page, 'Cadastro | Sistema de Cotações');

    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByText(email).waitFor();
    await waitForTitle(page, 'Verificar e-mail | Sistema de Cotações');

    const code = await waitForVerificationCode(dataDir(), email);
    // The server allows a resend only after 30 s: the button counts them down instead of failing on a click.
    const resend = page.getByRole('button', { name: /^Reenviar código em \d+ s$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    expect(listSentMail(dataDir()).filter((mail) => mail.to.includes(email))).toHaveLength(1);

    const input = page.getByLabel('Código de verificação');
    const submit = page.getByRole('button', { name: 'Verificar código' });
    await input.pressSequentially('1a2b3');
    expect(await input.inputValue()).toBe('123');
    expect(await submit.isDisabled()).toBe(true);
    await input.fill(code);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL('**/create-password');

    const createButton = page.getByRole('button', { name: 'Criar conta' });
    expect(await createButton.isDisabled()).toBe(true);
    await page.getByLabel('Nome completo').fill('Marina Importadora');
    await page.getByLabel('Senha', { exact: true }).fill('abc');
    await page.getByLabel('Confirmar senha').fill('abd');
    await createButton.click();
    await page.getByText('A senha deve ter pelo menos 6 caracteres.').waitFor();
    await page.getByText('A senha deve conter pelo menos um número.').waitFor();
    await page.getByText('As senhas não coincidem.').waitFor();

    await page.getByLabel('Senha', { exact: true }).fill('Frete2026');
    await page.getByLabel('Confirmar senha').fill('Frete2026');
    await createButton.click();
    await page.waitForURL('**/onboarding/company');
    await page.getByRole('heading', { name: 'Vincule sua conta a uma empresa' }).waitFor();
    await waitForTitle(page, 'Vincular empresa | Sistema de Cotações');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email, name: 'Marina Importadora', empresaId: null });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong code shows the server message and keeps the code typed', async () => {
    const { page, errors, context } = await openPage(browser);
    const email = uniqueEmail('codigo');
    await page.goto('/register');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/verify-email');
    const code = await waitForVerificationCode(dataDir(), email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de verificação').fill(wrong);
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByRole('alert').getByText('Código inválido').waitFor();
    expect(await page.getByLabel('Código de verificação').inputValue()).toBe(wrong);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-in and sign-out', () => {
  const account = { name: 'Paulo Despachante', email: uniqueEmail('login'), password: 'Carga2026' };
  beforeAll(async () => {
    await createAccount(account);
  });

  it('a wrong password shows the server message and keeps the e-mail', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    await waitForTitle(page, 'Login | Sistema de Cotações');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill('Errada2026');
    await page.getByRole('button', { name: 'Acessar conta' }).click();
    await page.getByRole('alert').getByText('E-mail ou senha incorretos.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(account.email);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in, signs out from the sidebar and cannot come back without signing in', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    // No company yet: the dashboard's company guard sends the user to onboarding.
    await page.waitForURL('**/onboarding/company');

    await page.goto('/configuracoes');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    await waitForTitle(page, 'Configurações | Sistema de Cotações');
    await page.getByRole('button', { name: 'Sair - Logout do sistema' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    await page.goto('/configuracoes');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown path goes to /login', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/rota/que/nao/existe');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password, is sent to /login after 3 s and signs in with the new one', async () => {
    const own = { name: 'Clara Compras', email: uniqueEmail('senha'), password: 'Antiga2026' };
    await createAccount(own);
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, own);
    await page.goto('/configuracoes');
    await page.getByRole('link', { name: 'Alterar senha' }).first().click();
    await page.waitForURL('**/configuracoes/alterar-senha');
    await waitForTitle(page, 'Alterar senha | Sistema de Cotações');

    await page.getByLabel('Senha atual').fill(own.password);
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova2026x');
    await page.getByLabel('Confirmar nova senha').fill('Nova2026x');
    const started = Date.now();
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada com sucesso').waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);

    await signInWithForm(page, { email: own.email, password: 'Nova2026x' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('public configuration', () => {
  it('OAuth providers that are not configured explain it on the login screen', async () => {
    const config = await (await fetch(`${baseURL()}/api/config`)).json();
    const { page, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Acessar conta' }).waitFor();
    if (!config.microsoftEnabled) {
      await page.getByRole('button', { name: 'Entrar com Microsoft' }).click();
      await page.getByRole('alert').getByText('Erro ao iniciar login Microsoft:').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    await context.close();
  });
});
