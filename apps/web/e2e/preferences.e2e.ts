import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';

let browser: Browser;
const account = { name: 'Rita Logística', email: uniqueEmail('prefs'), password: 'Porto2026' };
beforeAll(async () => {
  browser = await launchBrowser();
  await createAccount(account);
});
afterAll(async () => {
  await browser?.close();
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Reloads with the app bundle held back, to see the page as it is before React runs. */
async function reloadBeforeApp(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.getElementById('root') !== null);
  const before = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
  }));
  release();
  await page.waitForLoadState('load');
  return before;
}

describe('theme', () => {
  it('persists across reload and is applied before the app renders (no flash)', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Ativar tema escuro' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    const before = await reloadBeforeApp(page);
    expect(before).toEqual({ dark: true, rendered: false });
    await page.getByRole('button', { name: 'Ativar tema claro' }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the system's dark preference until the user chooses (the carrier portal too)", async () => {
    const { page, errors, context } = await openPage(browser, { colorScheme: 'dark' });
    await page.goto('/portal');
    await page.getByRole('heading', { name: 'Consultar cotação' }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await reloadBeforeApp(page)).toEqual({ dark: true, rendered: false });
    // The system turns light: nothing chosen, the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    // A choice wins over the system's, across reloads and later system changes.
    await page.getByRole('button', { name: 'Ativar tema claro' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await reloadBeforeApp(page)).toEqual({ dark: false, rendered: false });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Ativar tema escuro' }).waitFor();
    expect(await isDark(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is chosen in Configurações and kept after signing in again', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    await page.goto('/configuracoes');
    await page.getByText('Escuro', { exact: true }).click();
    expect(await isDark(page)).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await page.getByRole('radio', { name: 'Escuro' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Claro' }).check({ force: true });
    expect(await isDark(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sidebar', () => {
  it('collapses to 64 px, expands to 256 px and keeps the state across reloads', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    await page.goto('/suporte');
    const sidebar = page.locator('#menu-lateral');
    await sidebar.waitFor();
    const width = async () => (await sidebar.boundingBox())?.width;
    await expect.poll(width).toBe(256);

    await page.getByRole('button', { name: 'Recolher menu lateral' }).click();
    await expect.poll(width).toBe(64);
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('true');

    await page.reload();
    await sidebar.waitFor();
    await expect.poll(width).toBe(64);
    await page.getByRole('button', { name: 'Expandir menu lateral' }).click();
    await expect.poll(width).toBe(256);
    await page.reload();
    await expect.poll(width).toBe(256);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the scroll-to-top button past 300 px', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 320 } });
    await signInWithForm(page, account);
    await page.goto('/suporte');
    await page.getByRole('heading', { level: 1, name: 'Suporte' }).waitFor();
    const button = page.getByRole('button', { name: 'Voltar ao topo' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
