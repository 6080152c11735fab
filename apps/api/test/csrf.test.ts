import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, companyWithSupervisor, signUp, validCnpj } from './factories/index.js';
import { createTestApp, type TestContext } from './helpers.js';

const EVIL = 'http://evil.example';
let ctx: TestContext;
let own: string;
let supervisor: { token: string };
let empresaId: string;
let cnpj: string;

beforeAll(async () => {
  ctx = await createTestApp();
  own = new URL(ctx.config.APP_URL).origin;
  cnpj = validCnpj(515_151);
  const company = await companyWithSupervisor(ctx, 'sup@csrf.com.br', 'CSRF', cnpj);
  supervisor = company.supervisor;
  empresaId = company.empresaId;
});
afterAll(async () => {
  await ctx?.close();
});

const cookie = () => `cotacoes_session=${supervisor.token}`;

async function joinRequest(email: string): Promise<string> {
  const requester = await signUp(ctx, email);
  const asked = await caller(ctx)('POST', `/api/empresas/join/${empresaId}`, requester.token, { cnpj });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id;
}

async function pendingIds(): Promise<string[]> {
  const list = await caller(ctx)('GET', '/api/empresas/my-company/join-requests', supervisor.token);
  return list.json().map((request: { id: string }) => request.id);
}

async function carrierAndGroup(): Promise<{ carrier: string; group: string }> {
  const call = caller(ctx);
  const n = Math.random().toString(36).slice(2, 8);
  const carrier = await call('POST', '/api/transporters', supervisor.token, {
    nome: `Agente ${n}`,
    email: `agente-${n}@frete.com.br`,
  });
  const group = await call('POST', '/api/groups', supervisor.token, { nome: `Grupo ${n}` });
  return { carrier: carrier.json().id, group: group.json().id };
}

async function quoteCount(): Promise<number> {
  return (await caller(ctx)('GET', '/api/quotes?tab=enviadas', supervisor.token)).json().total;
}

function quoteForm(carrier: string) {
  const boundary = '----csrfform';
  const fields: Record<string, string> = {
    nomeSolicitante: 'Forjado',
    referenciaProcesso: `CSRF-${Date.now()}`,
    tipoFrete: 'FCL',
    origem: 'Shanghai',
    destino: 'Santos',
    'destinatarios[transportadores]': JSON.stringify([carrier]),
  };
  const payload = `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')}--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('cross-site requests with the session cookie (issue 18)', () => {
  it('refuses approving a join request (JSON route, no body) from a foreign Origin, then allows our own', async () => {
    const id = await joinRequest('pede-csrf@teste.com.br');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/empresas/join-requests/${id}/approve`,
      headers: { cookie: cookie(), origin: EVIL },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({
      code: 'CSRF_ORIGIN_REFUSED',
      message:
        'Requisição recusada: ela não partiu das páginas do Sistema de Cotações. Recarregue a página e tente novamente.',
    });
    const byReferer = await ctx.app.inject({
      method: 'POST',
      url: `/api/empresas/join-requests/${id}/approve`,
      headers: { cookie: cookie(), referer: `${EVIL}/pagina` },
    });
    expect(byReferer.statusCode).toBe(403);
    const opaque = await ctx.app.inject({
      method: 'POST',
      url: `/api/empresas/join-requests/${id}/approve`,
      headers: { cookie: cookie(), origin: 'null' },
    });
    expect(opaque.statusCode).toBe(403);
    expect(await pendingIds()).toContain(id);

    const fromApp = await ctx.app.inject({
      method: 'POST',
      url: `/api/empresas/join-requests/${id}/approve`,
      headers: { cookie: cookie(), origin: own },
    });
    expect(fromApp.statusCode, fromApp.body).toBe(200);
    expect(await pendingIds()).not.toContain(id);
  });

  it('refuses creating (and mailing) a quote from multipart form fields sent by a foreign page', async () => {
    const { carrier } = await carrierAndGroup();
    const before = await quoteCount();
    const form = quoteForm(carrier);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      headers: { cookie: cookie(), origin: EVIL, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_ORIGIN_REFUSED');
    expect(await quoteCount()).toBe(before);

    const fromApp = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      headers: { cookie: cookie(), referer: `${own}/quotes`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(fromApp.statusCode, fromApp.body).toBe(201);
    expect(await quoteCount()).toBe(before + 1);
  });

  it('refuses adding a group member with a text/plain body, cross-site or not', async () => {
    const { carrier, group } = await carrierAndGroup();
    const url = `/api/groups/${group}/transporters/${carrier}`;
    const members = async () =>
      (await caller(ctx)('GET', '/api/groups', supervisor.token))
        .json()
        .find((g: { id: string }) => g.id === group).transportadores.length;
    const forged = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookie(), origin: EVIL, 'content-type': 'text/plain' },
      payload: 'x=1',
    });
    expect(forged.statusCode).toBe(403);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const wrongBody = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookie(), origin: own, 'content-type': type },
        payload: 'x=1',
      });
      expect(wrongBody.statusCode, type).toBe(415);
      expect(wrongBody.json()).toMatchObject({
        code: 'JSON_BODY_REQUIRED',
        message: 'Envie os dados em JSON (Content-Type: application/json).',
      });
    }
    expect(await members()).toBe(0);
    const fromApp = await ctx.app.inject({ method: 'POST', url, headers: { cookie: cookie(), origin: own } });
    expect(fromApp.statusCode, fromApp.body).toBeLessThan(300);
    expect(await members()).toBe(1);
  });

  it('lets bearer calls through from any origin, and requests without Origin or Referer (not a browser)', async () => {
    const { carrier, group } = await carrierAndGroup();
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: `/api/groups/${group}/transporters/${carrier}`,
      headers: { authorization: `Bearer ${supervisor.token}`, origin: EVIL },
    });
    expect(bearer.statusCode, bearer.body).toBeLessThan(300);
    const plain = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/groups/${group}`,
      headers: { cookie: cookie() },
      payload: { descricao: 'Sem Origin' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const sameHost = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/groups/${group}`,
      headers: { cookie: cookie(), host: 'cotacoes.interno:8080', origin: 'http://cotacoes.interno:8080' },
      payload: { descricao: 'Mesmo host' },
    });
    expect(sameHost.statusCode, sameHost.body).toBe(200);
  });

  it('refuses a cookie request without Origin that the browser marks cross-site (QA pass 42b)', async () => {
    const { group } = await carrierAndGroup();
    const patch = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/groups/${group}`,
        headers: { cookie: cookie(), ...headers },
        payload: { descricao: 'Sec-Fetch-Site' },
      });
    const crossSite = await patch({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CSRF_ORIGIN_REFUSED');
    expect((await patch({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
