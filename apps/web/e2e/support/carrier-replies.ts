import path from 'node:path';
import type { Account } from './accounts';
import { baseURL, dataDir } from './browser';
import { listSentMail, waitForMail } from './mail';

/*
 * Carriers answering through the real pipeline in the browser tests: the newest captured e-mail to a
 * carrier, answered the way 'Responder como transportador' answers it (POST /api/dev/mailbox/{id}/reply,
 * a desenvolvedor's route). Shared by decisions, warnings and carry-over.
 */

/** A bearer token of `account` (signed in through the API). */
export async function tokenOf(account: Account): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The newest captured e-mail to `email` whose subject matches, as the local mailbox's message id. */
export async function mailIdTo(email: string, subject: RegExp): Promise<string> {
  await waitForMail(dataDir(), email, subject, 30_000);
  const mail = listSentMail(dataDir()).find(
    (item) => subject.test(item.subject) && item.to.toLowerCase().includes(email.toLowerCase()),
  );
  return path.basename(mail!.file, '.eml');
}

/** `email` answers the captured message `mailId` with `texto`, sent by `developer` through the dev mailbox. */
export async function replyAsCarrier(
  developer: Account,
  email: string,
  mailId: string,
  texto: string,
): Promise<void> {
  const form = new FormData();
  form.append('from', email);
  form.append('texto', texto);
  const response = await fetch(`${baseURL()}/api/dev/mailbox/${encodeURIComponent(mailId)}/reply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(developer)}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`reply answered ${response.status}: ${await response.text()}`);
}
