import { MINIMAL_PDF } from '@cotacoes/shared/samples';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAccount,
  createAccountWithCompany,
  createCarriers,
  developerEmails,
  sendQuote,
  signInWithForm,
} from './support/accounts';
import { launchBrowser, openPage, uniqueEmail } from './support/browser';
import { replyToRequest } from './support/carrier-replies';

/**
 * A carrier's reply that came in through the real pipeline (the local mailbox's 'reply as carrier', which
 * hands a real RFC 822 message to the inbound pipeline) is in the quote's conversation tab, in that
 * carrier's thread, with its text and the name of its attachment. Data path: runs on both databases.
 */

let browser: Browser;
const stamp = Date.now().toString(36);
const requester = { name: 'Regina Histórico', email: uniqueEmail('historico'), password: 'Frete2026' };
const developer = { name: 'Dora Caixa', email: developerEmails.conversation, password: 'Frete2026' };
const carrier = { nome: 'Ártico Cargas', email: `pricing@artico-${stamp}.com.br` };
const ANSWER = `Proposta Ártico ${stamp}: frete marítimo 40HC USD 2.480,00, transit time 30 dias.`;
const FILE = `proposta-artico-${stamp}.pdf`;
let quoteId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(requester, 'Importadora Histórico');
  await createAccount(developer);
  const ids = await createCarriers(requester, [carrier]);
  const quote = await sendQuote(requester, ids, {
    nomeSolicitante: requester.name,
    referenciaProcesso: `IMP-HIST-${stamp}`,
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    tempoTransito: null,
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '20 pallets', dimensoes: null }],
  });
  quoteId = quote.id;
  // 'Responder como transportador' through its API, to the request as the carrier got it in the local
  // mailbox (the outbox sends it within seconds), with a PDF attached.
  expect(
    await replyToRequest(
      developer,
      carrier.email,
      quote.codigo,
      `Prezados,\n\n${ANSWER}\n\nAtenciosamente,\nÁrtico Cargas`,
      [{ name: FILE, type: 'application/pdf', content: MINIMAL_PDF }],
    ),
  ).toMatchObject({ outcome: 'resposta' });
});
afterAll(async () => {
  await browser?.close();
});

it("a reply received by the pipeline is in the carrier's thread with its text and attachment", async () => {
  const { page, context, errors } = await openPage(browser);
  await signInWithForm(page, requester);
  await page.goto(`/quotes/${quoteId}?aba=historico`);
  const history = page.getByRole('region', { name: 'Histórico de Emails dos Transportadores' });
  const thread = history.getByRole('region', { name: carrier.nome });
  await thread.getByText('Início').waitFor();
  expect(await thread.getByRole('listitem').count()).toBe(2);
  // Closed, the reply shows its first words and its file's name (attachments are prefetched).
  await thread.getByText(`1 anexo(s): ${FILE}`).waitFor();
  const reply = thread.getByRole('button', { expanded: false }).filter({ hasText: 'Proposta Ártico' });
  await reply.click();
  // Open, its whole text (a text-only e-mail is shown as text).
  await thread.locator('pre', { hasText: ANSWER }).waitFor();
  await thread.getByRole('button', { name: `Baixar ${FILE}` }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
