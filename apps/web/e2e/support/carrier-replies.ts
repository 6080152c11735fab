import path from 'node:path';
import { api, type Credentials } from './api';
import { dataDir } from './browser';
import { listSentMail, waitForMail } from './mail';

/*
 * Carriers' answers in the browser tests, through the real pipeline:
 * - a reply to a captured e-mail, the way 'Responder como transportador' sends it (POST
 *   /api/dev/mailbox/{id}/reply, a desenvolvedor's route: the inbound pipeline gets a real RFC 822 message);
 * - an answer registered by hand ('Registrar resposta' with pasted text, POST
 *   /api/quotes/{id}/respostas/registrar), as an analyst does for one that came by phone;
 * and the wait for the extraction job that reads them in the background.
 */

/** The newest captured e-mail to `email` whose subject matches, as the local mailbox's message id. */
export async function mailIdTo(email: string, subject: RegExp): Promise<string> {
  await waitForMail(dataDir(), email, subject, 30_000);
  const mail = listSentMail(dataDir()).find(
    (item) => subject.test(item.subject) && item.to.toLowerCase().includes(email.toLowerCase()),
  );
  return path.basename(mail!.file, '.eml');
}

/** A file attached to a reply. */
export interface Attachment {
  name: string;
  type: string;
  content: string | Uint8Array;
}

/**
 * `email` answers the captured message `mailId` with `texto` (and `attachments`), sent by `developer`
 * through the dev mailbox. Answers what the pipeline made of it (`outcome`: 'resposta', …).
 */
export async function replyAsCarrier(
  developer: Credentials,
  email: string,
  mailId: string,
  texto: string,
  attachments: Attachment[] = [],
): Promise<{ outcome: string }> {
  const form = new FormData();
  form.append('from', email);
  form.append('texto', texto);
  for (const file of attachments)
    form.append(
      'anexo',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], {
        type: file.type,
      }),
      file.name,
    );
  return api(developer).postForm<{ outcome: string }>(
    `/dev/mailbox/${encodeURIComponent(mailId)}/reply`,
    form,
    { status: 201 },
  );
}

/** `email` answers the request e-mail of quote `codigo` it got (see replyAsCarrier). */
export async function replyToRequest(
  developer: Credentials,
  email: string,
  codigo: string,
  texto: string,
  attachments: Attachment[] = [],
): Promise<{ outcome: string }> {
  const mailId = await mailIdTo(email, new RegExp(`Cotação ${codigo}`));
  return replyAsCarrier(developer, email, mailId, texto, attachments);
}

/** 'Registrar resposta' with pasted text for carrier `transportadorId`, as `account`; it goes through the pipeline. */
export async function registerAnswer(
  account: Credentials,
  quoteId: string,
  transportadorId: string,
  texto: string,
): Promise<void> {
  const form = new FormData();
  form.set('transportadorId', transportadorId);
  form.set('modo', 'texto');
  form.set('texto', texto);
  await api(account).postForm(`/quotes/${quoteId}/respostas/registrar`, form, { status: 201 });
}

/** A carrier's answers to a quote (GET /api/quotes/{id}/respostas): `atual` is the current version. */
export interface AnswerEntry {
  transportadorId: string;
  atual: { id: string; extracao: string } | null;
  /** The earlier versions. */
  versoes: { extracao: string }[];
}

/** When the extraction is done, by what a test waits for. */
export const extracted = {
  /** `count` carriers' current versions were read ('concluida'). */
  concluded:
    (count: number) =>
    (entries: AnswerEntry[]): boolean =>
      entries.filter((entry) => entry.atual?.extracao === 'concluida').length === count,
  /** Every carrier answered and none of the current versions is waiting ('pendente'). */
  everyAnswer: (entries: AnswerEntry[]): boolean =>
    entries.every((entry) => entry.atual !== null && entry.atual.extracao !== 'pendente'),
  /** Each carrier has exactly `versions[its id]` versions (0 when absent), none of them waiting. */
  versions:
    (versions: Record<string, number>) =>
    (entries: AnswerEntry[]): boolean =>
      entries.every((entry) => {
        const all = entry.atual ? [entry.atual, ...entry.versoes] : entry.versoes;
        return (
          all.length === (versions[entry.transportadorId] ?? 0) &&
          all.every((version) => version.extracao !== 'pendente')
        );
      }),
};

/** Waits (up to 60 s) until the answers to `quoteId`, read as `account`, are `ready`. */
export async function waitForExtraction(
  account: Credentials,
  quoteId: string,
  ready: (entries: AnswerEntry[]) => boolean,
): Promise<void> {
  const client = api(account);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { data } = await client.get<{ data: AnswerEntry[] }>(`/quotes/${quoteId}/respostas`);
    if (ready(data)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the answers to quote ${quoteId} were not extracted within 60 s`);
}
