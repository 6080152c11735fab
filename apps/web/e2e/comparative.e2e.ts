import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { createAccountWithCompany, createCarriers, sendQuote, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';
import { extracted, registerAnswer, waitForExtraction } from './support/carrier-replies';

/**
 * 'Gerar Comparativo' against the real API: two carriers answered (registered by hand), the modal downloads
 * comparativo-{codigo}.xlsx and .pdf, sends both by e-mail, and the conversation shows the comparative in
 * its own thread; axe finds nothing serious in both themes and on a phone. Screenshots go to
 * $COMPARATIVE_SHOTS (default /tmp/comparative-shots).
 */

let browser: Browser;
let quote = { id: '', codigo: '' };
const requester = { name: 'Paula Comparativo', email: uniqueEmail('comparativo'), password: 'Frete2026' };
const shots = process.env.COMPARATIVE_SHOTS ?? '/tmp/comparative-shots';

const ANSWERS = [
  'Frete marítimo 20DC: USD 1.850,00\nFrete marítimo 40HC: USD 2.950,00\nTHC: R$ 1.450,00\nTransit time: 32 dias\nFree time: 14 dias\nValidade: 30/12/2026',
  'Frete 40HC: R$ 16.500,00 por contêiner\nTHC: R$ 1.400,00 por contêiner\nTransit time: 29 dias\nFree time: 10 dias\nValidade: 20/12/2026',
];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
  await createAccountWithCompany(requester, 'Importadora Comparativo');
  const ids = await createCarriers(requester, [
    { nome: 'Atlântico Logística', email: 'comercial@atlantico-comparativo.com.br' },
    { nome: 'Boreal Cargas', email: 'cotacao@boreal-comparativo.com.br' },
  ]);
  quote = await sendQuote(requester, ids, {
    nomeSolicitante: 'Paula Comparativo',
    referenciaProcesso: 'IMP-COMPARATIVO-001',
    modoEnvio: 'bcc',
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '1 contêiner 40HC', dimensoes: null }],
  });
  // 'Registrar resposta' with pasted text, through the API (the set-up, not what this test is about).
  for (const [index, id] of ids.entries()) await registerAnswer(requester, quote.id, id, ANSWERS[index]!);
  // The extraction job reads the answers in the background.
  await waitForExtraction(requester, quote.id, extracted.concluded(2));
});
afterAll(async () => {
  await browser?.close();
});

async function openModal(page: Page) {
  await page.goto(`/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Gerar Comparativo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar Comparativo' });
  await dialog.waitFor();
  return dialog;
}

describe('Gerar Comparativo', () => {
  it('downloads the Excel and the PDF and sends both by e-mail, recorded in the conversation', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, requester);
    const dialog = await openModal(page);
    const margin = dialog.getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    expect(await margin.inputValue()).toBe('2,5');
    // Typed with a decimal comma in a browser set to English: 3.5 %, not 35 % (a number field dropped the comma).
    await margin.fill('');
    await margin.pressSequentially('3,5');
    await margin.press('ArrowUp');
    expect(await margin.inputValue()).toBe('3,6');

    const excelRequest = page.waitForRequest((request) => request.url().includes('/comparative-excel'));
    const excel = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar Excel' }).click();
    expect(new URL((await excelRequest).url()).searchParams.get('exchangeMargin')).toBe('3.6');
    const excelFile = await excel;
    expect(excelFile.suggestedFilename()).toBe(`comparativo-${quote.codigo}.xlsx`);
    expect(
      readFileSync((await excelFile.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await page.getByText(`Arquivo comparativo-${quote.codigo}.xlsx baixado.`).waitFor();

    const pdf = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar PDF' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toBe(`comparativo-${quote.codigo}.pdf`);
    expect(
      readFileSync((await pdfFile.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Keyboard: type an address, Enter adds it; my own address is one click.
    const emails = dialog.getByRole('textbox', { name: 'Enviar para' });
    await emails.fill('gerencia@importadora-comparativo.com.br');
    await emails.press('Enter');
    await dialog
      .getByRole('button', { name: `Adicionar meu e-mail (${requester.email.toLowerCase()})` })
      .click();
    await page.screenshot({ path: path.join(shots, 'comparative-modal-desktop-light.png') });
    await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await page.getByText('Comparativo (Excel e PDF) enviado por email com sucesso!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Histórico de Emails dos Transportadores' }).click();
    const thread = page.getByRole('region', { name: 'Comparativos enviados' });
    await thread
      .getByText(/Comparativo de fretes/)
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(shots, 'comparative-history.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [label, options] of [
    ['light', { colorScheme: 'light' as const }],
    ['dark', { colorScheme: 'dark' as const }],
    ['phone', { colorScheme: 'light' as const, viewport: { width: 390, height: 844 } }],
  ] as const) {
    it(`axe finds nothing serious in the modal (${label})`, async () => {
      const { page, context, errors } = await openPage(browser, options);
      await page.addInitScript((value) => localStorage.setItem('theme', value), options.colorScheme);
      await signInWithForm(page, requester);
      const dialog = await openModal(page);
      await dialog.getByRole('textbox', { name: 'Enviar para' }).fill('compras, gerencia@importadora.com.br');
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await dialog.getByText('Emails inválidos: compras').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `comparative-modal-${label}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
