import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, dataDir } from './browser';
import { waitForVerificationCode } from './mail';

export interface Account {
  name: string;
  email: string;
  password: string;
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function postJson(path: string, body: unknown, cookie = ''): Promise<Response> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Creates a verified account through the API (register → code from the captured mail → password). */
export async function createAccount(account: Account): Promise<void> {
  const register = await postJson('/auth/register', { email: account.email });
  const cookie = cookieOf(register);
  const code = await waitForVerificationCode(dataDir(), account.email);
  await postJson('/auth/verify-email', { code }, cookie);
  await postJson(
    '/auth/complete-registration',
    { name: account.name, password: account.password, confirmPassword: account.password },
    cookie,
  );
}

/** Signs in through the login screen, as a person would. */
export async function signInWithForm(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Acessar conta' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}

/**
 * Company onboarding arrives with a later issue, so no account here has a company yet; screens behind
 * the company guard are reached by answering /api/auth/me with a company id (UI checks only).
 */
export async function pretendCompanyLink(page: Page): Promise<void> {
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    const user = await response.json();
    await route.fulfill({ response, json: { ...user, empresaId: user.empresaId ?? 'empresa-e2e' } });
  });
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    localStorage.setItem('user', JSON.stringify({ ...user, empresaId: user.empresaId ?? 'empresa-e2e' }));
  });
}
