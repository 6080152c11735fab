import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import {
  type Account,
  createAccountWithCompany,
  createCarriers,
  sendQuote,
  signInWithForm,
} from './support/accounts';
import { apiAs } from './support/api';
import { dataDir, launchBrowser, openPage, uniqueEmail } from './support/browser';
import { waitForMail } from './support/mail';

/**
 * The carrier portal (issue 35), end to end: a quote is sent; the carrier opens the 'Responder pelo
 * portal' link of the request it received in a fresh browser (no account), fills the structured form and
 * sends it; the analyst sees the answer in the comparison with the hand-computed total. Axe on /portal and
 * /portal/<token> in light and dark theme and at 390 px; screenshots to PORTAL_SHOTS (default
 * /tmp/portal-shots).
 *
 * Hand computation: 2 × 40HC at USD 2.500 + BL fee USD 50 = USD 5.050; THC 2 × BRL 1.450 = BRL 2.900.
 * PTAX fake 5,1177 + 2,5 % = 5,2456. BRL total 5.050 × 5,2456 + 2.900 = 29.390,28; USD total
 * 2.900 ÷ 5,2456 + 5.050 = 5.602,84.
 */

let browser: Browser;
const analyst: Account = { name: 'Paula Portal', email: uniqueEmail('paula.portal'), password: 'Frete2026' };
const stamp = Date.now().toString(36);
const carriers = {
  atlantico: { nome: 'Atlântico Logística', email: `comercial@atlantico-pt-${stamp}.com.br` },
  boreal: { nome: 'Boreal Cargas', email: `cotacao@boreal-pt-${stamp}.com.br` },
  ocean: { nome: 'Ocean Star Shipping', email: `rates@oceanstar-${stamp}.com` },
};
const shotsDir = process.env.PORTAL_SHOTS ?? '/tmp/portal-shots';
let quoteId = '';
let codigo = '';
/** The path of the Atlântico's own 'Responder pelo portal' link: /portal/<token>. */
let invitePath = '';
/** The English quote (idiomaEmail 'en') sent to Ocean Star, and its 'Answer through the portal' link. */
let englishQuoteId = '';
let englishCodigo = '';
let englishInvitePath = '';

async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const rowOf = (page: Page, nome: string): Locator =>
  page.locator('tr[data-row], li[data-row]').filter({ hasText: nome });

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Portal');
  const ids = await createCarriers(analyst, carriers);
  const quote = await sendQuote(analyst, [ids.atlantico, ids.boreal], {
    nomeSolicitante: analyst.name,
    referenciaProcesso: `IMP-PT-${stamp}`,
    prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }],
  });
  quoteId = quote.id;
  codigo = quote.codigo;
  const request = await waitForMail(dataDir(), carriers.atlantico.email, new RegExp(`^Cotação ${codigo}`));
  const link = /Responder pelo portal: (\S+)/.exec(request.text)?.[1];
  if (!link) throw new Error(`no portal link in the request:\n${request.text}`);
  invitePath = new URL(link).pathname;

  const english = await sendQuote(analyst, [ids.ocean], {
    nomeSolicitante: analyst.name,
    referenciaProcesso: `IMP-EN-${stamp}`,
    idiomaEmail: 'en',
    prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    itens: [{ mercadoria: 'Auto parts', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }],
  });
  englishQuoteId = english.id;
  englishCodigo = english.codigo;
  const englishRequest = await waitForMail(
    dataDir(),
    carriers.ocean.email,
    new RegExp(`^Quotation ${englishCodigo}`),
  );
  const englishLink = /Answer through the portal: (\S+)/.exec(englishRequest.text)?.[1];
  if (!englishLink) throw new Error(`no portal link in the English request:\n${englishRequest.text}`);
  englishInvitePath = new URL(englishLink).pathname;
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('carrier portal', () => {
  it("the carrier answers through the request's portal link; the analyst sees it in the comparison", async () => {
    const carrier = await openPage(browser);
    const { page } = carrier;
    await page.goto(invitePath);
    await page.getByRole('heading', { name: `Cotação ${codigo}` }).waitFor();
    expect(await page.getByText('Pedido de Importadora Portal para Atlântico Logística').count()).toBe(1);
    const freight = page.getByRole('group', { name: 'Frete 1' });
    expect(await freight.getByLabel('Tipo / unidade').inputValue()).toBe('40HC');
    await freight.getByLabel('Valor').fill('2.500,00');
    await page.getByRole('button', { name: 'Adicionar taxa' }).click();
    await page.getByRole('button', { name: 'Adicionar taxa' }).click();
    const thc = page.getByRole('group', { name: 'Taxa 1' });
    await thc.getByLabel('Nome da taxa').fill('THC');
    await thc.getByLabel('Valor').fill('1.450,00');
    const bl = page.getByRole('group', { name: 'Taxa 2' });
    await bl.getByLabel('Nome da taxa').fill('BL fee');
    await bl.getByLabel('Moeda').selectOption('USD');
    await bl.getByLabel('Valor').fill('50');
    await bl.getByLabel('Cobrança').selectOption('bl');
    await page.getByLabel('Transit time (dias)').fill('32');
    await page.getByLabel('Free time (dias)').fill('14');
    await page.getByLabel('Anexos da proposta').setInputFiles({
      name: 'proposta.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
          '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    });
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByText(/^Resposta enviada\. Você pode alterá-la até \d{2}\/\d{2}\/\d{4}/).waitFor();
    await shot(page, 'answer-sent-light');
    expect(carrier.errors).toEqual([]);
    await carrier.context.close();

    const { data } = await apiAs<{
      data: { transportador: { nome: string }; atual: { origem: string } | null }[];
    }>(analyst, 'GET', `/quotes/${quoteId}/respostas`);
    expect(data.find((entry) => entry.transportador.nome === 'Atlântico Logística')?.atual?.origem).toBe(
      'portal',
    );

    const office = await openPage(browser);
    await signInWithForm(office.page, analyst);
    await office.page.goto(`/quotes/${quoteId}`);
    const row = rowOf(office.page, 'Atlântico Logística');
    await row.waitFor();
    const cells = row.locator('td');
    const text = async (index: number) =>
      ((await cells.nth(index).locator('span.tabular-nums').first().textContent()) ?? '').replace(/\s/g, ' ');
    expect(await text(2)).toBe('R$ 29.390,28');
    expect(await text(3)).toBe('US$ 5.602,84');
    await shot(office.page, 'analyst-comparison');
    await office.context.close();
  });

  it('a request sent in English opens an English portal; the answer, typed the English way, reaches the comparison', async () => {
    const carrier = await openPage(browser);
    const { page } = carrier;
    await page.goto(englishInvitePath);
    await page.getByRole('heading', { name: `Quote request ${englishCodigo}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByText('Request from Importadora Portal to Ocean Star Shipping').count()).toBe(1);
    expect(
      await page
        .getByText(/^Answer deadline: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\)$/)
        .count(),
    ).toBe(1);
    const freight = page.getByRole('group', { name: 'Freight 1' });
    expect(await freight.getByLabel('Equipment / unit').inputValue()).toBe('40HC');
    // An empty amount: the English field message.
    await page.getByRole('button', { name: 'Send offer' }).click();
    await page.getByText('Please correct the highlighted fields.').waitFor();
    expect(await page.getByText('Enter a number.').count()).toBe(1);
    await freight.getByLabel('Amount').fill('2,500.00');
    await page.getByRole('button', { name: 'Add charge' }).click();
    await page.getByRole('button', { name: 'Add charge' }).click();
    const thc = page.getByRole('group', { name: 'Charge 1' });
    await thc.getByLabel('Charge', { exact: true }).fill('THC');
    await thc.getByLabel('Amount').fill('1,450.00');
    const bl = page.getByRole('group', { name: 'Charge 2' });
    await bl.getByLabel('Charge', { exact: true }).fill('BL fee');
    await bl.getByLabel('Currency').selectOption('USD');
    await bl.getByLabel('Amount').fill('50');
    await bl.getByLabel('Basis').selectOption('bl');
    await page.getByLabel('Transit time (days)').fill('32');
    await page.getByLabel('Free time (days)').fill('14');
    await page.getByLabel('Payment terms').fill('Prepaid');
    await page.getByRole('button', { name: 'Send offer' }).click();
    await page
      .getByText(
        /^Offer sent\. You can change it until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\) through the link in the request or a new one from "Access a quote request"\.$/,
      )
      .waitFor();
    // Shown again as written in English.
    expect(await freight.getByLabel('Amount').inputValue()).toBe('2,500.00');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'answer-en-light-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'answer-en-light-phone');
    // Leaving for the entry page keeps English through the link the switch writes.
    await page.goto('/portal?lang=en');
    await page.getByRole('heading', { name: 'Access a quote request' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'entry-en-light-phone');
    expect(carrier.errors).toEqual([]);
    await carrier.context.close();

    const office = await openPage(browser);
    await signInWithForm(office.page, analyst);
    await office.page.goto(`/quotes/${englishQuoteId}`);
    const row = rowOf(office.page, 'Ocean Star Shipping');
    await row.waitFor();
    const cells = row.locator('td');
    const text = async (index: number) =>
      ((await cells.nth(index).locator('span.tabular-nums').first().textContent()) ?? '').replace(/\s/g, ' ');
    expect(await text(2)).toBe('R$ 29.390,28');
    expect(await text(3)).toBe('US$ 5.602,84');
    await office.context.close();
  });

  for (const [theme, name, viewport] of [
    ['light', 'desktop', { width: 1280, height: 800 }],
    ['dark', 'desktop', { width: 1280, height: 800 }],
    ['light', 'phone', { width: 390, height: 844 }],
    ['dark', 'phone', { width: 390, height: 844 }],
  ] as const) {
    it(`axe on /portal and /portal/<token>, ${theme} theme, ${name}`, async () => {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/portal');
      await page.getByRole('heading', { name: 'Consultar cotação' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `entry-${theme}-${name}`);
      await page.getByLabel('Código da cotação').fill(codigo);
      await page.getByLabel('Seu e-mail').fill(uniqueEmail('quem'));
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await page.getByRole('heading', { name: 'Verifique seu e-mail' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(invitePath);
      await page.getByRole('heading', { name: `Cotação ${codigo}` }).waitFor();
      // The answer sent above is prefilled; an empty freight value shows its message.
      await page.getByRole('group', { name: 'Frete 1' }).getByLabel('Valor').fill('');
      await page.getByRole('button', { name: 'Enviar nova versão' }).click();
      await page.getByText('Corrija os campos destacados.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (name === 'phone') {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await shot(page, `answer-${theme}-${name}`);

      await page.goto('/portal/token-que-nao-existe-0123456789abcdefghijklmnop');
      await page.getByRole('heading', { name: 'Link indisponível' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `unavailable-${theme}-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
