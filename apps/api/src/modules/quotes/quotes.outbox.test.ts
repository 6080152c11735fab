import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QuoteDetail } from '@cotacoes/shared';
import { afterAll, expect, it } from 'vitest';
import { onboardedCompany, validCnpj } from '../../../test/factories/index.js';
import { startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { openTestDatabase, waitFor } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config/env.js';

/**
 * R1: the quote and its e-mails are committed together; if the process stops after the commit and
 * before anything is sent, the next process delivers every request — with the Message-IDs stored.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('a quote committed by a process that never sent its e-mails is delivered by the next one', async () => {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const { database, drop } = await openTestDatabase();
  cleanups.push(drop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-quote-outbox-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1:3000',
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });

  // Process 1 runs no outbox worker (an API replica): the quote's e-mails are committed but never sent,
  // as if the process died right after the commit.
  const first = await buildApp({ config, database, workers: false, logger: false });
  await first.ready();
  const {
    supervisor: { token },
  } = await onboardedCompany(first, {
    email: 'ana@outbox.com.br',
    nome: 'Outbox',
    cnpj: validCnpj(6001),
    name: 'Ana',
  });
  const auth = { authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (const email of ['a@agente-um.com', 'b@agente-dois.com']) {
    const carrier = await first.inject({
      method: 'POST',
      url: '/api/transporters',
      headers: auth,
      payload: { nome: email, email },
    });
    ids.push(carrier.json().id);
  }
  const created = await first.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: auth,
    payload: {
      nomeSolicitante: 'Ana',
      referenciaProcesso: 'CRASH-1',
      tipoFrete: 'FCL',
      origem: 'Ningbo',
      destino: 'Itajaí',
      modoEnvio: 'individual',
      destinatarios: { transportadores: ids, grupos: [] },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const quote: QuoteDetail = created.json();
  expect(quote.destinatarios.map((d) => d.estadoEnvio)).toEqual(['pendente', 'pendente']);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(sink.messages).toHaveLength(0);
  await first.close();

  // Process 2: starts on the same database and delivers what was left.
  const second = await buildApp({ config, database, workers: true, workerPollSeconds: 0.5, logger: false });
  cleanups.push(() => second.close());
  await second.ready();
  await waitFor(() => sink.messages.length >= 2 || undefined, 15_000);
  expect(sink.messages.map((m) => m.to.join(',')).sort()).toEqual(['a@agente-um.com', 'b@agente-dois.com']);
  const detail: QuoteDetail = await waitFor(async () => {
    const response = await second.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: auth });
    const body: QuoteDetail = response.json();
    return body.destinatarios.every((d) => d.estadoEnvio === 'enviado') ? body : undefined;
  });
  expect(detail.destinatarios).toHaveLength(2);
  // Nothing is sent twice.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(sink.messages).toHaveLength(2);
});
