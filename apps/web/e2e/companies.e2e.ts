import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, developerEmails, signInWithForm } from './support/accounts';
import { apiAs } from './support/api';
import { dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { waitForMail, waitForVerificationCode } from './support/mail';

/**
 * Issue 4 end to end against the real API, whose CNPJ look-up is answered by the local BrasilAPI fake
 * (global-setup.ts): a user creates a company from its CNPJ, invites a colleague who registers and is
 * linked, another user asks to join and is approved, an analista is denied user management, and the
 * desenvolvedor administers companies. The tests share the company and run in order.
 */

const CNPJ = '19131243000197';
const COMPANY = 'REDE PELO CONHECIMENTO LIVRE';

let browser: Browser;
const supervisor = { name: 'Sofia Comex', email: uniqueEmail('sofia'), password: 'Frete2026' };
const requester = { name: 'Rafael Pedido', email: uniqueEmail('rafael'), password: 'Frete2026' };
const developer = { name: 'Davi Plataforma', email: developerEmails.companies, password: 'Frete2026' };
const colleagueEmail = uniqueEmail('colega');

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccount(supervisor);
  await createAccount(requester);
  await createAccount(developer);
});
afterAll(async () => {
  await browser?.close();
});

async function storedUser(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
}

describe('companies, onboarding and user management', () => {
  it('a user creates a company from its CNPJ and becomes its supervisor', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, supervisor);
    await page.waitForURL('**/onboarding/company');
    await waitForTitle(page, 'Vincular empresa | Sistema de Cotações');
    await page.getByText('Por que vincular minha conta?').waitFor();

    await page.getByRole('button', { name: /Criar nova empresa/ }).click();
    const cnpj = page.getByLabel('CNPJ');
    await cnpj.fill('1913124300');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('alert').getByText('Informe um CNPJ válido com 14 dígitos').waitFor();

    await cnpj.fill('11444777000161');
    await page.getByRole('button', { name: 'Buscar' }).click();
    // A valid number the public service does not know.
    await page.getByRole('alert').getByText('CNPJ não encontrado').waitFor();

    await cnpj.fill(CNPJ);
    expect(await cnpj.inputValue()).toBe('19.131.243/0001-97');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const found = page.getByRole('region', { name: 'Dados da empresa' });
    await found.getByText('OPEN KNOWLEDGE BRASIL').waitFor();
    await found.getByText(COMPANY).waitFor();
    await found.getByText('19.131.243/0001-97').waitFor();

    await page.getByRole('button', { name: 'Criar Empresa' }).click();
    await page.getByRole('heading', { name: 'Empresa criada!' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ role: 'supervisor', empresaId: expect.any(String) });
    await page.getByRole('button', { name: 'Ir para o Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Olá, Sofia!' }).waitFor();

    // Back on onboarding with a company: straight to the dashboard.
    await page.goto('/onboarding/company');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the supervisor invites a colleague by e-mail; the colleague registers and lands linked', async () => {
    const manager = await openPage(browser);
    await signInWithForm(manager.page, supervisor);
    await manager.page.goto('/empresas/assign-user');
    await waitForTitle(manager.page, 'Gerenciar Acessos | Sistema de Cotações');
    const form = manager.page.getByRole('region', { name: 'Vincular ou convidar usuário' });
    await form.getByRole('button', { name: 'Vincular usuário' }).click();
    await form.getByRole('alert').getByText('Por favor, preencha todos os campos').waitFor();
    await form.getByLabel('E-mail do usuário').fill(colleagueEmail);
    await form.getByLabel('Nome (opcional)').fill('Carlos Colega');
    await form.getByRole('button', { name: 'Vincular usuário' }).click();
    await form.getByText('Convite enviado', { exact: true }).waitFor();
    await form.getByText(new RegExp(`Convite enviado para ${colleagueEmail}`)).waitFor();
    await manager.page.getByRole('tab', { name: /Convites/ }).click();
    const invites = manager.page.getByRole('region', { name: 'Convites' });
    await invites.getByText('Carlos Colega').waitFor();
    await invites.getByText('Pendente', { exact: true }).waitFor();

    // The colleague follows the link of the invitation e-mail.
    const mail = await waitForMail(dataDir(), colleagueEmail, /Convite para a empresa/);
    const link = /https?:\/\/\S+\/register\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const colleague = await openPage(browser);
    await colleague.page.goto(new URL(link!).pathname + new URL(link!).search);
    await colleague.page.getByText('Você foi convidado').waitFor();
    await colleague.page
      .getByText(`A empresa ${COMPANY} convidou você como Analista.`, { exact: false })
      .waitFor();
    expect(await colleague.page.getByLabel('E-mail').inputValue()).toBe(colleagueEmail);
    await colleague.page.getByRole('button', { name: 'Continuar' }).click();
    await colleague.page.waitForURL('**/verify-email');
    const code = await waitForVerificationCode(dataDir(), colleagueEmail);
    await colleague.page.getByLabel('Código de verificação').fill(code);
    await colleague.page.getByRole('button', { name: 'Verificar código' }).click();
    await colleague.page.waitForURL('**/create-password');
    await colleague.page.getByLabel('Nome completo').fill('Carlos Colega');
    await colleague.page.getByLabel('Senha', { exact: true }).fill('Frete2026');
    await colleague.page.getByLabel('Confirmar senha').fill('Frete2026');
    await colleague.page.getByRole('button', { name: 'Criar conta' }).click();
    await colleague.page.waitForURL((url) => url.pathname === '/');
    await colleague.page.getByRole('heading', { name: 'Olá, Carlos!' }).waitFor();
    expect(await storedUser(colleague.page)).toMatchObject({
      role: 'analista',
      empresaId: expect.any(String),
    });

    // The invite is now 'Ativado' and the colleague is an active user.
    await manager.page.goto('/empresas/users');
    await manager.page.getByRole('region', { name: 'Usuários ativos' }).getByText('Carlos Colega').waitFor();
    await manager.page.getByRole('tab', { name: /Convites/ }).click();
    await manager.page
      .getByRole('region', { name: 'Convites' })
      .getByText('Ativado', { exact: true })
      .waitFor();

    expect([...manager.errors, ...colleague.errors]).toEqual([]);
    await manager.context.close();
    await colleague.context.close();
  });

  it('another user asks to join, waits for approval, and continues once the supervisor approves', async () => {
    const asking = await openPage(browser);
    await signInWithForm(asking.page, requester);
    await asking.page.waitForURL('**/onboarding/company');
    await asking.page.getByRole('button', { name: /Entrar em uma empresa/ }).click();
    await asking.page.getByLabel('CNPJ').fill(CNPJ);
    await asking.page.getByRole('button', { name: 'Verificar' }).click();
    const found = asking.page.getByRole('region', { name: 'Dados da empresa' });
    await found.getByText(COMPANY).waitFor();
    await asking.page.getByRole('button', { name: 'Entrar na Empresa' }).click();
    await asking.page.getByRole('heading', { name: 'Aguardando aprovação' }).waitFor();
    expect(await storedUser(asking.page)).toMatchObject({ empresaId: null });

    // Coming back later shows the same state.
    await asking.page.reload();
    await asking.page.getByRole('heading', { name: 'Aguardando aprovação' }).waitFor();
    await asking.page.getByRole('button', { name: 'Verificar aprovação' }).click();
    await asking.page.getByText('Ainda aguardando a aprovação de um supervisor.').waitFor();

    // The supervisor was told by e-mail and approves in user management.
    const notice = await waitForMail(dataDir(), supervisor.email, /Nova solicitação de acesso/);
    expect(notice.text).toContain(requester.email);
    const manager = await openPage(browser);
    await signInWithForm(manager.page, supervisor);
    await manager.page.goto('/empresas/users');
    await waitForTitle(manager.page, 'Usuários da Empresa | Sistema de Cotações');
    const requests = manager.page.getByRole('region', { name: 'Solicitações de acesso' });
    await requests.getByText(requester.email).waitFor();
    await requests.getByRole('button', { name: 'Aprovar Rafael Pedido' }).click();
    await manager.page.getByText('Rafael Pedido agora faz parte da empresa.').waitFor();
    await manager.page.getByRole('region', { name: 'Usuários ativos' }).getByText('Rafael Pedido').waitFor();

    await asking.page.getByRole('button', { name: 'Verificar aprovação' }).click();
    await asking.page.getByRole('heading', { name: 'Acesso aprovado!' }).waitFor();
    await asking.page.getByRole('button', { name: 'Ir para o Dashboard' }).click();
    await asking.page.waitForURL((url) => url.pathname === '/');
    await asking.page.getByRole('heading', { name: 'Olá, Rafael!' }).waitFor();
    expect(await storedUser(asking.page)).toMatchObject({ role: 'analista', empresaId: expect.any(String) });

    expect([...asking.errors, ...manager.errors]).toEqual([]);
    await asking.context.close();
    await manager.context.close();
  });

  it('an analista is denied user management', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, requester);
    for (const path of ['/empresas/users', '/empresas/assign-user']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
      await page.getByText('Você não tem permissão para visualizar esta página.').waitFor();
    }
    await page.getByRole('link', { name: 'Voltar ao Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The server agrees: the member lists answer 403 to an analista.
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const response = await fetch('/api/empresas/my-company/users', {
        headers: { authorization: `Bearer ${token}` },
      });
      return response.status;
    });
    expect(status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the desenvolvedor acts in a company and deletes one with data after confirming what is lost', async () => {
    const spare = await apiAs<{ id: string }>(developer, 'POST', '/empresas', {
      nome: 'Empresa Descartável',
      codigo: 'DESCARTE',
    });
    await apiAs(developer, 'POST', '/empresas/pending-users', {
      email: uniqueEmail('convidado'),
      empresaId: spare.id,
      role: 'analista',
    });

    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, developer);
    await page.goto('/empresas');
    await waitForTitle(page, 'Empresas | Sistema de Cotações');
    await page
      .getByTestId('current-visao')
      .getByText(/ainda não escolheu/)
      .waitFor();
    await page.getByRole('button', { name: `Atuar na empresa ${COMPANY}` }).click();
    await page.getByText(`Agora você está atuando em ${COMPANY}.`).waitFor();
    await page.getByTestId('current-visao').getByText(COMPANY).waitFor();

    await page.getByRole('button', { name: 'Excluir Empresa Descartável' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir empresa' });
    await dialog.getByText('Esta empresa ainda tem dados').waitFor();
    await dialog.getByText(/1 convite\(s\) pendente\(s\)/).waitFor();
    const force = dialog.getByRole('button', { name: 'Excluir mesmo assim' });
    expect(await force.isDisabled()).toBe(true);
    await dialog.getByLabel(/código da empresa \(DESCARTE\)/).fill('DESCARTE');
    await force.click();
    await page.getByText('Empresa removida com sucesso!').waitFor();
    expect(await page.getByRole('cell', { name: /Empresa Descartável/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
