import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';

let browser: Browser;
const account = { name: 'Paula Comex', email: uniqueEmail('extract'), password: 'Frete2026' };
beforeAll(async () => {
  browser = await launchBrowser();
  await createAccount(account);
});
afterAll(async () => {
  await browser?.close();
});

const reply = [
  'Subject: RE: Cotação COT-2026-0007 - Ningbo x Itapoá',
  'From: Comercial <comercial@agente-exemplo.com.br>',
  '',
  'Bom dia, segue nossa melhor oferta:',
  'Frete marítimo 40HC: USD 2.480,00',
  'THC destino: BRL 1.390,00 por contêiner',
  'Transit time: 38 dias',
].join('\n');

describe('extraction test tool (/dev/extract)', () => {
  it('extracts a pasted reply and shows the summary with the line each value came from', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, account);
    await page.goto('/dev/extract');
    await waitForTitle(page, 'Extração de Respostas | Sistema de Cotações');
    await page.getByLabel('Texto da resposta').fill(reply);
    await page.getByRole('button', { name: 'Executar' }).click();
    const summary = page.getByRole('region', { name: 'Resumo' });
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toMatch(/US\$\s?2\.480,00/);
    expect(text).toContain('38 dias');
    expect(text).toMatch(/linha \d+/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
