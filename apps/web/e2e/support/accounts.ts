import { sampleCompany, sampleQuoteRequest } from '@cotacoes/shared/samples';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, apiAs, type Credentials, cookieOf, postJson } from './api';
import { dataDir } from './browser';
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
  mailIntegration: 'dev.integracao@e2e.cotacoes.local',
} as const;

/** The Gmail mailbox the local Google fake holds (global-setup.ts). */
export const gmailMailbox = 'cotacoes@e2e.cotacoes.local';

export interface Account {
  name: string;
  email: string;
  password: string;
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
export async function signInWithForm(page: Page, account: Credentials): Promise<void> {
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

/**
 * Registers `account` and makes it the supervisor of a new company of its own (onboarding API); `company`
 * replaces the sample's fields (a CNPJ the fake look-up knows, its razão social and address).
 */
export async function createAccountWithCompany(
  account: Account,
  companyName: string,
  company: { cnpj?: string; razaoSocial?: string; endereco?: string } = {},
): Promise<{ id: string }> {
  await createAccount(account);
  return apiAs<{ id: string }>(account, 'POST', '/empresas/onboarding', {
    ...sampleCompany(companyName),
    razaoSocial: `${companyName} LTDA`,
    ...company,
  });
}

/** A carrier as POST /api/transporters takes it: active unless `ativo` says otherwise. */
export interface CarrierFields {
  nome: string;
  /** One address, or several separated by ';'. */
  email: string;
  /** Ids of groups it belongs to. */
  grupos?: string[];
  ativo?: boolean;
}

/**
 * Creates `carriers` as `account` (POST /api/transporters), in order; answers their ids in a list, or
 * under the same keys when given a record.
 */
export async function createCarriers(
  account: Credentials,
  carriers: readonly CarrierFields[],
): Promise<string[]>;
export async function createCarriers<K extends string>(
  account: Credentials,
  carriers: Record<K, CarrierFields>,
): Promise<Record<K, string>>;
export async function createCarriers(
  account: Credentials,
  carriers: readonly CarrierFields[] | Record<string, CarrierFields>,
): Promise<string[] | Record<string, string>> {
  const client = api(account);
  const create = async (carrier: CarrierFields) =>
    (await client.post<{ id: string }>('/transporters', { ativo: true, ...carrier })).id;
  if (Array.isArray(carriers)) {
    const ids: string[] = [];
    for (const carrier of carriers) ids.push(await create(carrier));
    return ids;
  }
  const ids: Record<string, string> = {};
  for (const [key, carrier] of Object.entries(carriers as Record<string, CarrierFields>))
    ids[key] = await create(carrier);
  return ids;
}

/**
 * Sends the sample quote request (see '@cotacoes/shared/samples') as `account` to `carrierIds`; `fields`
 * replace its defaults (`destinatarios` for groups, `modoEnvio: 'bcc'` for one message in Cco, `null` to
 * leave a field out).
 */
export function sendQuote(
  account: Credentials,
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
