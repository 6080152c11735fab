import { readFileSync } from 'node:fs';
import { MINIMAL_PDF } from '@cotacoes/shared/samples';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithCompany, createCarriers, sendQuote, signInWithForm } from './support/accounts';
import { api } from './support/api';
import { dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { waitForMail } from './support/mail';

/**
 * Quotation requests end to end against the real API: a user creates a manual quote to a group with the
 * wizard, finds it in /sent-quotes (also by an unaccented word), opens its detail, downloads its PDF,
 * edits its reference and cancels it; then a PDF-format quote with an upload to a carrier found by
 * search, which is deleted. The tests share the company.
 */

let browser: Browser;
const requester = { name: 'Joana Importação', email: uniqueEmail('joana'), password: 'Frete2026' };
const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(
  new Date(),
);
const carriers = [
  { nome: 'Atlântico Logística', email: 'comercial@atlantico-e2e.com.br;ops@atlantico-e2e.com.br' },
  { nome: 'Boreal Cargas', email: 'cotacao@boreal-e2e.com.br' },
];

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(requester, 'Importadora Cotações');
  const group = await api(requester).post<{ id: string }>('/groups', {
    nome: 'Marítimo Ásia',
    descricao: 'Fretes marítimos da China',
  });
  const ids = await createCarriers(
    requester,
    carriers.map((carrier) => ({ ...carrier, grupos: [group.id] })),
  );
  // Another quote already in the list, so the search has something to leave out.
  await sendQuote(requester, [ids[1]!], {
    nomeSolicitante: 'Outro Solicitante',
    referenciaProcesso: 'IMP-CAFE-001',
    tipoFrete: 'LCL',
    modoEnvio: 'bcc',
    origem: 'Santos',
    destino: 'Hamburgo',
    tempoTransito: '30 dias',
    itens: [{ mercadoria: 'Café', quantidadeVolumes: '10', dimensoes: null }],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function openWizard(page: Page) {
  await signInWithForm(page, requester);
  await page.goto('/quotes');
  await waitForTitle(page, 'Nova Cotação | Sistema de Cotações');
}

const next = (page: Page) => page.getByRole('button', { name: 'Próximo' });
const stepHeading = (page: Page) => page.locator('form h2').first();

describe('quotation requests', () => {
  it('creates a manual quote to a group, finds it (unaccented search), downloads its PDF, edits and cancels it', async () => {
    const { page, errors, context } = await openPage(browser);
    await openWizard(page);

    // Step 1: Manual is the default format.
    expect(await page.getByRole('radio', { name: 'Manual' }).isChecked()).toBe(true);
    await next(page).click();

    // Step 2: the requester is prefilled; Next stays unavailable until the required fields are there.
    await stepHeading(page).getByText('Conteúdo da cotação').waitFor();
    expect(await page.getByRole('textbox', { name: 'Solicitante' }).inputValue()).toBe('Joana Importação');
    expect(await next(page).getAttribute('aria-disabled')).toBe('true');
    // Playwright treats aria-disabled as disabled; a person can still press it and sees what is missing.
    await next(page).click({ force: true });
    await page.getByText('Origem é obrigatória').waitFor();
    await page.getByRole('textbox', { name: 'Referência do processo' }).fill('IMP-Açúcar-2026');
    await page.getByRole('textbox', { name: 'FTI (opcional)' }).fill('FTI-8891');
    await page.getByRole('textbox', { name: 'Origem' }).fill('Xangai, China');
    await page.getByRole('textbox', { name: 'Destino' }).fill('Santos, SP');
    await page.getByRole('combobox', { name: 'Incoterm' }).selectOption('FOB');
    await page.getByRole('textbox', { name: 'Tempo de trânsito desejado' }).fill('até 35 dias');
    await page.getByRole('textbox', { name: 'Mercadoria (Item 1)' }).fill('Açúcar cristal');
    await page.getByRole('textbox', { name: 'Quantidade de volumes (Item 1)' }).fill('20 contêineres');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await page.getByRole('textbox', { name: 'Mercadoria (Item 2)' }).fill('Sacarias');
    expect(await next(page).getAttribute('aria-disabled')).toBeNull();
    await next(page).click();

    // Step 3: the group, with its member count.
    await stepHeading(page).getByText('Destinatários').waitFor();
    const groups = page.getByRole('list', { name: 'Grupos disponíveis' });
    await groups.getByText('2 agente(s) de carga').waitFor();
    await groups.getByRole('checkbox', { name: 'Marítimo Ásia' }).check();
    await page.getByText('0 agente(s) de carga e 1 grupo(s) selecionado(s)').waitFor();
    await next(page).click();

    // Step 4: review and the e-mail preview.
    await stepHeading(page).getByText('Revisão').waitFor();
    await page.getByText('Xangai, China → Santos, SP').waitFor();
    expect(await page.getByRole('textbox', { name: 'Assunto' }).inputValue()).toBe('IMP-Açúcar-2026');
    // The preview is the server's own text: each value once.
    const preview = await page.getByRole('textbox', { name: 'Corpo do e-mail (prévia)' }).inputValue();
    expect(preview).toContain('Origem: Xangai, China');
    expect(preview?.split('Xangai, China').length).toBe(2);
    // An earlier step is one click away and keeps what was typed.
    await page.getByRole('button', { name: /^2?Conteúdo/ }).click();
    expect(await page.getByRole('textbox', { name: 'Origem' }).inputValue()).toBe('Xangai, China');
    await next(page).click();
    await next(page).click();

    await page.getByRole('button', { name: 'Enviar Cotação' }).click();
    await page.getByText('Cotação criada com sucesso!').waitFor();
    await page.waitForURL('**/sent-quotes', { timeout: 5_000 });

    // The list, with the counters.
    await waitForTitle(page, 'Relatório de Cotações | Sistema de Cotações');
    await page.getByRole('tab', { name: 'Cotações Enviadas (2)' }).waitFor();
    const table = page.getByRole('table', { name: 'Cotações' });
    const row = table.getByRole('row').filter({ hasText: 'IMP-Açúcar-2026' });
    await row.waitFor();
    const codigo = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(codigo).toMatch(new RegExp(`^COT-${YEAR}-\\d{4}$`));
    expect(await row.getByText('Aguardando Resposta').isVisible()).toBe(true);
    expect(await row.getByText('0/2').isVisible()).toBe(true);
    await page.getByText('Mostrando 1 a 2 de 2 cotações').waitFor();

    // Accent-insensitive server search.
    await page.getByRole('searchbox', { name: 'Buscar cotações' }).fill('acucar');
    await page.getByText('Mostrando 1 a 1 de 1 cotações').waitFor();
    expect(await table.getByText('IMP-CAFE-001').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Buscar cotações' }).fill('importacao');
    await page.getByText('Mostrando 1 a 1 de 1 cotações').waitFor();
    await table.getByText('IMP-Açúcar-2026').waitFor();

    // The detail.
    await table.getByRole('link', { name: `Ver detalhes da cotação ${codigo}` }).click();
    await page.getByRole('heading', { level: 1, name: `COTAÇÃO #${codigo}` }).waitFor();
    const recipients = page.getByRole('table', { name: 'Agentes de carga e situação do envio' });
    await recipients.getByText('Atlântico Logística').waitFor();
    await recipients.getByText('Boreal Cargas').waitFor();
    const items = page.getByRole('table', { name: 'Itens da carga' });
    await items.getByText('Açúcar cristal').waitFor();
    await items.getByText('Sacarias').waitFor();

    // The e-mail left with the code and the title in its subject; the send state follows.
    await waitForMail(dataDir(), null, new RegExp(`^Cotação ${codigo} - IMP-Açúcar-2026$`), 30_000);
    await page.reload();
    await recipients.getByText('Enviado').first().waitFor({ timeout: 15_000 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${codigo}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Editing the reference and extending the deadline through the dialog; both carriers are told.
    const info = page.getByRole('region', { name: 'Informações' });
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cotação' });
    await edit.getByText('a cotação volta a aguardar respostas', { exact: false }).waitFor();
    const reference = edit.getByRole('textbox', { name: 'Ref. do Processo' });
    expect(await reference.inputValue()).toBe('IMP-Açúcar-2026');
    expect(await edit.getByRole('textbox', { name: 'FTI (opcional)' }).inputValue()).toBe('FTI-8891');
    await reference.fill('IMP-Açúcar-2026-R2');
    const year = new Date().getFullYear() + 1;
    await edit.getByLabel(/^Prazo de resposta/).fill(`${year}-02-10T17:30`);
    const avisar = edit.getByRole('checkbox', {
      name: 'Avisar por e-mail os agentes de carga que ainda não responderam (2)',
    });
    expect(await avisar.isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Cotação atualizada. Novo prazo enviado a 2 agente(s) de carga.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await info.getByText('IMP-Açúcar-2026-R2').waitFor();
    await info.getByText(`10/02/${year}`, { exact: false }).waitFor();

    // The list shows the new reference, with the search it was left with (QA pass 40c: it was lost).
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/sent-quotes' && url.searchParams.get('busca') === 'importacao',
    );
    expect(await page.getByRole('searchbox', { name: 'Buscar cotações' }).inputValue()).toBe('importacao');
    const edited = table.getByRole('row').filter({ hasText: 'IMP-Açúcar-2026-R2' });
    await edited.waitFor();
    expect(await edited.getByRole('cell').first().textContent()).toBe(codigo);

    // Cancelling it, after confirming: the badge changes and the quote moves to 'Cotações Finalizadas'.
    await edited.getByRole('link', { name: `Ver detalhes da cotação ${codigo}` }).click();
    await page.getByRole('heading', { level: 1, name: `COTAÇÃO #${codigo}` }).waitFor();
    await page.getByRole('button', { name: 'Cancelar cotação' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar cotação' });
    await cancel.getByText(/status Cancelada/).waitFor();
    // The carriers are told by e-mail unless unchecked (ADR 0026 addendum 2026-12-06).
    expect(await cancel.getByRole('checkbox', { name: /^Avisar os agentes de carga/ }).isChecked()).toBe(
      true,
    );
    await cancel.getByRole('button', { name: 'Cancelar cotação' }).click();
    await page.getByText(/^Cotação cancelada\. \d+ agente\(s\) de carga avisado\(s\)\.$/).waitFor();
    await info.getByText('Cancelada', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancelar cotação' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL((url) => url.pathname === '/sent-quotes');
    await page.getByRole('tab', { name: 'Cotações Enviadas (1)' }).waitFor();
    expect(await table.getByText('IMP-Açúcar-2026-R2').count()).toBe(0);
    await page.getByRole('tab', { name: 'Cotações Finalizadas (1)' }).click();
    const finalised = table.getByRole('row').filter({ hasText: 'IMP-Açúcar-2026-R2' });
    await finalised.getByText('Cancelada').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a PDF-format quote with an upload, to a carrier found by search, and deletes it', async () => {
    const { page, errors, context } = await openPage(browser);
    await openWizard(page);
    await page.getByRole('radio', { name: 'PDF' }).check();
    await next(page).click();
    await stepHeading(page).getByText('Conteúdo da cotação').waitFor();

    const fileInput = page.getByLabel(/^Arquivo PDF da cotação/);
    await fileInput.setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('texto'),
    });
    await page.getByText('Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.').waitFor();
    expect(await next(page).getAttribute('aria-disabled')).toBe('true');
    // A PDF that opens (one blank page): the server refuses files that only start with %PDF- (issue 18).
    const pdf = Buffer.from(MINIMAL_PDF, 'latin1');
    await fileInput.setInputFiles({ name: 'pedido-cotacao.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText(/Arquivo selecionado: pedido-cotacao\.pdf/).waitFor();
    await page.getByRole('textbox', { name: 'Referência do processo' }).fill('IMP-PDF-2026');
    await page.getByRole('switch', { name: 'Carga perigosa' }).click();
    await page.getByLabel(/^Documento da carga perigosa/).setInputFiles({
      name: 'fispq.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    await next(page).click();

    await stepHeading(page).getByText('Destinatários').waitFor();
    await page.getByRole('searchbox', { name: 'Buscar agentes de carga' }).fill('boreal');
    const carriersList = page.getByRole('list', { name: 'Agentes de carga disponíveis' });
    await carriersList.getByRole('checkbox').nth(1).waitFor({ state: 'detached' });
    await carriersList.getByRole('checkbox', { name: 'Boreal Cargas' }).check();
    await page.getByRole('radio', { name: 'Individual' }).check();
    await next(page).click();

    await stepHeading(page).getByText('Revisão').waitFor();
    await page
      .getByText(
        'Anexos: o PDF da cotação, o arquivo pedido-cotacao.pdf e o documento da carga perigosa fispq.png.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Enviar Cotação' }).click();
    await page.getByText('Cotação criada com sucesso!').waitFor();
    await page.waitForURL('**/sent-quotes', { timeout: 5_000 });

    const row = page
      .getByRole('table', { name: 'Cotações' })
      .getByRole('row')
      .filter({ hasText: 'IMP-PDF-2026' });
    await row.getByRole('link', { name: /Ver detalhes/ }).click();
    await page.getByRole('heading', { level: 1, name: /^COTAÇÃO #COT-/ }).waitFor();
    await page.getByText('pedido-cotacao.pdf', { exact: true }).waitFor();
    await page.getByText('fispq.png', { exact: true }).waitFor();
    await page.getByText('Individual', { exact: true }).waitFor();
    const recipients = page.getByRole('table', { name: 'Agentes de carga e situação do envio' });
    expect(await recipients.getByRole('row').count()).toBe(2);
    await recipients.getByText('Boreal Cargas').waitFor();

    // Deleting it, after confirming: back to the list without it, and its address answers 'not found'.
    const detailPath = new URL(page.url()).pathname;
    const detailCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api${detailPath}`) detailCalls.push(request.method());
    });
    await page.getByRole('button', { name: 'Excluir' }).click();
    const remove = page.getByRole('dialog', { name: 'Excluir cotação' });
    await remove.getByText('Tem certeza que deseja excluir esta cotação?').waitFor();
    await remove.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Cotação excluída com sucesso!').waitFor();
    await page.waitForURL('**/sent-quotes');
    const list = page.getByRole('table', { name: 'Cotações' });
    await list.getByText('IMP-CAFE-001').waitFor();
    await list.getByText('IMP-PDF-2026').waitFor({ state: 'detached' });
    expect(detailCalls).toEqual(['DELETE']);
    await page.goto(detailPath);
    await page.getByRole('heading', { name: 'Cotação não encontrada' }).waitFor();

    // A missing or foreign id.
    await page.goto('/quotes/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Cotação não encontrada' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
