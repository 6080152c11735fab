import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, pretendCompanyLink, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';

let browser: Browser;
const account = { name: 'Beatriz Acessível', email: uniqueEmail('a11y'), password: 'Rampa2026' };
beforeAll(async () => {
  browser = await launchBrowser();
  await createAccount(account);
});
afterAll(async () => {
  await browser?.close();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

const publicScreens: Array<[string, string]> = [
  ['/login', 'Acesse sua conta'],
  ['/register', 'Crie sua conta'],
  ['/verify-email', 'Verifique seu e-mail'],
  ['/create-password', 'Crie sua senha'],
  ['/auth/callback', 'Erro na Autenticação'],
  ['/auth/google/callback?error=access_denied', 'Erro na Autenticação'],
  ['/auth/gmail/callback?code=4%2F0Ab-exemplo', 'Código de autorização recebido'],
  ['/dev/mailbox', 'Caixa de e-mails local'],
];

const signedInScreens: Array<[string, string]> = [
  ['/onboarding/company', 'Vincule sua conta a uma empresa'],
  ['/configuracoes', 'Configurações'],
  ['/configuracoes/alterar-senha', 'Alterar senha'],
  ['/suporte', 'Suporte'],
  ['/dev/extract', 'Teste de extração'],
  ['/empresas', 'Acesso Negado'],
];

const companyScreens: Array<[string, string]> = [
  ['/', 'Olá, Beatriz!'],
  ['/management', 'Gerenciamento'],
  ['/quotes', 'Nova Cotação'],
];

describe.each(['light', 'dark'] as const)('axe, %s theme: no serious or critical violation', (theme) => {
  async function open(viewport = { width: 1280, height: 800 }) {
    const opened = await openPage(browser, { viewport });
    await opened.page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    return opened;
  }

  it.each(publicScreens)('%s', async (path, heading) => {
    const { page, context, errors } = await open();
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed-in screens', async () => {
    const { page, context, errors } = await open();
    await signInWithForm(page, account);
    for (const [path, heading] of signedInScreens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    await pretendCompanyLink(page);
    for (const [path, heading] of companyScreens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone width, menu open', async () => {
    const { page, context, errors } = await open({ width: 390, height: 844 });
    await signInWithForm(page, account);
    await page.goto('/suporte');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
