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
import { dataDir, launchBrowser, openPage, uniqueEmail, waitForTitle } from './support/browser';
import { extracted, mailIdTo, replyAsCarrier, waitForExtraction } from './support/carrier-replies';
import { waitForMail } from './support/mail';

/**
 * Comparison, correction, revision and approval end to end (issue #14) against the real API: a quote goes
 * to three carriers and their replies come through the real inbound pipeline (one in BRL, one with two
 * destinations, one without transit time); in the browser the analyst sorts the table, corrects a value,
 * asks one carrier for a revision (the e-mail reaches the local mailbox), sees the revised version with
 * its change, and approves that carrier for one destination; the quote ends in 'Cotações Finalizadas' as
 * Aprovada. Then axe in both themes and on a phone. DECISIONS_SHOTS=<dir> saves screenshots.
 */

let browser: Browser;
const analyst: Account = { name: 'Ana Decisão', email: uniqueEmail('ana.decisao'), password: 'Frete2026' };
/** Replies are injected as the carriers through the local mailbox's API, which is for desenvolvedores. */
const developer: Account = { name: 'Davi Decisões', email: developerEmails.decisions, password: 'Frete2026' };
/** A carrier answers a captured message: the path of 'Responder como transportador' (real pipeline). */
const replyAs = (email: string, mailId: string, texto: string) =>
  replyAsCarrier(developer, email, mailId, texto);
const stamp = Date.now().toString(36);
const carriers = {
  atlantico: { nome: 'Atlântico Logística', email: `comercial@atlantico-${stamp}.com.br` },
  boreal: { nome: 'Boreal Cargas', email: `cotacao@boreal-${stamp}.com.br` },
  delta: { nome: 'Delta Shipping', email: `pricing@delta-${stamp}.com.br` },
};
const REFERENCE = `IMP-DEC-${stamp}`;
const shotsDir = process.env.DECISIONS_SHOTS;

const replies = {
  atlantico: [
    'Prezados,',
    '',
    'Segue nossa proposta Xangai x Santos:',
    'Frete marítimo 40HC: USD 2.950,00',
    'THC destino: BRL 1.450,00 por contêiner',
    'BL fee: USD 75,00 por BL',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Atlântico Logística',
  ].join('\n'),
  boreal: [
    'Prezados, bom dia.',
    '',
    'Segue nossa proposta Xangai x Santos, valores em reais:',
    'Frete marítimo 40HC: R$ 15.800,00',
    'THC: R$ 1.300,00 por contêiner',
    'Taxa de BL: R$ 420,00',
    'Transit time: 28 dias',
    'Free time: 21 dias no destino',
    'Validade: 31/12/2026',
    '',
    'Atenciosamente,',
    'Boreal Cargas',
  ].join('\n'),
  delta: (santos: string, itajai: string, transit: string | null) =>
    [
      'Prezados,',
      '',
      'Segue nossa proposta Xangai x Santos / Itajaí:',
      '',
      'Destino | Frete 40HC (USD)',
      `Santos | ${santos}`,
      `Itajaí | ${itajai}`,
      '',
      'THC: BRL 1.400,00 por contêiner',
      ...(transit ? [`Transit time: ${transit}`] : []),
      'Free time: 14 dias no destino',
      'Validade: 31/12/2026',
      '',
      'Atenciosamente,',
      'Delta Shipping',
    ].join('\n'),
};

/** A full-page screenshot, or the viewport when a dialog is open (a modal is centred in the viewport). */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

const table = (page: Page) =>
  page.getByRole('table', { name: 'Propostas dos transportadores, uma linha por destino' });
/** The body rows' carrier names, in the order shown. */
const carrierOrder = (page: Page) =>
  table(page).locator('tbody tr[data-row] th > span:first-child').allTextContents();
const rowOf = (page: Page, nome: string, destino?: string): Locator => {
  // By the carrier's own cell: another row's estimate may name it ("completando com BL FEE de Boreal Cargas").
  const rows = table(page)
    .locator('tbody tr[data-row]')
    .filter({ has: page.locator('xpath=./*[1]', { hasText: nome }) });
  return destino ? rows.filter({ has: page.locator('[data-destino]', { hasText: destino }) }) : rows;
};
/** Intl writes 'R$' and the amount with a no-break space. */
const textOf = async (locator: Locator) => (await locator.textContent())?.replace(/\s/g, ' ') ?? '';

let quoteId = '';
let codigo = '';
const carrierIds: Record<keyof typeof carriers, string> = { atlantico: '', boreal: '', delta: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(analyst, 'Importadora Decisões');
  await createAccount(developer);
  Object.assign(carrierIds, await createCarriers(analyst, carriers));
  const quote = await sendQuote(analyst, Object.values(carrierIds), {
    nomeSolicitante: analyst.name,
    referenciaProcesso: REFERENCE,
    prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    tempoTransito: 'até 35 dias',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '1 contêiner 40HC', dimensoes: null }],
  });
  quoteId = quote.id;
  codigo = quote.codigo;
  const request = new RegExp(`Cotação ${codigo}`);
  await replyAs(
    carriers.atlantico.email,
    await mailIdTo(carriers.atlantico.email, request),
    replies.atlantico,
  );
  await replyAs(carriers.boreal.email, await mailIdTo(carriers.boreal.email, request), replies.boreal);
  await replyAs(
    carriers.delta.email,
    await mailIdTo(carriers.delta.email, request),
    replies.delta('2.700,00', '2.600,00', null),
  );
  await waitForExtraction(
    analyst,
    quoteId,
    extracted.versions({ [carrierIds.atlantico]: 1, [carrierIds.boreal]: 1, [carrierIds.delta]: 1 }),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('comparison, correction, revision and approval', () => {
  it('sorts, opens a source, corrects a value, asks for a revision and shows the revised version', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}`);
    await waitForTitle(page, `COTAÇÃO #${codigo} | Sistema de Cotações`);

    // The rate every total uses (the PTAX fake's bulletin) and one row per response and destination.
    await page.getByText(/^PTAX de \d{2}\/\d{2}\/\d{4}: R\$ 5,1177 \+ margem 2,5 % = R\$ 5,2456$/).waitFor();
    await rowOf(page, 'Delta Shipping', 'Itajaí').waitFor();
    expect(await table(page).locator('tbody tr[data-row]').count()).toBe(4);
    await page.getByText('3 de 3 responderam').waitFor();
    // Itajaí has the §9 road cost; Boreal's freight is in reals.
    expect(await textOf(rowOf(page, 'Delta Shipping', 'Itajaí'))).toContain('+ rodoviário R$ 1.035,00');
    expect(await textOf(rowOf(page, 'Boreal Cargas'))).toContain('R$ 15.800,00');
    expect(await rowOf(page, 'Boreal Cargas').getByText('Menor prazo').count()).toBe(1);
    expect(await table(page).getByText('Menor custo').count()).toBe(1);
    expect(
      await rowOf(page, 'Delta Shipping', 'Itajaí')
        .getByRole('link', { name: 'Aprovar proposta de Delta Shipping para Itajaí' })
        .getAttribute('href'),
    ).toMatch(new RegExp(`^/quotes/${quoteId}/approve\\?resposta=[0-9a-f-]{36}&destino=Itaja%C3%AD$`));
    await shot(page, 'flow-comparison');

    // Sort by transit time: the carrier that did not say comes last (999 days), first going down.
    const transitHeader = page.getByRole('columnheader', { name: /Transit time/ });
    await page.getByRole('button', { name: /Ordenar por Transit time/ }).click();
    await expect.poll(() => transitHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await carrierOrder(page)).toEqual([
      'Boreal Cargas',
      'Atlântico Logística',
      'Delta Shipping',
      'Delta Shipping',
    ]);
    await page.getByRole('button', { name: /Ordenar por Transit time/ }).press('Enter');
    await expect.poll(() => transitHeader.getAttribute('aria-sort')).toBe('descending');
    expect((await carrierOrder(page))[0]).toBe('Delta Shipping');

    // Where a figure came from: the line of Atlântico's e-mail, and the message in the history.
    const atlantico = rowOf(page, 'Atlântico Logística');
    await atlantico.getByRole('button', { name: /^Frete 40.*Ver de onde veio$/ }).click();
    const source = page.getByRole('dialog', { name: 'Origem do valor' });
    await source.getByText('Frete marítimo 40HC: USD 2.950,00').waitFor();
    await source.getByText(/^Corpo do e-mail · Linha \d+$/).waitFor();
    expect(
      await source.getByRole('link', { name: 'Ver mensagem no histórico' }).getAttribute('href'),
    ).toMatch(/\?aba=historico&mensagem=/);
    await source.getByRole('button', { name: 'Fechar' }).last().click();

    // Correct Atlântico's freight inline: a pt-BR number, Enter saves, the marker keeps the original.
    await atlantico.getByRole('button', { name: /^Corrigir Frete 40/ }).click();
    const input = page.getByRole('textbox', { name: /^Novo valor de Frete 40/ });
    await input.fill('abc');
    await input.press('Enter');
    await page.getByText('Informe um número válido (ex.: 1.250,00).').waitFor();
    await input.fill('2.900,00');
    await input.press('Enter');
    await page.getByText(/^Valor corrigido: Frete 40/).waitFor();
    await atlantico.getByRole('button', { name: /^Frete 40.*2\.900,00\. Ver de onde veio$/ }).waitFor();
    const marker = atlantico.locator('[title^="Corrigido por Ana Decisão em "]');
    expect(await marker.getAttribute('title')).toMatch(/ — valor extraído: 2\.950,00$/);

    // Ask Delta for a revision: the message starts from what its answer lacks.
    await rowOf(page, 'Delta Shipping', 'Santos')
      .getByRole('button', { name: 'Revisar proposta de Delta Shipping' })
      .click();
    const revision = page.getByRole('dialog', { name: 'Solicitar revisão a Delta Shipping' });
    const message = revision.getByRole('textbox', { name: 'Mensagem' });
    expect(await message.inputValue()).toMatch(/transit time/i);
    await message.fill(`${await message.inputValue()}\nPodem melhorar o frete para Itajaí?`);
    await revision.getByRole('button', { name: 'Enviar pedido de revisão' }).click();
    await page.getByText('Pedido de revisão enviado a Delta Shipping.').waitFor();
    await revision.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Informações' }).getByText('Aguardando Revisão').waitFor();
    // The e-mail went into Delta's thread (the local transport's sink).
    const revisionSubject = new RegExp(`^Re: Cotação ${codigo}`);
    const revisionMail = await waitForMail(dataDir(), carriers.delta.email, revisionSubject, 30_000);
    expect(revisionMail.text).toContain('Podem melhorar o frete para Itajaí?');

    // Delta answers the revision: version 2, cheaper, with transit time; the table shows the change.
    await replyAs(
      carriers.delta.email,
      await mailIdTo(carriers.delta.email, revisionSubject),
      replies.delta('2.500,00', '2.450,00', '30 dias'),
    );
    const santos = rowOf(page, 'Delta Shipping', 'Santos');
    await santos.getByText('Versão 2').waitFor({ timeout: 60_000 });
    await santos.getByText('▼ 200,00 USD').waitFor({ timeout: 30_000 });
    await rowOf(page, 'Delta Shipping', 'Itajaí').getByText('▼ 150,00 USD').waitFor();
    await santos.getByRole('button', { name: /^Transit time \(dias\): 30 dias/ }).waitFor();
    // On a 1280 px laptop screen every column is in view: the table does not scroll sideways.
    const overflow = await table(page).evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return element.scrollWidth - box.clientWidth;
    });
    await shot(page, 'flow-revised');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe.skipIf(Boolean(process.env.DATA_PATHS_ONLY))('axe and screenshots', () => {
    describe.each(['light', 'dark'] as const)('%s theme', (theme) => {
      it.each([
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const)('comparison, source, correction, revision and approval (%s)', async (name, viewport) => {
        expect(quoteId).not.toBe('');
        const { page, errors, context } = await openPage(browser, { viewport });
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await signInWithForm(page, analyst);

        await page.goto(`/quotes/${quoteId}`);
        await page.getByText(/^PTAX de /).waitFor();
        const figures = page.getByRole('button', { name: /^Frete 40.*Ver de onde veio$/ });
        await figures.first().waitFor();
        await page
          .getByRole('button', { name: /^Ver linhas \(\d+\) das taxas de / })
          .first()
          .click();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `comparison-${theme}-${name}`);

        await figures.first().click();
        const source = page.getByRole('dialog', { name: 'Origem do valor' });
        await source.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `source-${theme}-${name}`, { fullPage: false });
        await source.getByRole('button', { name: 'Fechar' }).last().click();

        await page
          .getByRole('button', { name: /^Corrigir Frete 40/ })
          .first()
          .click();
        const input = page.getByRole('textbox', { name: /^Novo valor de Frete 40/ });
        await input.fill('x');
        await input.press('Enter');
        await page.getByText('Informe um número válido (ex.: 1.250,00).').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await input.press('Escape');

        await page.getByRole('button', { name: 'Revisar Todos' }).click();
        const revision = page.getByRole('dialog', { name: 'Solicitar revisão a todos' });
        await revision.getByRole('textbox', { name: 'Mensagem' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `revision-${theme}-${name}`, { fullPage: false });
        await revision.getByRole('button', { name: 'Cancelar' }).click();

        await page.goto(`/quotes/${quoteId}/approve`);
        await page.getByRole('group', { name: 'Propostas dos transportadores' }).waitFor();
        await page.getByRole('radio', { name: /^Delta Shipping/ }).check();
        await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
        await page.getByRole('dialog', { name: 'Destino Não Selecionado' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `approve-destination-${theme}-${name}`, { fullPage: false });
        await page.getByRole('button', { name: 'OK' }).click();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `approve-${theme}-${name}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    });
  });

  it('approves Delta for Itajaí: success for 2 s, /sent-quotes, the quote Aprovada in Finalizadas', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInWithForm(page, analyst);
    await page.goto(`/quotes/${quoteId}/approve`);
    await page.getByRole('heading', { level: 1, name: `Aprovar Cotação ${codigo}` }).waitFor();
    // The status as on every screen (issue 30), not the approval screen's own 'Aberta'.
    await page
      .getByText(/^Aguardando (Aprovação|Resposta)$/)
      .first()
      .waitFor();

    // Delta's proposal has two destinations: approving it asks which one.
    await page.getByRole('radio', { name: /^Delta Shipping/ }).check();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const missing = page.getByRole('dialog', { name: 'Destino Não Selecionado' });
    await missing.getByText('Por favor, selecione um destino específico para aprovar a cotação.').waitFor();
    await missing.getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('group', { name: 'Destino da proposta de Delta Shipping' })
      .getByRole('radio', { name: /^Itajaí/ })
      .check();
    await page
      .getByRole('checkbox', { name: 'Avisar os demais agentes de carga que não foram selecionados' })
      .check();
    await page
      .getByRole('checkbox', { name: 'Incluir quanto acima ficou o preço (sem revelar o vencedor)' })
      .check();
    await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar aprovação' });
    await confirm.getByText(/Aprovar a proposta de Delta Shipping para Itajaí\?/).waitFor();
    // Delta quotes no BL fee, which the others quote (issue 30): its rows are incomplete, and completed at
    // the dearest BL fee quoted still dearer than the cheapest; the confirmation says so, compares it
    // completed with the cheapest and asks 'mesmo assim' (QA pass 26).
    await confirm.getByText(/^Esta proposta está incompleta \(sem BL FEE\)/).waitFor();
    await confirm
      .getByText(
        /^Completada com BL FEE de .+, ela custaria R\$\s.+ \(estimado\): R\$\s.+ a mais que .+ \(Santos\)/,
      )
      .waitFor();
    expect(await confirm.getByText(/custa .* a menos/).count()).toBe(0);
    await confirm.getByRole('button', { name: 'Aprovar mesmo assim' }).click();
    const success = page.getByRole('dialog', { name: 'Cotação aprovada' });
    await success.getByText('Delta Shipping foi aprovado. Você será levado às cotações enviadas.').waitFor();
    await shot(page, 'approve-success', { fullPage: false });
    await page.waitForURL('**/sent-quotes', { timeout: 10_000 });

    // The quote is in 'Cotações Finalizadas' as Aprovada.
    await page.getByRole('tab', { name: /Cotações Finalizadas/ }).click();
    const finished = page
      .getByRole('table', { name: 'Cotações' })
      .getByRole('row')
      .filter({ hasText: REFERENCE });
    await finished.getByText('Aprovada').waitFor();
    await shot(page, 'sent-quotes-finished');

    // The approved carrier heard back; the others were told, without the winner's name.
    const approval = await waitForMail(
      dataDir(),
      carriers.delta.email,
      new RegExp(`^Cotação ${codigo} aprovada$`),
      30_000,
    );
    expect(approval.text).toContain('Itajaí');
    for (const other of [carriers.atlantico, carriers.boreal]) {
      const notice = await waitForMail(
        dataDir(),
        other.email,
        new RegExp(`^Cotação ${codigo}: resultado$`),
        30_000,
      );
      expect(notice.text).not.toContain('Delta');
    }

    // The detail names the approved carrier and offers no approval any more.
    await page.goto(`/quotes/${quoteId}`);
    const info = page.getByRole('region', { name: 'Informações' });
    await info.getByText('Delta Shipping (Itajaí)').waitFor();
    await table(page).waitFor();
    expect(await page.getByRole('link', { name: /^Aprovar proposta/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Revisar Todos' }).count()).toBe(0);
    await page.goto(`/quotes/${quoteId}/approve`);
    await page.getByText('Esta cotação já foi aprovada.').waitFor();
    await page.getByText(/^Aprovada para Delta Shipping \(Itajaí\) por Ana Decisão em /).waitFor();
    if (!process.env.DATA_PATHS_ONLY) expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'approve-done');
    expect(errors).toEqual([]);
    await context.close();
  });
});
