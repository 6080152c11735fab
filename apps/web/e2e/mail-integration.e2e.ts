import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, developerEmails, gmailMailbox, signInWithForm } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';

/*
 * Configurações → 'Integração de e-mail' (issue 34, ADR 0027) against the local Google fake started by
 * global-setup.ts: generate the link, open it (the fake authorizes and sends the browser back to
 * /auth/gmail/callback with code and state), paste the code, and see the mailbox connected.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('mail integration', () => {
  it('connects a Gmail mailbox: link → Google → callback code → connected', async () => {
    const developer = {
      name: 'Dev Integração',
      email: developerEmails.mailIntegration,
      password: 'senhaForte123',
    };
    await createAccount(developer);
    const { page, context, errors } = await openPage(browser);
    await signInWithForm(page, developer);
    await page.goto('/configuracoes');
    const section = page.getByRole('region', { name: 'Integração de e-mail' });
    await section.getByText('Nenhuma caixa conectada ainda.').waitFor();

    await section.getByRole('button', { name: 'Gerar link de autorização' }).click();
    const link = section.getByRole('link', { name: 'Abrir página de autorização do Google' });
    const href = await link.getAttribute('href');
    expect(href).toContain('code_challenge_method=S256');

    await page.goto(href!);
    await page.waitForURL('**/auth/gmail/callback?**');
    await page.getByRole('heading', { name: 'Código de autorização recebido' }).waitFor();
    const code = new URL(page.url()).searchParams.get('code');
    expect(code).toBeTruthy();
    await page.getByText(code!, { exact: true }).waitFor();

    await page.goto('/configuracoes');
    await expect.poll(() => section.getByLabel('Código de autorização').inputValue()).toBe(code);
    await section.getByLabel('E-mail do Gmail').first().fill(gmailMailbox);
    await section.getByRole('button', { name: 'Conectar', exact: true }).click();
    await page.getByText(`Caixa ${gmailMailbox} conectada. A primeira sincronização já começou.`).waitFor();
    const row = section.getByRole('listitem').filter({ hasText: gmailMailbox });
    await row.getByText('Conectada').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
