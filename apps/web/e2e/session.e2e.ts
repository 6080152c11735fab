import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './support/accounts';
import { baseURL, launchBrowser, openPage, uniqueEmail } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Ends the browser's session from elsewhere (another client presenting the same bearer token). */
async function revokeElsewhere(token: string) {
  const response = await fetch(`${baseURL()}/api/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok).toBe(true);
}

describe('a 401 from the API', () => {
  it('on an action sends the browser to /login and clears the stored session', async () => {
    const account = { name: 'Igor Câmbio', email: uniqueEmail('s401'), password: 'Navio2026' };
    await createAccount(account);
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    await page.goto('/configuracoes');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await context.clearCookies();
    await revokeElsewhere(token ?? '');

    await page.getByRole('switch', { name: 'Receber cópia dos e-mails enviados' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on opening a page with a revoked session sends the browser to /login', async () => {
    const account = { name: 'Jana Porto', email: uniqueEmail('r401'), password: 'Navio2026' };
    await createAccount(account);
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await context.clearCookies();
    await revokeElsewhere(token ?? '');
    await page.goto('/suporte');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('preference', () => {
  it("saves the e-mail copy preference with '✓ Salvo!' for 3 s", async () => {
    const account = { name: 'Lia Compras', email: uniqueEmail('pref'), password: 'Navio2026' };
    await createAccount(account);
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    await page.goto('/configuracoes');
    const toggle = page.getByRole('switch', { name: 'Receber cópia dos e-mails enviados' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('✓ Salvo!').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByText('✓ Salvo!').waitFor({ state: 'detached', timeout: 5_000 });
    await page.reload();
    expect(
      await page
        .getByRole('switch', { name: 'Receber cópia dos e-mails enviados' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
