import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithCompany, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';

/**
 * Carriers and groups end to end against the real API: a supervisor creates a group and carriers with
 * several e-mails, bulk-adds them to the group, edits one, filters by group, deletes one, then imports
 * a CSV with good, duplicate and bad rows. The tests share the company and run in order.
 */

let browser: Browser;
const supervisor = { name: 'Marina Frete', email: uniqueEmail('marina'), password: 'Frete2026' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(supervisor, 'Importadora Gerenciamento');
});
afterAll(async () => {
  await browser?.close();
});

async function openManagement(page: Page) {
  await signInWithForm(page, supervisor);
  await page.goto('/management');
  await waitForTitle(page, 'Gerenciamento | Sistema de Cotações');
}

const carrierCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Agentes de carga' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: `Mostrar detalhes de ${name}`, exact: true }),
    });

/** Fills the create-carrier form (name, optional group, every e-mail) and waits for the success modal. */
async function createCarrier(page: Page, nome: string, emails: string[], group?: string) {
  const form = page.getByRole('region', { name: 'Novo agente de carga' });
  await form.getByLabel('Nome', { exact: true }).fill(nome);
  if (group) {
    await form.getByRole('button', { name: /^Grupos/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: group }).click();
    await page.keyboard.press('Escape');
  }
  for (const [index, email] of emails.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Adicionar e-mail' }).click();
    await form.getByLabel(`E-mail ${index + 1}`, { exact: true }).fill(email);
  }
  await form.getByRole('button', { name: 'Cadastrar agente de carga' }).click();
}

/** The success modal of a create action: shown with `message`, then closed by itself. */
async function expectCreated(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Sucesso!' });
  await dialog.getByText(message).waitFor();
  await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
}

describe('carriers and groups', () => {
  it('creates a group and carriers, bulk-adds them, edits, filters by group and deletes', async () => {
    const { page, errors, context } = await openPage(browser);
    await openManagement(page);
    await page.getByRole('heading', { name: 'Gerenciamento', level: 1 }).waitFor();
    await page.getByText('Nenhum agente de carga cadastrado ainda.').waitFor();

    // A group, on the Grupos tab.
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await page.getByText('Nenhum grupo cadastrado ainda.').waitFor();
    const groupForm = page.getByRole('region', { name: 'Novo grupo' });
    await groupForm.getByRole('button', { name: 'Cadastrar grupo' }).click();
    await groupForm.getByText('Nome do grupo é obrigatório').waitFor();
    await groupForm.getByLabel('Nome', { exact: true }).fill('Marítimo Ásia');
    await groupForm.getByLabel('Descrição').fill('Fretes marítimos da China e do Vietnã');
    await groupForm.getByRole('button', { name: 'Cadastrar grupo' }).click();
    // Success modals of create actions close by themselves.
    await expectCreated(page, 'Grupo cadastrado com sucesso!');
    const groups = page.getByRole('list', { name: 'Grupos' });
    await groups.getByRole('heading', { name: 'Marítimo Ásia' }).waitFor();
    await groups.getByText('0 agente(s) de carga').waitFor();

    // Two carriers with several e-mails; blank e-mails are dropped.
    await page.getByRole('tab', { name: 'Agentes de Carga' }).click();
    const carrierForm = page.getByRole('region', { name: 'Novo agente de carga' });
    await carrierForm.getByRole('button', { name: 'Cadastrar agente de carga' }).click();
    await carrierForm.getByText('Pelo menos um email deve ser fornecido').waitFor();
    await createCarrier(page, 'Atlântico Logística', [
      'comercial@atlantico.com.br',
      'ops@atlantico.com.br',
      ' ',
    ]);
    await expectCreated(page, 'Agente de carga cadastrado com sucesso!');
    await createCarrier(page, 'Boreal Cargas', [
      'cotacao@boreal.com.br',
      'ops@boreal.com.br',
      'diretoria@boreal.com.br',
    ]);
    await expectCreated(page, 'Agente de carga cadastrado com sucesso!');

    // An e-mail already used by another carrier: the server names it.
    await createCarrier(page, 'Clone', ['OPS@atlantico.com.br']);
    const failure = page.getByRole('dialog', { name: 'Erro ao Criar Agente de Carga' });
    await failure
      .getByText(/ops@atlantico\.com\.br já está cadastrado no agente de carga "Atlântico Logística"/)
      .waitFor();
    await failure.getByRole('button', { name: 'Fechar' }).last().click();
    await carrierForm.getByLabel('Nome', { exact: true }).fill('');

    await page.getByText('2 agente(s) de carga', { exact: true }).waitFor();
    const atlantico = carrierCard(page, 'Atlântico Logística');
    await atlantico.getByRole('button', { name: 'Mostrar detalhes de Atlântico Logística' }).click();
    await atlantico.getByText('ops@atlantico.com.br', { exact: true }).waitFor();
    await atlantico.getByText('E-mails (2)').waitFor();

    // Bulk add: 'Selecionar Todos' then the group.
    const bar = page.getByRole('region', { name: 'Seleção de agentes de carga' });
    await bar.getByRole('button', { name: 'Selecionar Todos' }).click();
    await bar.getByText('2 selecionado(s)').waitFor();
    await bar.getByLabel('Grupo de destino').selectOption({ label: 'Marítimo Ásia' });
    await bar.getByRole('button', { name: 'Adicionar ao grupo' }).click();
    const bulk = page.getByRole('dialog', { name: 'Sucesso!' });
    await bulk.getByText('2 agente(s) de carga adicionado(s) ao grupo com sucesso!').waitFor();
    await bulk.getByRole('button', { name: 'Fechar' }).last().click();
    await bar.getByText('Nenhum agente de carga selecionado').waitFor();
    await carrierCard(page, 'Boreal Cargas').getByText('Marítimo Ásia').waitFor();

    // Again with one already in the group: it is skipped.
    await page.getByRole('checkbox', { name: 'Selecionar Boreal Cargas' }).check();
    await bar.getByRole('button', { name: 'Adicionar ao grupo' }).click();
    await page
      .getByRole('dialog', { name: 'Sucesso!' })
      .getByText('1 já fazia(m) parte do grupo e foi(ram) mantido(s).')
      .waitFor();
    await page
      .getByRole('dialog', { name: 'Sucesso!' })
      .getByRole('button', { name: 'Fechar' })
      .last()
      .click();
    await bar.getByText('Nenhum agente de carga selecionado').waitFor();

    // Edit one: new name, Inativo.
    await page.getByRole('button', { name: 'Editar Boreal Cargas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agente de carga' });
    // Escape closes the open group list, not the dialog around it.
    await edit.getByRole('button', { name: /^Grupos/ }).click();
    await edit.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await edit.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await edit.isVisible()).toBe(true);
    await edit.getByLabel('Nome', { exact: true }).fill('Boreal Cargas Ltda');
    await edit.getByRole('button', { name: 'Remover e-mail 3' }).click();
    await edit.getByRole('radio', { name: 'Inativo' }).check();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Agente de carga atualizado com sucesso!').waitFor();
    const boreal = carrierCard(page, 'Boreal Cargas Ltda');
    await boreal.getByText('Inativo', { exact: true }).waitFor();

    // A third carrier outside the group (quick create), then the group filter.
    await page.getByRole('button', { name: 'Cadastro rápido' }).click();
    const quick = page.getByRole('dialog', { name: 'Cadastro rápido de agente de carga' });
    await quick.getByLabel('Nome', { exact: true }).fill('Cruzeiro Freight');
    await quick.getByLabel('E-mail', { exact: true }).fill('sem espaço@cruzeiro.com');
    await quick.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await quick.getByText('Email inválido').waitFor();
    await quick.getByLabel('E-mail', { exact: true }).fill('sales@cruzeiro.com');
    await quick.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expectCreated(page, 'Agente de carga cadastrado com sucesso!');
    await quick.waitFor({ state: 'hidden' });
    await page.getByText('3 agente(s) de carga', { exact: true }).waitFor();

    await page.getByRole('button', { name: /^Filtrar por grupos/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Marítimo Ásia' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('2 agente(s) de carga', { exact: true }).waitFor();
    expect(await carrierCard(page, 'Cruzeiro Freight').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Buscar agentes de carga' }).fill('BOREAL');
    await page.getByText('1 agente(s) de carga', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar agentes de carga' }).fill('cruzeiro');
    await page.getByText('Nenhum agente de carga encontrado com os filtros aplicados.').waitFor();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByText('3 agente(s) de carga', { exact: true }).waitFor();

    // Delete one after the confirmation.
    await page.getByRole('button', { name: 'Excluir Atlântico Logística' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir agente de carga' });
    await confirm.getByText('Tem certeza que deseja excluir este agente de carga?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Agente de carga removido com sucesso!').waitFor();
    await page.getByText('2 agente(s) de carga', { exact: true }).waitFor();

    // The group shows its remaining member; the totals follow.
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await groups.getByText('1 agente(s) de carga').waitFor();
    await groups.getByText('Boreal Cargas Ltda').waitFor();
    const totals = page.getByRole('region', { name: 'Totais' });
    await totals.getByText('2', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('manages the members of a group', async () => {
    const { page, errors, context } = await openPage(browser);
    await openManagement(page);
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await page.getByRole('button', { name: 'Gerenciar agentes de carga de Marítimo Ásia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agentes de carga de Marítimo Ásia' });
    const list = dialog.getByRole('list', { name: 'Agentes de carga disponíveis' });
    await list.getByRole('checkbox', { name: /Boreal Cargas Ltda/ }).uncheck();
    await list.getByRole('checkbox', { name: /Cruzeiro Freight/ }).check();
    await dialog.getByText(/1 a adicionar, 1 a remover/).waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Grupo atualizado com sucesso!').waitFor();
    const groups = page.getByRole('list', { name: 'Grupos' });
    await groups.getByText('Cruzeiro Freight', { exact: true }).waitFor();
    expect(await groups.getByText('Boreal Cargas Ltda').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports a CSV with good, duplicate and bad rows and confirms the valid ones', async () => {
    const { page, errors, context } = await openPage(browser);
    await openManagement(page);
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar agentes de carga' });
    const csv = [
      'Nome;Emails;Grupos',
      'Delta Shipping;"comercial@delta.com.br;ops@delta.com.br";"Aéreo EUA;Marítimo Ásia"',
      'Boreal Cargas Ltda;cotacao@boreal.com.br, novo@boreal.com.br;',
      'Delta Repetida;ops@delta.com.br;',
      ';sem-nome@exemplo.com;',
      'Eco Trans;nao-e-email;',
    ].join('\r\n');
    await dialog.getByLabel(/Arquivo/).setInputFiles({
      name: 'agentes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await dialog.getByRole('button', { name: 'Enviar e pré-visualizar' }).click();
    await dialog.getByText('Resumo de agentes.csv').waitFor();
    const summary = dialog.getByRole('region', { name: 'Resumo de agentes.csv' });
    const count = async (label: string) =>
      summary
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    expect(await count('Linhas')).toBe('5');
    expect(await count('Novos')).toBe('1');
    expect(await count('Atualizar')).toBe('1');
    expect(await count('Inválidos')).toBe('3');
    await dialog.getByText('Grupos que serão criados: Aéreo EUA').waitFor();
    await dialog.getByTestId('import-row-2').getByText('Novo', { exact: true }).waitFor();
    await dialog.getByTestId('import-row-3').getByText('Atualizar', { exact: true }).waitFor();
    await dialog.getByTestId('import-row-3').getByText('E-mails novos: novo@boreal.com.br').waitFor();
    await dialog
      .getByTestId('import-row-4')
      .getByText('O e-mail ops@delta.com.br já aparece na linha 2.')
      .waitFor();
    await dialog.getByTestId('import-row-5').getByText('O nome do agente de carga é obrigatório.').waitFor();
    await dialog.getByTestId('import-row-6').getByText('E-mail inválido: nao-e-email').waitFor();

    await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
    await dialog.getByText('Importação concluída', { exact: true }).waitFor();
    await dialog.getByText(/1 agente\(s\) de carga criado\(s\), 1 atualizado\(s\)/).waitFor();
    await dialog.getByText('1 grupo(s) criado(s).').waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();

    await carrierCard(page, 'Delta Shipping').waitFor();
    const boreal = carrierCard(page, 'Boreal Cargas Ltda');
    await boreal.getByRole('button', { name: 'Mostrar detalhes de Boreal Cargas Ltda' }).click();
    await boreal.getByText('novo@boreal.com.br', { exact: true }).waitFor();
    await page.getByText('3 agente(s) de carga', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the filtered carriers as CSV', async () => {
    const { page, errors, context } = await openPage(browser);
    await openManagement(page);
    await page.getByRole('searchbox', { name: 'Buscar agentes de carga' }).fill('delta');
    await page.getByText('1 agente(s) de carga', { exact: true }).waitFor();
    await page.getByRole('button', { name: /Exportar/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV (.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('Delta Shipping');
    expect(text).not.toContain('Cruzeiro Freight');
    expect(errors).toEqual([]);
    await context.close();
  });
});
