import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { createAccountWithCompany, createCarriers, sendQuote, signInWithForm } from './support/accounts';
import { api } from './support/api';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';
import { extracted, registerAnswer, waitForExtraction } from './support/carrier-replies';

/**
 * Issue 36 as an analyst meets it: two quotes on the same lane (Xangai → Santos, 1 × 40HC), answered
 * by three carriers the way forwarders write, extracted by the real pipeline. By hand:
 *   quote 1: USD 2,800, 3,000 and 3,200 per 40HC → the lane's median for quote 2 is 3,000 over 3 points;
 *   quote 2: Atlântico 3,900 → +30 % 'acima'; Boreal 3,050 → +1,7 %, within ±15 %; Cruzeiro 2,400 → −20 %
 *   'abaixo'.
 * The comparison shows each row's flag; 'Rotas' lists the lane with its 6 proposals and median 3,025;
 * the lane page draws 6 points of 3 carriers.
 */

let browser: Browser;
const analyst = { name: 'Rita Rotas', email: uniqueEmail('rotas'), password: 'Frete2026' };
const quotes: { id: string; codigo: string }[] = [];

const answer = (frete: number) =>
  [
    'Prezados, segue nossa proposta:',
    `Frete marítimo 40HC: USD ${frete.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`,
    'THC: R$ 1.450,00 por contêiner',
    'Transit time: 32 dias',
    'Free time: 14 dias',
    'Validade: 30/12/2026',
  ].join('\n');

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Rotas');
  const carriers = await createCarriers(analyst, [
    { nome: 'Atlântico Rotas', email: 'comercial@atlantico-rotas.com.br' },
    { nome: 'Boreal Rotas', email: 'cotacao@boreal-rotas.com.br' },
    { nome: 'Cruzeiro Rotas', email: 'pricing@cruzeiro-rotas.com.br' },
  ]);
  for (const [index, fretes] of [
    [2800, 3000, 3200],
    [3900, 3050, 2400],
  ].entries()) {
    const quote = await sendQuote(analyst, carriers, {
      nomeSolicitante: 'Rita Rotas',
      referenciaProcesso: `IMP-ROTAS-00${index + 1}`,
      modoEnvio: 'bcc',
      origem: 'Xangai, China',
      destino: 'Santos, SP',
      itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '1 contêiner 40HC', dimensoes: null }],
    });
    for (const [i, id] of carriers.entries()) await registerAnswer(analyst, quote.id, id, answer(fretes[i]!));
    await waitForExtraction(analyst, quote.id, extracted.concluded(3));
    quotes.push(quote);
  }
  // The refresher's workers turn marks into points every few seconds; a read of the lanes drains them.
  await api(analyst).get('/lanes');
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) =>
  page.getByRole('table', { name: 'Propostas dos transportadores, uma linha por destino' });
const flagOf = (page: Page, carrier: string) =>
  table(page).locator('tbody tr[data-row]').filter({ hasText: carrier }).locator('[data-lane-flag]');
const textOf = async (page: Page, carrier: string) =>
  ((await flagOf(page, carrier).textContent()) ?? '').replace(/\s/g, ' ');

describe('Rotas: is this a good price?', () => {
  it("flags each row against the lane's 90-day median, lists the lane and opens its trend", async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quotes[1]!.id}`);
    await flagOf(page, 'Atlântico Rotas').waitFor();
    expect(await flagOf(page, 'Atlântico Rotas').getAttribute('data-lane-flag')).toBe('acima');
    expect(await textOf(page, 'Atlântico Rotas')).toContain('30 % acima da mediana de 90 dias, 3 propostas');
    expect(await flagOf(page, 'Cruzeiro Rotas').getAttribute('data-lane-flag')).toBe('abaixo');
    expect(await textOf(page, 'Cruzeiro Rotas')).toContain('20 % abaixo da mediana de 90 dias, 3 propostas');
    expect(await flagOf(page, 'Boreal Rotas').getAttribute('data-lane-flag')).toBe('mediana');
    // The points the median rests on, opened from the flag.
    await flagOf(page, 'Atlântico Rotas').getByRole('button').click();
    await flagOf(page, 'Atlântico Rotas')
      .getByText(/US\$\s3\.000,00/)
      .first()
      .waitFor();

    await page.getByRole('link', { name: 'Rotas' }).first().click();
    const lanes = page.getByRole('table', { name: 'Rotas' });
    await lanes.waitFor();
    const row = lanes.locator('tbody tr').filter({ hasText: 'Santos' });
    const cells = ((await row.textContent()) ?? '').replace(/\s/g, ' ');
    // 6 proposals of 2 quotes; median of 2,400 2,800 3,000 3,050 3,200 3,900 = (3,000 + 3,050) / 2.
    expect(cells).toContain('US$ 3.025,00');
    expect(cells).toContain('US$ 2.400,00 – US$ 3.900,00');
    await row.getByRole('link').click();
    const chart = page.getByRole('img', { name: /Frete por unidade ao longo do tempo/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain('6 propostas de 3 agentes de carga');
    expect(await chart.locator('circle').count()).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violation on the lanes and the lane page, dark theme on a phone', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signInWithForm(page, analyst);
    await page.goto('/lanes');
    const lanes = page.getByRole('table', { name: 'Rotas' });
    await lanes.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await lanes.locator('tbody tr').filter({ hasText: 'Santos' }).getByRole('link').click();
    await page.getByRole('img', { name: /Frete por unidade ao longo do tempo/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
