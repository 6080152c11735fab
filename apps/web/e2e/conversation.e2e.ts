import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/a11y';
import { createAccountWithCompany, createCarriers, sendQuote, signInWithForm } from './support/accounts';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';

/**
 * The conversation history of a quote ('Histórico de Emails dos Transportadores') against the real API:
 * a quote sent in bcc to two carriers shows the request in each carrier's thread as 'Início'; the filter
 * is remembered; the request's PDF downloads; axe finds nothing serious in both themes and on a phone.
 * Screenshots go to $CONVERSATION_SHOTS (default /tmp/conversation-shots) for a visual review.
 */

let browser: Browser;
let quoteId = '';
const requester = { name: 'Renata Conversa', email: uniqueEmail('conversa'), password: 'Frete2026' };
const shots = process.env.CONVERSATION_SHOTS ?? '/tmp/conversation-shots';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
  await createAccountWithCompany(requester, 'Importadora Conversa');
  const ids = await createCarriers(requester, [
    { nome: 'Atlântico Logística', email: 'comercial@atlantico-conversa.com.br' },
    { nome: 'Boreal Cargas', email: 'cotacao@boreal-conversa.com.br' },
  ]);
  const quote = await sendQuote(requester, ids, {
    nomeSolicitante: 'Renata Conversa',
    referenciaProcesso: 'IMP-CONVERSA-001',
    // One message to both carriers in Cco (the API's default), which the message's headers show.
    modoEnvio: 'bcc',
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '20 pallets', dimensoes: null }],
  });
  quoteId = quote.id;
});
afterAll(async () => {
  await browser?.close();
});

async function openHistory(page: Page) {
  await page.goto(`/quotes/${quoteId}`);
  await page.getByRole('tab', { name: 'Histórico de Emails dos Transportadores' }).click();
  return page.getByRole('region', { name: 'Histórico de Emails dos Transportadores' });
}

describe('conversation history', () => {
  it('shows the request in every thread, filters, remembers the filter and downloads the PDF', async () => {
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, requester);
    const history = await openHistory(page);
    const atlantico = history.getByRole('region', { name: 'Atlântico Logística' });
    const boreal = history.getByRole('region', { name: 'Boreal Cargas' });
    await atlantico.getByText('Início').waitFor();
    await boreal.getByText('Início').waitFor();
    expect(await atlantico.getByRole('listitem').count()).toBe(1);
    await atlantico.getByText(/^1 anexo\(s\): .+\.pdf$/).waitFor();

    await history.getByRole('button', { name: 'Recebidos' }).click();
    await history.getByText('Nenhum e-mail neste filtro.').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Histórico de Emails dos Transportadores' }).click();
    await page.getByText('Nenhum e-mail neste filtro.').waitFor();
    expect(await page.getByRole('button', { name: 'Recebidos' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Todos', exact: true }).click();

    // Keyboard: the message opens with Enter, shows its headers and its attachment.
    const message = page.getByRole('region', { name: 'Atlântico Logística' }).getByRole('button', {
      expanded: false,
    });
    await message.focus();
    await page.keyboard.press('Enter');
    const thread = page.getByRole('region', { name: 'Atlântico Logística' });
    await thread.getByText('Cco').waitFor();
    const frame = thread.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const download = page.waitForEvent('download');
    await thread.getByRole('button', { name: /^Baixar .+\.pdf$/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByText('1 anexo(s) baixado(s) com sucesso!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [label, options] of [
    ['light', { colorScheme: 'light' as const }],
    ['dark', { colorScheme: 'dark' as const }],
    ['phone', { colorScheme: 'light' as const, viewport: { width: 390, height: 844 } }],
  ] as const) {
    it(`axe finds nothing serious (${label}), with a message open`, async () => {
      const { page, context, errors } = await openPage(browser, options);
      const theme = options.colorScheme;
      // Init scripts run in every frame; the e-mail's sandboxed frame has no storage.
      await page.addInitScript((value) => {
        if (window.top === window) localStorage.setItem('theme', value);
      }, theme);
      await signInWithForm(page, requester);
      const history = await openHistory(page);
      // Every tab's label within the screen's width: none hides past the edge of a row scrolled sideways.
      const tabs = await page
        .getByRole('tablist')
        .evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth }));
      expect(tabs.scroll).toBeLessThanOrEqual(tabs.client);
      const atlantico = history.getByRole('region', { name: 'Atlântico Logística' });
      await atlantico.getByRole('button', { expanded: false }).click();
      await atlantico.getByText('Cco').waitFor();
      await atlantico.getByRole('button', { name: /^Baixar .+\.pdf$/ }).waitFor();
      // The e-mail's own frame runs no scripts (sandbox=""), so axe cannot enter it.
      expect(await seriousViolations(page, { exclude: ['iframe[sandbox]'] })).toEqual([]);
      await page.screenshot({ path: path.join(shots, `conversation-${label}.png`), fullPage: true });
      // A full-page capture leaves the out-of-view e-mail frame blank: one more with it in view.
      await atlantico.locator('iframe').scrollIntoViewIfNeeded();
      // The e-mail itself, drawn inside its sandboxed frame (not an empty box).
      await atlantico.frameLocator('iframe').getByText('Prezados,').waitFor();
      await page.screenshot({ path: path.join(shots, `conversation-${label}-email.png`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
