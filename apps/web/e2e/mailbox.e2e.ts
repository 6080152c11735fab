import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, developerEmails, signInWithForm } from './support/accounts';
import { dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { waitForVerificationCode } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'senhaForte123';

describe('local mailbox', () => {
  it('is pointed to from the verify-email screen but shows nothing to a visitor or a non-developer', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = uniqueEmail('caixa');
    await page.goto('/register');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/verify-email');
    const code = await waitForVerificationCode(dataDir(), email);

    const link = page.getByRole('link', { name: 'Abrir a caixa de e-mails local' });
    expect(await link.getAttribute('href')).toBe('/dev/mailbox');

    const mailbox = await context.newPage();
    await mailbox.goto('/dev/mailbox');
    await waitForTitle(mailbox, 'Caixa de e-mails local | Sistema de Cotações');
    await mailbox
      .getByText('A caixa de e-mails local é restrita a desenvolvedores.', { exact: false })
      .waitFor();
    expect(await mailbox.getByText(code).count()).toBe(0);
    expect(await mailbox.getByRole('list', { name: 'Mensagens enviadas' }).count()).toBe(0);

    const ordinary = { name: 'Pessoa Comum', email: uniqueEmail('comum'), password: PASSWORD };
    await createAccount(ordinary);
    await signInWithForm(mailbox, ordinary);
    await mailbox.goto('/dev/mailbox');
    await mailbox.getByText('somente usuários com o papel desenvolvedor', { exact: false }).waitFor();
    expect(await mailbox.getByText(code).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a signed-in desenvolvedor the verification code sent to someone else', async () => {
    const developer = { name: 'Dev Caixa', email: developerEmails.mailbox, password: PASSWORD };
    await createAccount(developer);
    const visitor = await openPage(browser);
    const email = uniqueEmail('codigo');
    await visitor.page.goto('/register');
    await visitor.page.getByLabel('E-mail').fill(email);
    await visitor.page.getByRole('button', { name: 'Continuar' }).click();
    await visitor.page.waitForURL('**/verify-email');
    const code = await waitForVerificationCode(dataDir(), email);
    await visitor.context.close();

    const { page: mailbox, context, errors } = await openPage(browser);
    await signInWithForm(mailbox, developer);
    await mailbox.goto('/dev/mailbox');
    await mailbox
      .getByRole('link', { name: new RegExp(`Seu código de verificação: ${code}`) })
      .first()
      .click();
    await mailbox.getByRole('heading', { name: `Seu código de verificação: ${code}` }).waitFor();
    expect(await mailbox.locator('article pre').textContent()).toContain(code);

    await mailbox.getByRole('tab', { name: 'HTML' }).click();
    const frame = mailbox.locator('iframe[title="Versão HTML da mensagem"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
