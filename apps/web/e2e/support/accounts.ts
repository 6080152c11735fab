import { sampleCompany, sampleQuoteRequest } from '@cotacoes/shared/samples';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, dataDir } from './browser';
import { waitForVerificationCode } from './mail';

/** Accounts the e2e server makes desenvolvedor (ADMIN_EMAILS, see global-setup.ts). */
export const developerEmails = {
  companies: 'dev.empresas@e2e.cotacoes.local',
  a11y: 'dev.a11y@e2e.cotacoes.local',
  mailbox: 'dev.caixa@e2e.cotacoes.local',
  layout: 'dev.layout@e2e.cotacoes.local',
  replies: 'dev.respostas@e2e.cotacoes.local',
  conversation: 'dev.conversa@e2e.cotacoes.local',
  decisions: 'dev.decisoes@e2e.cotacoes.local',
  learning: 'dev.aprendizados@e2e.cotacoes.local',
  warnings: 'dev.alertas@e2e.cotacoes.local',
  carryOver: 'dev.taxas@e2e.cotacoes.local',
} as const;

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
 * For screens behind the company guard whose own data is not under test: answers /api/auth/me with a
 * company id (UI checks only). Tests of companies create real ones (see companies.e2e.ts).
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

async function signInApi(account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const response = await postJson('/auth/login', { email: account.email, password: account.password });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Calls the API as `account` (bearer token), for set-up steps that are not what a test is about. */
export async function apiAs<T>(
  account: Pick<Account, 'email' | 'password'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await signInApi(account);
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers `account` and makes it the supervisor of a new company of its own (onboarding API). */
export async function createAccountWithCompany(
  account: Account,
  companyName: string,
): Promise<{ id: string }> {
  await createAccount(account);
  return apiAs<{ id: string }>(account, 'POST', '/empresas/onboarding', {
    ...sampleCompany(companyName),
    razaoSocial: `${companyName} LTDA`,
  });
}

/** Creates `carriers` as `account` (POST /api/transporters); answers their ids under the same keys. */
export async function createCarriers<K extends string>(
  account: Pick<Account, 'email' | 'password'>,
  carriers: Record<K, { nome: string; email: string }>,
): Promise<Record<K, string>> {
  const ids = {} as Record<K, string>;
  for (const [key, carrier] of Object.entries(carriers) as [K, { nome: string; email: string }][])
    ids[key] = (
      await apiAs<{ id: string }>(account, 'POST', '/transporters', { ...carrier, ativo: true })
    ).id;
  return ids;
}

/** Sends the sample quote request (see '@cotacoes/shared/samples') as `account`; `fields` replace its defaults. */
export function sendQuote(
  account: Pick<Account, 'email' | 'password'>,
  carrierIds: string[],
  fields: Record<string, unknown> = {},
): Promise<{ id: string; codigo: string }> {
  return apiAs<{ id: string; codigo: string }>(
    account,
    'POST',
    '/quotes',
    sampleQuoteRequest(carrierIds, fields),
  );
}
