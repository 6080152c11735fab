import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import {
  createAccount,
  createAccountWithCompany,
  createCarriers,
  developerEmails,
  pretendCompanyLink,
  sendQuote,
  signInWithForm,
} from './support/accounts';
import { api } from './support/api';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';

let browser: Browser;
const account = { name: 'Beatriz Acessível', email: uniqueEmail('a11y'), password: 'Rampa2026' };
const developer = { name: 'Diana Acessível', email: developerEmails.a11y, password: 'Rampa2026' };
/** A supervisor with a company of their own and a few carriers and groups (the management screen). */
const manager = { name: 'Mateus Acessível', email: uniqueEmail('a11y-gestor'), password: 'Rampa2026' };
/** A company the fake CNPJ service knows (SERPRO), registered by the desenvolvedor: its visão. */
const SERPRO = '33683111000280';
/** A company with a group, a carrier and one quote, for the quote screens. */
const importer = { name: 'Igor Cotação', email: uniqueEmail('a11y-quotes'), password: 'Rampa2026' };
let quoteId = '';
beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(importer, 'Importadora Acessível');
  const group = await api(importer).post<{ id: string }>('/groups', { nome: 'Marítimo Ásia' });
  await createCarriers(importer, [
    { nome: 'Atlântico Logística', email: 'comercial@atlantico-a11y.com.br', grupos: [group.id] },
  ]);
  const quote = await sendQuote(importer, [], {
    nomeSolicitante: 'Igor Cotação',
    referenciaProcesso: 'IMP-A11Y-001',
    fti: 'FTI-1',
    modoEnvio: 'bcc',
    destinatarios: { transportadores: [], grupos: [group.id] },
    cargaPerigosa: true,
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '20', dimensoes: '120 x 80 x 100 cm' }],
  });
  quoteId = quote.id;
  await createAccount(account);
  const empresa = await createAccountWithCompany(developer, 'Serpro Regional', {
    cnpj: SERPRO,
    razaoSocial: 'SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)',
    endereco: 'SGAN 601, Asa Norte, Brasília, DF, 70836-900',
  });
  await createAccountWithCompany(manager, 'Importadora Acessível');
  const groups = api(manager);
  const grupo = await groups.post<{ id: string }>('/groups', {
    nome: 'Marítimo Ásia',
    descricao: 'Fretes marítimos da China',
  });
  await groups.post('/groups', { nome: 'Aéreo EUA', cor: '#CC3300' });
  await createCarriers(manager, [
    {
      nome: 'Atlântico Logística',
      email: 'comercial@atlantico.com.br;ops@atlantico.com.br',
      grupos: [grupo.id],
    },
    { nome: 'Boreal Cargas', email: 'cotacao@boreal.com.br', grupos: [grupo.id], ativo: false },
  ]);
  for (const role of ['analista', 'supervisor']) {
    await api(developer).post('/empresas/pending-users', {
      email: uniqueEmail(`convite-${role}`),
      name: `Convidado ${role}`,
      empresaId: empresa.id,
      role,
    });
  }
});
afterAll(async () => {
  await browser?.close();
});

const publicScreens: Array<[string, string]> = [
  ['/login', 'Acesse sua conta'],
  ['/register', 'Crie sua conta'],
  ['/verify-email', 'Verifique seu e-mail'],
  ['/create-password', 'Crie sua senha'],
  ['/forgot-password', 'Redefina sua senha'],
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

  it('invitation notice on /register', async () => {
    const { page, context, errors } = await open();
    await page.goto(`/register?email=novo%40exemplo.com.br&convite=${'x'.repeat(43)}`);
    await page.getByText('Convite indisponível').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('onboarding steps: data found (create), company found (join), waiting for approval', async () => {
    // A fresh account per theme: the first run leaves its account waiting for approval.
    const newcomer = { name: 'Caio Acessível', email: uniqueEmail('a11y-onboarding'), password: 'Rampa2026' };
    await createAccount(newcomer);
    const { page, context, errors } = await open();
    await signInWithForm(page, newcomer);
    await page.goto('/onboarding/company');
    await page.getByRole('button', { name: /Criar nova empresa/ }).click();
    await page.getByLabel('CNPJ').fill('12ABC34501DE35');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('region', { name: 'Dados da empresa' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Voltar às opções' }).click();
    await page.getByRole('button', { name: /Entrar em uma empresa/ }).click();
    await page.getByLabel('CNPJ').fill(SERPRO);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByRole('button', { name: 'Entrar na Empresa' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Entrar na Empresa' }).click();
    await page.getByRole('heading', { name: 'Aguardando aprovação' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('company administration and user management (desenvolvedor)', async () => {
    const { page, context, errors } = await open();
    await signInWithForm(page, developer);
    for (const [path, heading] of [
      ['/empresas', 'Empresas'],
      ['/empresas/assign-user', 'Gerenciar Acessos'],
      ['/empresas/users', 'Usuários da Empresa'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    await page.getByRole('tab', { name: /Convites/ }).click();
    await page.getByRole('region', { name: 'Convites' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/empresas');
    await page.getByRole('button', { name: 'Excluir Serpro Regional' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir empresa' })
      .getByText('Esta empresa ainda tem dados')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carriers and groups (/management): both tabs, modals, import preview, phone width', async () => {
    const { page, context, errors } = await open();
    await signInWithForm(page, manager);
    await page.goto('/management');
    const carriers = page.getByRole('list', { name: 'Agentes de carga' });
    await carriers.getByText('Boreal Cargas').waitFor();
    await page.getByRole('button', { name: 'Mostrar detalhes de Atlântico Logística' }).click();
    await page.getByRole('checkbox', { name: 'Selecionar Boreal Cargas' }).check();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Editar Atlântico Logística' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agente de carga' });
    await edit.getByRole('radio', { name: 'Ativo', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Importar' }).click();
    const importing = page.getByRole('dialog', { name: 'Importar agentes de carga' });
    await importing.getByLabel(/Arquivo/).setInputFiles({
      name: 'agentes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nome;Emails;Grupos\r\nDelta;delta@exemplo.com;Aéreo EUA\r\n;x;\r\n', 'utf8'),
    });
    await importing.getByRole('button', { name: 'Enviar e pré-visualizar' }).click();
    await importing.getByText('Resumo de agentes.csv').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await importing.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('tab', { name: 'Grupos' }).click();
    await page.getByRole('list', { name: 'Grupos' }).getByText('2 agente(s) de carga').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Gerenciar agentes de carga de Marítimo Ásia' }).click();
    await page.getByRole('list', { name: 'Agentes de carga disponíveis' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('dialog', { name: /Agentes de carga de/ })
      .getByRole('button', { name: 'Cancelar' })
      .click();
    expect(errors).toEqual([]);
    await context.close();

    const phone = await open({ width: 390, height: 844 });
    await signInWithForm(phone.page, manager);
    await phone.page.goto('/management');
    await phone.page.getByRole('list', { name: 'Agentes de carga' }).getByText('Boreal Cargas').waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.getByRole('tab', { name: 'Grupos' }).click();
    await phone.page.getByRole('list', { name: 'Grupos' }).getByText('2 agente(s) de carga').waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('quote screens: every wizard step, the new-carrier dialog, the list and the detail', async () => {
    const { page, context, errors } = await open();
    await signInWithForm(page, importer);
    const check = async (where: string) =>
      expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });
    const next = page.getByRole('button', { name: 'Próximo' });

    await page.goto('/quotes');
    await page.getByRole('heading', { name: 'Nova Cotação', level: 1 }).waitFor();
    await check('wizard: formato');
    await next.click();
    await next.click({ force: true });
    await page.getByText('Origem é obrigatória').waitFor();
    await check('wizard: conteúdo with errors');
    await page.getByRole('textbox', { name: 'Referência do processo' }).fill('IMP-A11Y-002');
    await page.getByRole('textbox', { name: 'Origem' }).fill('Xangai');
    await page.getByRole('textbox', { name: 'Destino' }).fill('Santos');
    await page.getByRole('combobox', { name: 'Incoterm' }).selectOption('FOB');
    await page.getByRole('textbox', { name: 'Tempo de trânsito desejado' }).fill('35 dias');
    await next.click();
    await page
      .getByRole('list', { name: 'Grupos disponíveis' })
      .getByRole('checkbox', { name: 'Marítimo Ásia' })
      .check();
    await page.getByRole('list', { name: 'Agentes de carga disponíveis' }).waitFor();
    await check('wizard: destinatários');
    await page.getByRole('button', { name: 'Novo agente de carga' }).click();
    await page.getByRole('dialog', { name: 'Novo agente de carga' }).waitFor();
    await check('wizard: new carrier dialog');
    await page.keyboard.press('Escape');
    await next.click();
    await page.getByRole('textbox', { name: 'Corpo do e-mail (prévia)' }).waitFor();
    await check('wizard: revisão');

    await page.goto('/sent-quotes');
    await page.getByRole('table', { name: 'Cotações' }).getByText('IMP-A11Y-001').waitFor();
    await check('/sent-quotes');
    await page.goto(`/quotes/${quoteId}`);
    await page.getByRole('heading', { name: /^COTAÇÃO #COT-/, level: 1 }).waitFor();
    await check('/quotes/:id');
    // The detail's dialogs, opened and dismissed without changing the quote.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cotação' });
    await edit.getByRole('textbox', { name: 'Ref. do Processo' }).fill('');
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await edit.getByText('Referência do processo é obrigatória').waitFor();
    await check('/quotes/:id edit dialog with errors');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    for (const [action, title] of [
      ['Encerrar cotação', 'Encerrar cotação'],
      ['Cancelar cotação', 'Cancelar cotação'],
      ['Excluir', 'Excluir cotação'],
    ] as const) {
      await page.getByRole('button', { name: action, exact: true }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await check(`/quotes/:id ${title} dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: title }).waitFor({ state: 'hidden' });
    }
    await page.goto('/quotes/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Cotação não encontrada' }).waitFor();
    await check('/quotes/:id not found');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('quote screens at phone width', async () => {
    const { page, context, errors } = await open({ width: 390, height: 844 });
    await signInWithForm(page, importer);
    for (const [path, ready] of [
      ['/quotes', 'Formato de envio'],
      ['/sent-quotes', 'IMP-A11Y-001'],
      [`/quotes/${quoteId}`, 'Atlântico Logística'],
    ] as const) {
      await page.goto(path);
      await page.locator('main').getByText(ready, { exact: true }).first().waitFor();
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      // Nothing but the tables' own scroll areas may be wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // The detail's actions wrap; the edit dialog fits the phone.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cotação' });
    await edit.getByText('a cotação volta a aguardar respostas', { exact: false }).waitFor();
    // With a new deadline the dialog offers to tell the carriers: that too fits and passes.
    await edit.getByLabel(/^Prazo de resposta/).fill(`${new Date().getFullYear() + 1}-02-10T17:30`);
    await edit.getByRole('checkbox').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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
