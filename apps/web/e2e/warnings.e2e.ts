import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
import { apiAs } from './support/api';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';
import { extracted, mailIdTo, replyAsCarrier, waitForExtraction } from './support/carrier-replies';

/**
 * Warnings where the decision is made (issue 30 item 4), end to end: the request asks to avoid MSC and a
 * transhipment in Cartagena, 35 days at most; one carrier answers with MSC via Cartagena in 41 days and a
 * validity ending before the deadline, another cheaper one is asked for a revision. The row, the card and
 * the approval choice say what the proposal breaks; approving it asks to confirm, naming the cheaper
 * proposal and the pending revision; 'Aprovar mesmo assim' approves. WARNINGS_SHOTS=<dir> saves
 * screenshots (light and dark, desktop and 390 px).
 */

let browser: Browser;
const analyst: Account = { name: 'Alice Alerta', email: uniqueEmail('alice.alerta'), password: 'Frete2026' };
const developer: Account = { name: 'Davi Alertas', email: developerEmails.warnings, password: 'Frete2026' };
/** A carrier answers a captured message: the path of 'Responder como transportador' (real pipeline). */
const replyAs = (email: string, mailId: string, texto: string) =>
  replyAsCarrier(developer, email, mailId, texto);
const stamp = Date.now().toString(36);
const carriers = {
  atlantico: { nome: 'Atlântico Logística', email: `comercial@atlantico-al-${stamp}.com.br` },
  boreal: { nome: 'Boreal Cargas', email: `cotacao@boreal-al-${stamp}.com.br` },
};
const shotsDir = process.env.WARNINGS_SHOTS;
const DAY = 86_400_000;
const deadline = new Date(Date.now() + 5 * DAY);
const spDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(date);
const validity = spDate(new Date(deadline.getTime() - 2 * DAY));

const replies = {
  atlantico: [
    'Prezados,',
    '',
    'Segue nossa proposta Xangai x Santos:',
    'Frete marítimo 40HC: USD 2.950,00',
    'THC destino: BRL 1.450,00 por contêiner',
    'Armador: MSC',
    'Rota: via Cartagena',
    'Transbordo: Cartagena',
    'Transit time: 41 dias',
    'Free time: 14 dias no destino',
    `Validade: ${validity}`,
    '',
    'Atenciosamente,',
    'Atlântico Logística',
  ].join('\n'),
  boreal: [
    'Prezados, bom dia.',
    '',
    'Segue nossa proposta Xangai x Santos:',
    'Frete marítimo 40HC: USD 2.400,00',
    'THC: R$ 1.300,00 por contêiner',
    'Armador: Hapag-Lloyd',
    'Transit time: 30 dias',
    'Free time: 21 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Boreal Cargas',
  ].join('\n'),
};

const WARNINGS = [
  'Rota passa por Cartagena, que o pedido pediu para evitar',
  'Armador MSC, que o pedido pediu para evitar',
  'Trânsito de 41 dias, acima dos 35 dias pedidos',
  `Validade (${validity}) termina antes do prazo de resposta (${spDate(deadline)})`,
];

async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

const textsOf = async (page: Page, name: RegExp) =>
  (await page.getByRole('list', { name }).first().getByRole('listitem').allTextContents()).map((text) =>
    text.replace(/\s/g, ' '),
  );

let quoteId = '';
const carrierIds = { atlantico: '', boreal: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Alertas');
  await createAccount(developer);
  Object.assign(carrierIds, await createCarriers(analyst, carriers));
  const quote = await sendQuote(analyst, Object.values(carrierIds), {
    nomeSolicitante: analyst.name,
    referenciaProcesso: `IMP-AL-${stamp}`,
    prazoResposta: deadline.toISOString(),
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    tempoTransito: 'até 35 dias',
    evitarRota: 'Evitar transbordo em Cartagena',
    evitarArmador: 'MSC',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '1 contêiner 40HC', dimensoes: null }],
  });
  quoteId = quote.id;
  const request = new RegExp(`Cotação ${quote.codigo}`);
  for (const key of ['atlantico', 'boreal'] as const)
    await replyAs(carriers[key].email, await mailIdTo(carriers[key].email, request), replies[key]);
  await waitForExtraction(analyst, quoteId, extracted.concluded(2));
  // Boreal is asked to revise: its revision is pending when the analyst approves.
  await apiAs(analyst, 'POST', `/quotes/${quoteId}/request-revision`, {
    transportadorId: carrierIds.boreal,
    revisarTodos: false,
    mensagem: 'Podem confirmar o free time?',
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('warnings where the decision is made', () => {
  describe.each(['light', 'dark'] as const)('%s theme', (theme) => {
    it.each([
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const)('the row, the approval choice and the confirmation (%s)', async (name, viewport) => {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await signInWithForm(page, analyst);

      if (name === 'phone') {
        // The dashboard's tour offer at 390 px: its text keeps a readable width (it wrapped word by word).
        await page.goto('/');
        const offer = page.getByRole('region', { name: 'Primeira vez por aqui?' });
        await offer.waitFor();
        const text = await offer.locator('[data-tour-offer-text]').boundingBox();
        expect(text!.width).toBeGreaterThan(200);
        await shot(page, `tour-offer-${theme}-phone`, { fullPage: false });
      }

      await page.goto(`/quotes/${quoteId}`);
      await page.getByRole('list', { name: /^Alertas da proposta: Atlântico Logística/ }).waitFor();
      expect(await textsOf(page, /^Alertas da proposta: Atlântico Logística/)).toEqual(WARNINGS);
      expect(await page.getByRole('list', { name: /^Alertas da proposta: Boreal Cargas/ }).count()).toBe(0);
      const carriage = page.locator('[data-carriage]').filter({ hasText: 'MSC' }).first();
      expect((await carriage.textContent())?.replace(/\s/g, ' ')).toMatch(
        /^Armador MSC · Rota .*Cartagena.* · Transbordo Cartagena$/,
      );
      if (name === 'phone') {
        // No sideways scroll on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `warnings-comparison-${theme}-${name}`);
      if (shotsDir && name === 'phone')
        await page
          .locator('li[data-row]')
          .filter({ hasText: 'Atlântico Logística' })
          .screenshot({ path: path.join(shotsDir, `warnings-card-${theme}-phone.png`) });

      await page.goto(`/quotes/${quoteId}/approve`);
      const choice = page.getByRole('group', { name: 'Propostas dos transportadores' });
      await choice.getByText(WARNINGS[0]!).waitFor();
      await page.getByRole('radio', { name: /^Atlântico Logística/ }).check();
      await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar aprovação' });
      await confirm.getByText('Antes de aprovar').waitFor();
      const cautions = (await confirm.locator('[data-cautions] li').allTextContents()).map((text) =>
        text.replace(/\s/g, ' '),
      );
      expect(cautions[0]).toMatch(
        /^Esta não é a proposta de menor custo: Boreal Cargas \(Santos\) custa R\$ [\d.]+,\d\d a menos/,
      );
      expect(cautions.slice(1)).toEqual([
        'Há revisões pedidas e ainda não respondidas (Boreal Cargas): aprovar agora encerra a cotação sem esperá-las.',
        ...WARNINGS,
      ]);
      await confirm.getByRole('button', { name: 'Aprovar mesmo assim' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `warnings-approve-confirm-${theme}-${name}`, { fullPage: false });
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await shot(page, `warnings-approve-${theme}-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it("'Aprovar mesmo assim' approves the flagged proposal", async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}/approve`);
    await page.getByRole('radio', { name: /^Atlântico Logística/ }).check();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirmar aprovação' })
      .getByRole('button', { name: 'Aprovar mesmo assim' })
      .click();
    await page.getByRole('dialog', { name: 'Cotação aprovada' }).waitFor();
    const detail = await apiAs<{ status: string; aprovacao: { transportadorNome: string } }>(
      analyst,
      'GET',
      `/quotes/${quoteId}`,
    );
    expect(detail).toMatchObject({
      status: 'APROVADA',
      aprovacao: { transportadorNome: 'Atlântico Logística' },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
