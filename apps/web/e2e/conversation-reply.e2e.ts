import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Account,
  apiAs,
  createAccount,
  createAccountWithCompany,
  developerEmails,
  signInWithForm,
} from './support/accounts';
import { baseURL, dataDir, launchBrowser, openPage, uniqueEmail } from './support/browser';
import { listSentMail } from './support/mail';

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
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
let quoteId = '';

/** 'Responder como transportador' through its API: POST /api/dev/mailbox/{id}/reply as a desenvolvedor. */
async function replyAsCarrier(account: Account, mailboxId: string): Promise<{ outcome: string }> {
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const form = new FormData();
  form.append('from', carrier.email);
  form.append('texto', `Prezados,\n\n${ANSWER}\n\nAtenciosamente,\nÁrtico Cargas`);
  form.append('anexo', new Blob([PDF], { type: 'application/pdf' }), FILE);
  const response = await fetch(`${baseURL()}/api/dev/mailbox/${encodeURIComponent(mailboxId)}/reply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`reply answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { outcome: string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createAccountWithCompany(requester, 'Importadora Histórico');
  await createAccount(developer);
  const { id } = await apiAs<{ id: string }>(requester, 'POST', '/transporters', { ...carrier, ativo: true });
  const quote = await apiAs<{ id: string; codigo: string }>(requester, 'POST', '/quotes', {
    nomeSolicitante: requester.name,
    referenciaProcesso: `IMP-HIST-${stamp}`,
    tipoFrete: 'FCL',
    metodoEnvio: 'EMAIL',
    modoEnvio: 'individual',
    destinatarios: { transportadores: [id], grupos: [] },
    origem: 'Xangai, China',
    destino: 'Santos, SP',
    incoterm: 'FOB',
    itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '20 pallets', dimensoes: null }],
  });
  quoteId = quote.id;
  // The request as the carrier got it, in the local mailbox (the outbox sends it within seconds).
  let request: string | undefined;
  for (let tries = 0; !request && tries < 120; tries++) {
    request = listSentMail(dataDir()).find(
      (mail) => mail.to.includes(carrier.email) && mail.subject.includes(quote.codigo),
    )?.file;
    if (!request) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!request) throw new Error('the request never reached the local mailbox');
  expect(await replyAsCarrier(developer, path.basename(request, '.eml'))).toMatchObject({
    outcome: 'resposta',
  });
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
