import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { waitForVerificationCode } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('local mailbox', () => {
  it('the verify-email screen points to it and it shows the code without signing in', async () => {
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
