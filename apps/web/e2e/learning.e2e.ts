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
import { api } from './support/api';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';
import { type AnswerEntry, extracted, replyToRequest, waitForExtraction } from './support/carrier-replies';

/**
 * Learning from corrections end to end (issue #17 item 4, ADR 0101) against the real API: a carrier's
 * first reply comes through the real inbound pipeline with its 'O/F' column read as a price per BL; in
 * the browser the analyst corrects the container type from the list with the keyboard; the carrier's
 * reply to another quote comes out as 40HC, marked 'Ajustado por correção anterior'; the carrier's edit
 * modal lists what was learnt, axe finds nothing serious in either theme, and the hint is removed.
 * LEARNING_SHOTS=<dir> saves screenshots.
 */

let browser: Browser;
const analyst: Account = {
  name: 'Ana Aprendizado',
  email: uniqueEmail('ana.aprendizado'),
  password: 'Frete2026',
};
/** Replies are injected as the carrier through the local mailbox's API, which is for desenvolvedores. */
const developer: Account = {
  name: 'Davi Aprendizados',
  email: developerEmails.learning,
  password: 'Frete2026',
};
const stamp = Date.now().toString(36);
const carrier = { nome: 'Oceanic Bridge', email: `carla@oceanic-${stamp}.com.br` };

/** The carrier's habit: an 'O/F' column that is the 40HC price, with no container type written. */
const reply = (pol: string, pod: string, frete: string) =>
  [
    'Boa tarde,',
    '',
    'Segue nossa tarifa:',
    '',
    'POL\tPOD\tO/F\tT/T',
    `${pol}\t${pod}\tUSD ${frete}\t34 dias`,
    '',
    'Taxas locais: R$ 1.850,00',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Carla Menezes',
    'Oceanic Bridge Logística Ltda.',
  ].join('\n');

/** The carrier answers its request e-mail of a quote, the way 'Responder como transportador' does. */
const answerQuote = (codigo: string, texto: string) =>
  replyToRequest(developer, carrier.email, codigo, texto);

let carrierId = '';
/** A quote to the carrier alone; the request states no incoterm or transit time. */
const quoteTo = (origem: string, destino: string) =>
  sendQuote(analyst, [carrierId], {
    nomeSolicitante: analyst.name,
    referenciaProcesso: `IMP-APR-${stamp}-${origem}`,
    prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    origem,
    destino,
    incoterm: null,
    tempoTransito: null,
    // Two types: the quote alone does not say which one an unlabelled 'O/F' prices (ADR 0024 addendum).
    itens: [
      { mercadoria: 'Peças', quantidadeVolumes: '1 contêiner 40HC + 1 contêiner 20DC', dimensoes: null },
    ],
  });

const shotsDir = process.env.LEARNING_SHOTS;
/** The viewport, or only `part` of the page. */
async function shot(page: Page, name: string, part?: Locator) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await (part ?? page).screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const rowOf = (page: Page): Locator =>
  page
    .getByRole('table', { name: 'Propostas dos transportadores, uma linha por destino' })
    .locator('tbody tr[data-row]')
    .filter({ hasText: carrier.nome });

let first = { id: '', codigo: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Aprendizados');
  await createAccount(developer);
  carrierId = (await createCarriers(analyst, [carrier]))[0]!;
  first = await quoteTo('Ningbo, China', 'Santos, SP');
  await answerQuote(first.codigo, reply('Ningbo', 'Santos', '2.350,00'));
  await waitForExtraction(analyst, first.id, extracted.everyAnswer);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('learning from corrections', () => {
  it("a correction of the first reply makes the carrier's next reply right, and it can be removed", async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);

    // Reply 1: the O/F price read per BL; the analyst picks 40HC from the list with the keyboard.
    await page.goto(`/quotes/${first.id}`);
    const unit = rowOf(page).getByRole('button', { name: 'Corrigir Unidade de Frete por BL' });
    await unit.focus();
    await unit.press('Enter');
    const select = page.getByRole('combobox', { name: 'Novo valor de Unidade de Frete por BL' });
    await select.selectOption('40HC');
    await select.press('Enter');
    await page.getByText('Valor corrigido: Unidade de Frete por BL.').waitFor();
    await rowOf(page)
      .getByRole('button', { name: /^Unidade de Frete 40HC: 40HC\. Ver de onde veio/ })
      .waitFor();

    // Reply 2, another quote: the pipeline's extraction uses what the correction taught.
    const second = await quoteTo('Qingdao, China', 'Itajaí, SC');
    await answerQuote(second.codigo, reply('Qingdao', 'Itajaí', '2.610,00'));
    await waitForExtraction(analyst, second.id, extracted.everyAnswer);
    await page.goto(`/quotes/${second.id}`);
    await rowOf(page)
      .getByRole('button', { name: /^Frete 40HC: US\$\s2\.610,00\. Ver de onde veio/ })
      .waitFor();
    const marker = rowOf(page).locator('[title^="Ajustado por uma correção feita antes"]');
    expect(await marker.getAttribute('title')).toContain('(sem ela: por BL)');
    await shot(page, 'comparison-adjusted', rowOf(page));

    // The carrier's edit modal lists it; removing asks first, then says so.
    await page.goto('/management');
    await page.getByRole('button', { name: `Editar ${carrier.nome}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agente de carga' });
    const hints = edit.getByRole('list', { name: `Aprendizados de correções de ${carrier.nome}` });
    await hints.getByText('"O/F" é o preço por contêiner 40HC').waitFor();
    expect(await hints.textContent()).toContain('Usado em 1 resposta(s)');
    await hints
      .getByRole('button', { name: 'Remover o aprendizado: "O/F" é o preço por contêiner 40HC' })
      .press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remover aprendizado' });
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Aprendizado removido.').waitFor();
    await edit
      .getByText('Nenhum aprendizado ainda. Eles surgem das correções feitas na aba Comparação.')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  describe.skipIf(Boolean(process.env.DATA_PATHS_ONLY))('axe', () => {
    it.each(['light', 'dark'] as const)(
      'the carrier’s learnt hints and their removal (%s theme)',
      async (theme) => {
        // A hint to show: the analyst corrects the first reply's fee basis over the API.
        const client = api(analyst);
        const { data } = await client.get<{ data: AnswerEntry[] }>(`/quotes/${first.id}/respostas`);
        await client.put(`/quotes/${first.id}/respostas/${data[0]!.atual!.id}/correcoes`, {
          campo: 'taxas.itens.0.unidade',
          valor: theme === 'light' ? 'BL' : 'CNTR',
        });
        const { page, errors, context } = await openPage(browser);
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await signInWithForm(page, analyst);
        await page.goto('/management');
        await page.getByRole('button', { name: `Editar ${carrier.nome}` }).click();
        const edit = page.getByRole('dialog', { name: 'Editar agente de carga' });
        await edit.getByText(/^"Taxas locais" é cobrada por /).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `carrier-hints-${theme}`);
        await edit.getByRole('button', { name: /^Remover o aprendizado: "Taxas locais"/ }).click();
        await page.getByRole('dialog', { name: 'Remover aprendizado' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page
          .getByRole('dialog', { name: 'Remover aprendizado' })
          .getByRole('button', { name: 'Cancelar' })
          .click();
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  });
});
