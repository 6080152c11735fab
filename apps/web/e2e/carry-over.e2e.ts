import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import {
  type Account,
  createAccount,
  createAccountWithCompany,
  createCarriers,
  developerEmails,
  sendQuote,
  signInWithForm,
} from './support/accounts';
import { launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { extracted, mailIdTo, replyAsCarrier, waitForExtraction } from './support/carrier-replies';

/**
 * The fee carry-over (issue 30 item 3, ADR 0024) end to end in Chromium: a quote for 2 × 40HC goes to two
 * carriers whose replies come through the real inbound pipeline (the local mailbox's 'Responder como
 * transportador' route → extraction → comparison). Atlântico quotes freight, THC per container and a BL
 * fee; Boreal answers completely and dearer. The analyst asks Atlântico for a revision on the screen; its
 * version 2 gives only a lower freight (no fee lines, and no word that they stand). The row says
 * 'incompleta: sem THC, BL FEE', is 'Menor custo' only by its estimate (completed at its version 1's fees)
 * and its change is not a saving; the analyst keeps
 * both fees from version 1 ('versão anterior' shown), the badge goes, the totals equal the hand
 * computation below; a fee added by hand moves the totals by exactly its value × its quantity. Then
 * Boreal revises with "Demais condições sem alteração": its v1 fees, transit and free time stay, marked.
 * CARRY_OVER_SHOTS=<dir> saves screenshots (light and dark, desktop and 390 px).
 */

let browser: Browser;
const analyst: Account = {
  name: 'Carla Carrega',
  email: uniqueEmail('carla.carrega'),
  password: 'Frete2026',
};
/** Replies are sent as the carriers through the local mailbox's API, which is for desenvolvedores. */
const developer: Account = { name: 'Davi Taxas', email: developerEmails.carryOver, password: 'Frete2026' };
/** A carrier answers a captured message: the path of 'Responder como transportador' (real pipeline). */
const replyAs = (email: string, mailId: string, texto: string) =>
  replyAsCarrier(developer, email, mailId, texto);
const stamp = Date.now().toString(36);
const carriers = {
  atlantico: { nome: 'Atlântico Logística', email: `comercial@atlantico-co-${stamp}.com.br` },
  boreal: { nome: 'Boreal Cargas', email: `cotacao@boreal-co-${stamp}.com.br` },
};
const shotsDir = process.env.CARRY_OVER_SHOTS;
/** CI's PostgreSQL pass (DATA_PATHS_ONLY) skips what only checks rendering: axe, themes and widths. */
const lookOnly = Boolean(process.env.DATA_PATHS_ONLY);

const replies = {
  atlantico: [
    'Prezados,',
    '',
    'Segue nossa proposta Xangai x Santos para os 2 contêineres:',
    'Frete marítimo: USD 2.950,00 por contêiner 40HC',
    'THC destino: R$ 1.450,00 por contêiner',
    'BL fee: USD 75,00 por BL',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Atlântico Logística',
  ].join('\n'),
  /** Version 2: only the freight; the fees are neither restated nor said to stand. */
  atlanticoRevised: [
    'Prezados,',
    '',
    'Conseguimos melhorar o frete:',
    'Frete 40HC: USD 2.800,00',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Atlântico Logística',
  ].join('\n'),
  /** Boreal's version 2: the new freight per container, and the rest stands (ADR 0024 addendum). */
  borealRevised: [
    'Prezados,',
    '',
    'Conseguimos reduzir o frete para USD 2.900,00 por contêiner.',
    'Demais condições sem alteração.',
    '',
    'Atenciosamente,',
    'Boreal Cargas',
  ].join('\n'),
  boreal: [
    'Prezados, bom dia.',
    '',
    'Segue nossa proposta Xangai x Santos:',
    'Frete marítimo 40HC: USD 3.000,00',
    'THC: R$ 1.500,00 por contêiner',
    'BL fee: USD 80,00 por BL',
    'Transit time: 30 dias',
    'Free time: 21 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Boreal Cargas',
  ].join('\n'),
};

/*
 * Hand computation. The PTAX fake's bulletin is R$ 5,1177; + margem 2,5 % = 5,1177 × 1,025 = 5,2456425,
 * shown and used as R$ 5,2456. Totals (spec 001 §9): BRL = USD × 5,2456 + BRL; USD = BRL ÷ 5,2456 + USD,
 * each rounded once to 2 decimals.
 * - Atlântico v1: USD 2 × 2.950,00 + BL 75,00 = 5.975,00; BRL THC 2 × 1.450,00 = 2.900,00
 *     BRL 5.975 × 5,2456 = 31.342,46 + 2.900 = 34.242,46 · USD 2.900 ÷ 5,2456 = 552,8443 + 5.975 = 6.527,84
 * - Boreal: USD 2 × 3.000,00 + BL 80,00 = 6.080,00; BRL THC 2 × 1.500,00 = 3.000,00
 *     BRL 6.080 × 5,2456 = 31.893,248 + 3.000 = 34.893,25 · USD 3.000 ÷ 5,2456 = 571,9079 + 6.080 = 6.651,91
 * - Atlântico v2 as read (no fees): USD 2 × 2.800,00 = 5.600,00
 *     BRL 5.600 × 5,2456 = 29.375,36 · USD 5.600,00 — lowest, but incomplete; vs v1 ▼ 927,84 USD, not a saving
 * - v2 + THC and BL kept from v1: USD 5.600 + 75 = 5.675,00; BRL 2 × 1.450 = 2.900,00
 *     BRL 5.675 × 5,2456 = 29.768,78 + 2.900 = 32.668,78 · USD 552,8443 + 5.675 = 6.227,84
 *     vs v1: 6.227,84 − 6.527,84 = ▼ 300,00 USD (2 × 150 on the freight), now the cheapest complete row
 * - + ISPS typed by hand, USD 15,00 per container × 2 = 30,00: USD 5.705,00
 *     BRL 5.705 × 5,2456 = 29.926,148 + 2.900 = 32.826,15 · USD 552,8443 + 5.705 = 6.257,84 (+ 30,00 exactly)
 * - Boreal v2, "USD 2.900,00 por contêiner" + "Demais condições sem alteração" (v1's THC and BL fee stay):
 *     USD 2 × 2.900 + 80 = 5.880,00; BRL 3.000,00 → 5.880 × 5,2456 = 30.844,128 + 3.000 = 33.844,13 ·
 *     USD 571,9079 + 5.880 = 6.451,91; vs v1 ▼ 200,00 USD; still dearer than Atlântico's 32.826,15
 */
const RATE = '5,2456';
const EXPECTED = {
  atlanticoV1: { brl: 'R$ 34.242,46', usd: 'US$ 6.527,84' },
  boreal: { brl: 'R$ 34.893,25', usd: 'US$ 6.651,91' },
  atlanticoV2: { brl: 'R$ 29.375,36', usd: 'US$ 5.600,00' },
  carried: { brl: 'R$ 32.668,78', usd: 'US$ 6.227,84', feesUSD: '75,00', feesBRL: '2.900,00' },
  added: { brl: 'R$ 32.826,15', usd: 'US$ 6.257,84', feesUSD: '105,00', feesBRL: '2.900,00' },
  borealKept: { brl: 'R$ 33.844,13', usd: 'US$ 6.451,91' },
};
const ISPS = { nome: 'ISPS', moeda: 'USD', valor: '15,00', unidade: 'CNTR', quantidade: 2 };

// Exact decimal arithmetic (bigint) to re-derive the hand figures from what the screen states.
/** 'R$ 32.668,78', '5,2456', '2.900,00' → the value × 10^places as a bigint. */
function scaled(text: string, places: number): bigint {
  const match = /(-?)([\d.]+),(\d+)/.exec(text);
  if (!match) throw new Error(`not a pt-BR number: ${text}`);
  const [, sign, whole, decimals] = match;
  const digits = `${whole!.replace(/\./g, '')}${decimals!.padEnd(places, '0').slice(0, places)}`;
  return BigInt(`${sign}${digits}`);
}
/** A pt-BR amount in cents: 'R$ 32.668,78' → 3266878n. */
const cents = (value: string) => scaled(value, 2);
/** a ÷ b rounded half up (positive operands). */
const divideRounded = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
/** Totals in cents from USD and BRL amounts in cents and the rate with 4 decimals. */
function totals(usdCents: bigint, brlCents: bigint, rate4: bigint): { brl: bigint; usd: bigint } {
  const brlMicro = usdCents * rate4 + brlCents * 10_000n; // BRL × 10^6
  return { brl: divideRounded(brlMicro, 10_000n), usd: divideRounded(brlMicro, rate4) };
}

async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

const table = (page: Page) =>
  page.getByRole('table', { name: 'Propostas dos transportadores, uma linha por destino' });
/** A carrier's row on a laptop (table) or its card on a phone (list item). */
const rowOf = (page: Page, nome: string): Locator =>
  page.locator('tr[data-row], li[data-row]').filter({ hasText: nome });
/** Intl writes 'R$' and the amount with a no-break space. */
const textOf = async (locator: Locator) => (await locator.textContent())?.replace(/\s+/g, ' ') ?? '';
const feeList = (page: Page) => page.getByRole('list', { name: 'Linhas de taxa de Atlântico Logística' });
const feeLinesText = async (page: Page) =>
  (await feeList(page).getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' '));
const previousFees = (page: Page) =>
  page.getByRole('region', { name: 'Taxas da versão 1 que esta versão não trouxe' });

/** The two totals of a table row, in the BRL and USD columns. */
async function totalsOf(row: Locator): Promise<{ brl: string; usd: string }> {
  const cells = row.locator('td');
  return {
    brl: (await cells.nth(2).locator('span.tabular-nums').first().textContent())!.replace(/\s/g, ' '),
    usd: (await cells.nth(3).locator('span.tabular-nums').first().textContent())!.replace(/\s/g, ' '),
  };
}
/** The fee sums by currency (the 'Taxas' column): the amounts after 'USD' and 'BRL'. */
async function feeSumsOf(row: Locator): Promise<{ usd: string; brl: string }> {
  const sums = row.locator('td').nth(1).locator('dl');
  return {
    usd: (await sums.locator('div', { hasText: 'USD' }).locator('dd').textContent())!.trim(),
    brl: (await sums.locator('div', { hasText: 'BRL' }).locator('dd').textContent())!.trim(),
  };
}

let quoteId = '';
let codigo = '';
const carrierIds = { atlantico: '', boreal: '' };
const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Carrega');
  await createAccount(developer);
  Object.assign(carrierIds, await createCarriers(analyst, carriers));
  const quote = await sendQuote(analyst, Object.values(carrierIds), {
    nomeSolicitante: analyst.name,
    referenciaProcesso: `IMP-CO-${stamp}`,
    prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    tempoTransito: 'até 35 dias',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }],
  });
  quoteId = quote.id;
  codigo = quote.codigo;
  const request = new RegExp(`^Cotação ${codigo}`);
  for (const key of ['atlantico', 'boreal'] as const)
    await replyAs(carriers[key].email, await mailIdTo(carriers[key].email, request), replies[key]);
  await waitForExtraction(analyst, quoteId, extracted.concluded(2));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

type View = ['light' | 'dark', 'desktop' | 'phone', { width: number; height: number }];
const VIEWS: View[] = [
  ['light', 'desktop', { width: 1280, height: 800 }],
  ['dark', 'desktop', { width: 1280, height: 800 }],
  ['light', 'phone', { width: 390, height: 844 }],
  ['dark', 'phone', { width: 390, height: 844 }],
];

/**
 * A stage in each theme and width: A's fee lines open, no serious axe violation, no sideways scroll on a
 * phone, screenshots (the page, and A's card on a phone).
 */
async function lookAt(
  stage: string,
  expectText: string | RegExp,
  [theme, name, viewport]: View,
): Promise<void> {
  const { page, errors, context } = await openPage(browser, { viewport });
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await signInWithForm(page, analyst);
  await page.goto(`/quotes/${quoteId}`);
  const row = rowOf(page, 'Atlântico Logística');
  await row
    .getByText(expectText, { exact: typeof expectText === 'string' })
    .first()
    .waitFor();
  await row.getByRole('button', { name: /^Ver linhas \(\d+\) das taxas de Atlântico Logística$/ }).click();
  await page.getByRole('form', { name: 'Adicionar taxa que falta' }).waitFor();
  if (name === 'phone') {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `carry-${stage}-${theme}-${name}`);
  if (shotsDir)
    await (name === 'phone' ? row : table(page)).screenshot({
      path: path.join(shotsDir, `carry-${stage}-${name === 'phone' ? 'card' : 'table'}-${theme}-${name}.png`),
    });
  expect(errors).toEqual([]);
  await context.close();
}

describe('fee carry-over of a revision that left its fees out', () => {
  it('v1 complete; the revision asked on the screen comes back without fees: badge, "Menor custo (estimado)", no saving', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}`);
    await waitForTitle(page, `COTAÇÃO #${codigo} | Sistema de Cotações`);

    // The rate every total uses: the PTAX fake's bulletin + the default margin, as computed above.
    const rateLine = page.getByTestId('rate-line').locator('p').first();
    await rateLine.getByText(/^PTAX de /).waitFor();
    const rateText = await textOf(rateLine);
    expect(rateText).toMatch(/^PTAX de \d{2}\/\d{2}\/\d{4}: R\$ 5,1177 \+ margem 2,5 % = R\$ 5,2456$/);
    const ptax4 = scaled(/R\$ (\d+,\d{4}) \+/.exec(rateText)![1]!, 4);
    const rate4 = scaled(/= R\$ (\d+,\d{4})$/.exec(rateText)![1]!, 4);
    // 5,1177 × 1,025 = 5,2456425 → 4 decimals, half up
    expect(divideRounded(ptax4 * 1025n, 1000n)).toBe(rate4);
    expect(rate4).toBe(scaled(RATE, 4));
    // The hand totals above, derived again from the rate the screen states (cents).
    const at = (usdAmount: string, brlAmount: string) => totals(cents(usdAmount), cents(brlAmount), rate4);
    expect(at('5.975,00', '2.900,00')).toEqual({
      brl: cents(EXPECTED.atlanticoV1.brl),
      usd: cents(EXPECTED.atlanticoV1.usd),
    });
    expect(at('6.080,00', '3.000,00')).toEqual({
      brl: cents(EXPECTED.boreal.brl),
      usd: cents(EXPECTED.boreal.usd),
    });
    expect(at('5.600,00', '0,00')).toEqual({
      brl: cents(EXPECTED.atlanticoV2.brl),
      usd: cents(EXPECTED.atlanticoV2.usd),
    });
    expect(at('5.675,00', '2.900,00')).toEqual({
      brl: cents(EXPECTED.carried.brl),
      usd: cents(EXPECTED.carried.usd),
    });
    expect(at('5.705,00', '2.900,00')).toEqual({
      brl: cents(EXPECTED.added.brl),
      usd: cents(EXPECTED.added.usd),
    });

    // Version 1: both complete, Atlântico the cheaper, per-container fees counted twice.
    const atlantico = rowOf(page, 'Atlântico Logística');
    const boreal = rowOf(page, 'Boreal Cargas');
    await atlantico.getByText('Versão 1').waitFor();
    expect(await totalsOf(atlantico)).toEqual(EXPECTED.atlanticoV1);
    expect(await totalsOf(boreal)).toEqual(EXPECTED.boreal);
    expect(await feeSumsOf(atlantico)).toEqual({ usd: '75,00', brl: '2.900,00' });
    expect(await atlantico.getByText('Menor custo').count()).toBe(1);
    expect(await atlantico.locator('[data-completeness]').count()).toBe(0);
    expect(await textOf(atlantico)).not.toContain('rodoviário');
    await shot(page, 'carry-v1-light-desktop');

    // The analyst asks Atlântico for a revision; the e-mail goes into its thread.
    await atlantico.getByRole('button', { name: 'Revisar proposta de Atlântico Logística' }).click();
    const revision = page.getByRole('dialog', { name: 'Solicitar revisão a Atlântico Logística' });
    await revision.getByRole('textbox', { name: 'Mensagem' }).fill('Prezados, conseguem melhorar o frete?');
    await revision.getByRole('button', { name: 'Enviar pedido de revisão' }).click();
    await page.getByText('Pedido de revisão enviado a Atlântico Logística.').waitFor();
    await revision.waitFor({ state: 'hidden' });
    const revisionSubject = new RegExp(`^Re: Cotação ${codigo}`);
    await replyAs(
      carriers.atlantico.email,
      await mailIdTo(carriers.atlantico.email, revisionSubject),
      replies.atlanticoRevised,
    );

    // Version 2 without fee lines: badge, the change not a saving, and 'Menor custo (estimado)': completed at
    // its own version 1's THC 2 × 1.450 and BL 75 × 5,2456 = 393,42 → 29.375,36 + 2.900 + 393,42 =
    // R$ 32.668,78, still below Boreal's R$ 34.893,25 (ADR 0024 addendum).
    await atlantico.getByText('Versão 2').waitFor({ timeout: 60_000 });
    await atlantico.getByText('incompleta: sem THC, BL FEE', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await totalsOf(atlantico)).toEqual(EXPECTED.atlanticoV2);
    expect(await atlantico.getByText('Sem taxas', { exact: true }).count()).toBe(1);
    expect(await atlantico.getByText('Menor custo (estimado)', { exact: true }).count()).toBe(1);
    expect((await atlantico.locator('[data-estimate]').first().textContent())?.replace(/\s/g, ' ')).toBe(
      'Estimado em R$ 32.668,78, completando com THC da versão 1 (R$ 2.900,00), BL FEE da versão 1 (R$ 393,42)',
    );
    expect(await boreal.getByText('Menor custo').count()).toBe(0);
    expect(await table(page).getByText('Menor custo').count()).toBe(1);
    const change = atlantico.locator('[data-incompleta]');
    // Seen: the BRL and the USD change ('▼ 927,84 USD') struck through (spoken: 'Menor que a versão 1 em …'),
    // then why it is no saving.
    const items = await change.locator('li').allTextContents();
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^▼ [\d.]+,\d{2} BRLMenor que a versão 1 em [\d.]+,\d{2} BRL$/);
    expect(items.slice(1)).toEqual([
      '▼ 927,84 USDMenor que a versão 1 em 927,84 USD',
      'versão incompleta: a variação não é economia',
    ]);
    const struck = change.locator('li').first();
    expect(await struck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
      'line-through',
    );
    expect(await struck.evaluate((element) => element.className)).not.toMatch(/success/);

    // The fee lines of v1 that v2 lacks, each with 'Manter da versão anterior'.
    await atlantico.getByRole('button', { name: 'Ver linhas (0) das taxas de Atlântico Logística' }).click();
    await previousFees(page).waitFor();
    expect(
      (await previousFees(page).getByRole('listitem').allTextContents()).map((text) =>
        text.replace(/\s+/g, ' '),
      ),
    ).toEqual([
      'THC destinoR$ 1.450,00por contêinerManter da versão anterior',
      'BL feeUS$ 75,00por BLManter da versão anterior',
    ]);
    if (!lookOnly) expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.skipIf(lookOnly).each(VIEWS)('the incomplete revision seen in %s theme on %s', async (...view) => {
    expect(quoteId).not.toBe('');
    await lookAt('incomplete', 'incompleta: sem THC, BL FEE', view);
  });

  it("'Manter da versão anterior' for both fees, then ISPS added by hand: the totals of the hand computation", async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}`);
    const atlantico = rowOf(page, 'Atlântico Logística');
    const boreal = rowOf(page, 'Boreal Cargas');
    await atlantico.getByText('incompleta: sem THC, BL FEE', { exact: true }).waitFor();
    expect(await totalsOf(atlantico)).toEqual(EXPECTED.atlanticoV2);
    await atlantico.getByRole('button', { name: 'Ver linhas (0) das taxas de Atlântico Logística' }).click();
    await previousFees(page).getByRole('button', { name: 'Manter THC destino da versão anterior' }).click();
    await feeList(page).getByText('versão anterior', { exact: false }).first().waitFor();
    await atlantico.getByText('incompleta: sem BL FEE', { exact: true }).waitFor();
    await previousFees(page).getByRole('button', { name: 'Manter BL fee da versão anterior' }).click();

    // Kept: the lines show their provenance, the badge is gone, the totals are the hand computation.
    await atlantico.locator('[data-completeness]').waitFor({ state: 'detached' });
    await previousFees(page).waitFor({ state: 'detached' });
    // A kept line is named as the carrier wrote it in version 1 (QA pass 32: the engine's names, 'DOC FEE',
    // reached the screen, the PDF and the e-mail); it is compared by its kind.
    expect(await feeLinesText(page)).toEqual([
      `THC destinopor contêiner2 ×R$ 1.450,00= R$ 2.900,00versão anterior por ${analyst.name} em ${today}`,
      `BL feepor BL1 ×US$ 75,00= US$ 75,00versão anterior por ${analyst.name} em ${today}`,
    ]);
    const kept = feeList(page).getByText(/^versão anterior por /);
    expect(await kept.count()).toBe(2);
    for (const badge of await kept.all()) expect(await badge.isVisible()).toBe(true);
    expect(await totalsOf(atlantico)).toEqual({ brl: EXPECTED.carried.brl, usd: EXPECTED.carried.usd });
    expect(await feeSumsOf(atlantico)).toEqual({
      usd: EXPECTED.carried.feesUSD,
      brl: EXPECTED.carried.feesBRL,
    });
    // Complete and cheaper than Boreal now: 'Menor custo', and the change is a real saving of 2 × 150.
    expect(await atlantico.getByText('Menor custo').count()).toBe(1);
    expect(await boreal.getByText('Menor custo').count()).toBe(0);
    expect(await atlantico.locator('[data-incompleta]').count()).toBe(0);
    await atlantico.getByText('▼ 300,00 USD', { exact: true }).waitFor();
    await shot(page, 'carry-kept-light-desktop');

    // A missing fee typed by hand: ISPS USD 15,00 per container × 2 containers.
    const form = page.getByRole('form', { name: 'Adicionar taxa que falta' });
    await form.getByLabel('Taxa', { exact: true }).fill(ISPS.nome);
    await form.getByRole('combobox', { name: /^Moeda/ }).selectOption(ISPS.moeda);
    await form.getByLabel('Valor', { exact: true }).fill(ISPS.valor);
    await form.getByRole('combobox', { name: /^Base/ }).selectOption(ISPS.unidade);
    const before = await totalsOf(atlantico);
    await form.getByRole('button', { name: 'Adicionar taxa' }).click();
    await feeList(page).getByRole('listitem').nth(2).waitFor();
    expect((await feeLinesText(page))[2]).toBe(
      // Added to the row's port (Santos, which v2 keeps from v1).
      `ISPSSantospor contêiner2 ×US$ 15,00= US$ 30,00incluída à mão por ${analyst.name} em ${today}`,
    );
    expect(
      await feeList(page)
        .getByText(/^incluída à mão por /)
        .isVisible(),
    ).toBe(true);
    await expect.poll(async () => (await totalsOf(atlantico)).usd).not.toBe(before.usd);
    const after = await totalsOf(atlantico);
    expect(after).toEqual({ brl: EXPECTED.added.brl, usd: EXPECTED.added.usd });
    // The USD total moved by exactly 15,00 × 2; the BRL total by 30 × 5,2456 = 157,368 → 157,37.
    const moved = scaled(ISPS.valor, 2) * BigInt(ISPS.quantidade);
    expect(cents(after.usd) - cents(before.usd)).toBe(moved);
    expect(cents(after.brl) - cents(before.brl)).toBe(15_737n);
    expect(await feeSumsOf(atlantico)).toEqual({ usd: EXPECTED.added.feesUSD, brl: EXPECTED.added.feesBRL });
    expect(scaled(EXPECTED.added.feesUSD, 2) - scaled(EXPECTED.carried.feesUSD, 2)).toBe(moved);
    expect(await atlantico.getByText('Menor custo').count()).toBe(1);
    await atlantico.getByText('▼ 270,00 USD', { exact: true }).waitFor();
    if (!lookOnly) expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'carry-added-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.skipIf(lookOnly).each(VIEWS)('the kept and added lines seen in %s theme on %s', async (...view) => {
    expect(quoteId).not.toBe('');
    await lookAt('added', /Versão 2$/, view);
  });

  it('a revision that says "Demais condições sem alteração" keeps its v1 fees, transit and free time, marked', async () => {
    await replyAs(
      carriers.boreal.email,
      await mailIdTo(carriers.boreal.email, new RegExp(`^Cotação ${codigo}`)),
      replies.borealRevised,
    );
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}`);
    const boreal = rowOf(page, 'Boreal Cargas');
    await boreal.getByText('Versão 2').waitFor({ timeout: 60_000 });
    const rateText = await textOf(page.getByTestId('rate-line').locator('p').first());
    const rate4 = scaled(/= R\$ (\d+,\d{4})$/.exec(rateText)![1]!, 4);
    expect(totals(cents('5.880,00'), cents('3.000,00'), rate4)).toEqual({
      brl: cents(EXPECTED.borealKept.brl),
      usd: cents(EXPECTED.borealKept.usd),
    });
    expect(await totalsOf(boreal)).toEqual(EXPECTED.borealKept);
    expect(await feeSumsOf(boreal)).toEqual({ usd: '80,00', brl: '3.000,00' });
    await boreal
      .getByText('Demais condições da versão 1 (a resposta diz: “Demais condições sem alteração.”)')
      .waitFor();
    // Port, transit, free time and validity read from v1, each said so; the saving 2 × 100. With two
    // offers, the ISPS the other one now counts (typed by hand) is a usual destination charge Boreal lacks
    // (ADR 0024 addendum 2026-12-08).
    await boreal.getByText('(destino da versão 1)').first().waitFor();
    expect(await boreal.getByText(/^da versão 1/).count()).toBe(3);
    expect(await boreal.locator('[data-completeness]').count()).toBe(1);
    await boreal.getByText('incompleta: sem ISPS').waitFor();
    await boreal.getByText('▼ 200,00 USD', { exact: true }).waitFor();
    await boreal.getByRole('button', { name: /^Ver linhas \(2\) das taxas de Boreal Cargas$/ }).click();
    const fees = page.getByRole('list', { name: 'Linhas de taxa de Boreal Cargas' });
    expect(
      (await fees.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ')),
    ).toEqual([
      'THCpor contêiner2 ×R$ 1.500,00= R$ 3.000,00versão anterior',
      'BL feepor BL1 ×US$ 80,00= US$ 80,00versão anterior',
    ]);
    // Atlântico (R$ 32.826,15) stays the cheapest complete row.
    expect(await rowOf(page, 'Atlântico Logística').getByText('Menor custo').count()).toBe(1);
    if (!lookOnly) expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'carry-boreal-kept-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
