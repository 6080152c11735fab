import type { TestProject } from 'vitest/node';
import { startFakeCnpjServer } from '../../api/test/fakes/cnpj-server';
import { startFakeGoogle } from '../../api/test/fakes/google-server';
import { startFakePtaxServer } from '../../api/test/fakes/ptax-server';
import { startFakeRatesServer } from '../../api/test/fakes/rates-server';
import { developerEmails, gmailMailbox } from './support/accounts';
import { hasChromium } from './support/chromium';
import { buildWeb, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * Builds the web app, starts the real API on a free port with a fresh DATA_DIR (its CNPJ look-up answered
 * by the local BrasilAPI fake, the PTAX by the local Olinda fake, Google and Gmail by the local Google fake,
 * fixed e-mails made desenvolvedor), and
 * stops them afterwards.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium()) return;
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  const cnpj = await startFakeCnpjServer();
  // The comparison's PTAX rate comes from the Banco Central's contract, answered locally.
  const ptax = await startFakePtaxServer();
  // The rates shown beside the figures (AwesomeAPI's contract), answered locally too.
  const rates = await startFakeRatesServer();
  // Google (OAuth + Gmail API) for the mail integration in Configurações (issue 34), answered locally.
  const google = await startFakeGoogle({ mailboxes: [gmailMailbox] });
  const server = await startServer({
    CNPJ_API_URL: cnpj.url,
    PTAX_API_URL: ptax.url,
    RATES_API_URL: rates.url,
    ADMIN_EMAILS: Object.values(developerEmails).join(','),
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER_URL: google.url,
    GMAIL_API_URL: google.url,
    GMAIL_POLL_SECONDS: '3600',
  }).catch(async (error) => {
    await cnpj.close();
    await ptax.close();
    await rates.close();
    await google.close();
    throw error;
  });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
    await cnpj.close();
    await ptax.close();
    await rates.close();
    await google.close();
  };
}
