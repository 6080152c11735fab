import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Actor,
  type Call,
  caller,
  companyWithSupervisor,
  member,
  signUp,
  validCnpj,
} from '../../../test/factories/index.js';
import {
  ALPHANUMERIC_CNPJ,
  type FakeCnpjServer,
  startFakeCnpjServer,
} from '../../../test/fakes/cnpj-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { auditLog, empresas, pendingInvites, users } from '../../db/schema/index.js';
import { CNPJ_SEARCH_LIMIT_PER_MINUTE } from './empresas.routes.js';

const FIXTURE_CNPJ = '19131243000197';
const SERPRO_CNPJ = '33683111000280';

let ctx: TestContext;
let fake: FakeCnpjServer;
let call: Call;
let dev: Actor;
let ip = 0;
/** A fresh client address per search, so the per-IP CNPJ limit is only met where a test wants it. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  fake = await startFakeCnpjServer();
  ctx = await createTestApp({
    CNPJ_API_URL: fake.url,
    HTTP_TIMEOUT_MS: '1000',
    ADMIN_EMAILS: 'dev@plataforma.com.br',
  });
  call = caller(ctx);
  dev = await signUp(ctx, 'dev@plataforma.com.br', 'Dev');
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

const search = (cnpj: string, token = dev.token, address = nextIp()) =>
  call('GET', `/api/empresas/search/cnpj/${cnpj}`, token, undefined, address);

describe('CNPJ look-up', () => {
  it('reads the public service with the unmasked number and maps the fields and the joined address', async () => {
    const response = await search(FIXTURE_CNPJ);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      source: 'receita',
      razao_social: 'OPEN KNOWLEDGE BRASIL',
      nome_fantasia: 'REDE PELO CONHECIMENTO LIVRE',
      cnpj: FIXTURE_CNPJ,
      cep: '01311902',
      uf: 'SP',
      municipio: 'SAO PAULO',
      bairro: 'BELA VISTA',
      logradouro: 'PAULISTA 37',
      numero: '37',
      complemento: 'ANDAR 4',
      endereco: 'AVENIDA PAULISTA 37, 37, ANDAR 4, BELA VISTA, SAO PAULO, SP, 01311-902',
    });
    expect(fake.requests).toContain(`/api/cnpj/v1/${FIXTURE_CNPJ}`);
  });

  it('caches an answer for a day: the second look-up does not call the service', async () => {
    await search(SERPRO_CNPJ);
    const calls = fake.requests.filter((url) => url.endsWith(SERPRO_CNPJ)).length;
    const again = await search(SERPRO_CNPJ);
    expect(again.statusCode).toBe(200);
    expect(again.json().razao_social).toBe('SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)');
    expect(fake.requests.filter((url) => url.endsWith(SERPRO_CNPJ)).length).toBe(calls);
  });

  it('sends an alphanumeric CNPJ in upper case', async () => {
    const response = await search(ALPHANUMERIC_CNPJ.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      cnpj: ALPHANUMERIC_CNPJ,
      razao_social: 'IMPORTADORA ALFANUMERICA LTDA',
    });
    expect(fake.requests).toContain(`/api/cnpj/v1/${ALPHANUMERIC_CNPJ}`);
  });

  it("answers 404 'CNPJ não encontrado' for a valid number the service does not know", async () => {
    const response = await search(validCnpj(424242));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'CNPJ_NOT_FOUND', message: 'CNPJ não encontrado' });
  });

  it('rejects a wrong length or wrong check digits with a clear message, without calling the service', async () => {
    const before = fake.requests.length;
    const short = await search('123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Informe um CNPJ válido com 14 dígitos');
    const wrongDigits = await search('11222333000182');
    expect(wrongDigits.statusCode).toBe(400);
    expect(wrongDigits.json().message).toBe(
      'CNPJ inválido: os dígitos verificadores não conferem. Confira o número digitado.',
    );
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['error', 502],
    ['garbage', 502],
    ['hang', 503],
  ] as const)("answers 'Falha ao consultar CNPJ' when the service is %s", async (mode, status) => {
    fake.mode = mode;
    const response = await search(validCnpj(500 + status + mode.length));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: 'CNPJ_LOOKUP_FAILED', message: 'Falha ao consultar CNPJ' });
  });

  it('finds a registered company in the own database first, without calling the service', async () => {
    const cnpj = validCnpj(777001);
    const { empresaId, codigo } = await companyWithSupervisor(
      ctx,
      'dona@importadora.com.br',
      'Importadora Própria',
      cnpj,
    );
    const before = fake.requests.length;
    const response = await search(cnpj);
    expect(response.json()).toEqual({
      source: 'empresa',
      id: empresaId,
      nome: 'Importadora Própria',
      codigo,
      cnpj,
      razaoSocial: 'Importadora Própria Ltda',
      endereco: 'Rua A, 1, Centro, São Paulo, SP, 01000-000',
      // This one was created with typed-in data (the test's helper), and the answer says so (QA pass 38).
      dadosNaoConfirmados: true,
    });
    expect(fake.requests.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await search(FIXTURE_CNPJ, '')).statusCode).toBe(401);
  });

  it(`limits the look-up to ${CNPJ_SEARCH_LIMIT_PER_MINUTE} a minute per address`, async () => {
    const statuses = [];
    for (let i = 0; i <= CNPJ_SEARCH_LIMIT_PER_MINUTE; i++) {
      statuses.push((await search(FIXTURE_CNPJ, dev.token, '10.200.0.1')).statusCode);
    }
    expect(statuses.slice(0, CNPJ_SEARCH_LIMIT_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('onboarding', () => {
  it('creates the company with a generated unique code; the creator becomes its supervisor', async () => {
    const first = await signUp(ctx, 'ana@impdemo.com.br', 'Ana');
    const response = await call('POST', '/api/empresas/onboarding', first.token, {
      nome: 'Importadora Demo',
      codigo: 'TEMP-123',
      cnpj: '11.222.333/0001-81',
      razaoSocial: 'Importadora Demo Ltda',
      endereco: 'Av. Paulista, 1000, São Paulo, SP',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      nome: 'Importadora Demo',
      codigo: 'IMPDEMO',
      cnpj: '11222333000181',
      razaoSocial: 'Importadora Demo Ltda',
      endereco: 'Av. Paulista, 1000, São Paulo, SP',
      ativa: true,
      user: { id: first.id, role: 'supervisor', empresaId: body.id },
    });
    const me = await call('GET', '/api/auth/me', first.token);
    expect(me.json()).toMatchObject({ role: 'supervisor', empresaId: body.id });
    const [audit] = await ctx.app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject({
      action: 'empresa.onboarding.create',
      userId: first.id,
      empresaId: body.id,
    });

    const second = await signUp(ctx, 'bia@impdemo2.com.br', 'Bia');
    const again = await call('POST', '/api/empresas/onboarding', second.token, {
      nome: 'Importadora Demo',
      codigo: 'TEMP',
      cnpj: validCnpj(202),
    });
    expect(again.json().codigo).toBe('IMPDEMO2');
  });

  it('falls back from the name to the razão social, then to "Empresa"', async () => {
    const one = await signUp(ctx, 'razao@fallback.com.br');
    const byRazao = await call('POST', '/api/empresas/onboarding', one.token, {
      nome: '',
      codigo: 'x',
      cnpj: validCnpj(303),
      razaoSocial: 'Comércio Exterior Ágil Ltda',
    });
    expect(byRazao.json()).toMatchObject({ nome: 'Comércio Exterior Ágil Ltda', codigo: 'COMEXTERIO' });
    const two = await signUp(ctx, 'nada@fallback.com.br');
    const byDefault = await call('POST', '/api/empresas/onboarding', two.token, { cnpj: validCnpj(304) });
    expect(byDefault.json()).toMatchObject({ nome: 'Empresa', codigo: 'EMPRESA' });
  });

  it('accepts an alphanumeric CNPJ and stores its 14 characters', async () => {
    const user = await signUp(ctx, 'alfa@numerico.com.br');
    const response = await call('POST', '/api/empresas/onboarding', user.token, {
      nome: 'Alfa Numérica',
      cnpj: '12.abc.345/01de-35',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().cnpj).toBe('12ABC34501DE35');
  });

  it('refuses a CNPJ already registered, an invalid one, and a user who already has a company', async () => {
    const taken = await signUp(ctx, 'repetido@cnpj.com.br');
    const duplicate = await call('POST', '/api/empresas/onboarding', taken.token, { cnpj: '11222333000181' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe uma empresa cadastrada com este CNPJ.');
    const invalid = await call('POST', '/api/empresas/onboarding', taken.token, { cnpj: '1122233300' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Informe um CNPJ válido com 14 dígitos');
    const { supervisor } = await companyWithSupervisor(ctx, 'ja@tem.com.br', 'Já Tem', validCnpj(305));
    const again = await call('POST', '/api/empresas/onboarding', supervisor.token, { cnpj: validCnpj(306) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'USER_ALREADY_LINKED',
      message: 'Você já está vinculado a uma empresa.',
    });
  });

  it('lets a desenvolvedor create a company and act in it without losing the role', async () => {
    const other = await signUp(ctx, 'dev2@plataforma.com.br');
    await ctx.app.services.database.db
      .update(users)
      .set({ role: 'desenvolvedor' })
      .where(eq(users.id, other.id));
    const response = await call('POST', '/api/empresas/onboarding', other.token, {
      nome: 'Dev Co',
      cnpj: validCnpj(307),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ role: 'desenvolvedor', empresaId: response.json().id });
  });
});

describe('onboarding when the public registry cannot confirm the CNPJ (R7)', () => {
  it('creates the company from typed data, marked not confirmed, when the service refuses connections', async () => {
    const closed = await startFakeCnpjServer();
    const refusedUrl = closed.url;
    await closed.close();
    const offline = await createTestApp({ CNPJ_API_URL: refusedUrl, HTTP_TIMEOUT_MS: '1000' });
    try {
      const offlineCall = caller(offline);
      const user = await signUp(offline, 'sem-receita@importadora.com.br', 'Sem Receita');
      const lookup = await offlineCall('GET', `/api/empresas/search/cnpj/${FIXTURE_CNPJ}`, user.token);
      expect(lookup.statusCode).toBe(503);
      expect(lookup.json().message).toBe('Falha ao consultar CNPJ');
      const created = await offlineCall('POST', '/api/empresas/onboarding', user.token, {
        nome: 'Rede Livre',
        codigo: 'TEMP',
        cnpj: FIXTURE_CNPJ,
        razaoSocial: 'Open Knowledge Brasil (digitado)',
        endereco: 'Av. Paulista, 37, São Paulo, SP',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        nome: 'Rede Livre',
        razaoSocial: 'Open Knowledge Brasil (digitado)',
        endereco: 'Av. Paulista, 37, São Paulo, SP',
        dadosNaoConfirmados: true,
        user: { role: 'supervisor' },
      });
      const [row] = await offline.app.services.database.db
        .select()
        .from(empresas)
        .where(eq(empresas.id, created.json().id));
      expect(row!.dadosNaoConfirmados).toBe(true);
    } finally {
      await offline.close();
    }
  });

  it("uses the registry's own data, confirmed, when the look-up found the company", async () => {
    const user = await signUp(ctx, 'com-receita@importadora.com.br');
    expect((await search(SERPRO_CNPJ, user.token)).statusCode).toBe(200);
    const created = await call('POST', '/api/empresas/onboarding', user.token, {
      nome: 'Serpro',
      codigo: 'TEMP',
      cnpj: SERPRO_CNPJ,
      razaoSocial: 'Outro nome qualquer',
      endereco: 'Outro endereço',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      razaoSocial: 'SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)',
      dadosNaoConfirmados: false,
    });
    expect(created.json().endereco).not.toBe('Outro endereço');
  });
});

describe('company administration (desenvolvedor)', () => {
  it('creates, lists, reads, edits and deletes a company; codigo is upper case and unique', async () => {
    const created = await call('POST', '/api/empresas', dev.token, {
      nome: 'Comercial Norte',
      codigo: ' norte01 ',
      cnpj: validCnpj(401),
      email: 'Contato@Norte.com.br',
      telefone: '(92) 3000-0000',
      endereco: 'Rua do Porto, 10, Manaus, AM',
    });
    expect(created.statusCode).toBe(201);
    const empresa = created.json();
    expect(empresa).toMatchObject({
      nome: 'Comercial Norte',
      codigo: 'NORTE01',
      email: 'contato@norte.com.br',
      ativa: true,
      razaoSocial: null,
    });

    const list = await call('GET', '/api/empresas', dev.token);
    expect(list.json().map((e: { id: string }) => e.id)).toContain(empresa.id);

    const detail = await call('GET', `/api/empresas/${empresa.id}`, dev.token);
    expect(detail.json()).toMatchObject({
      id: empresa.id,
      resumo: { usuarios: 0, convitesPendentes: 0, solicitacoesPendentes: 0 },
    });

    const duplicate = await call('POST', '/api/empresas', dev.token, { nome: 'Outra', codigo: 'Norte01' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe uma empresa com o código NORTE01.');

    const edited = await call('PATCH', `/api/empresas/${empresa.id}`, dev.token, {
      nome: 'Comercial Norte S.A.',
      codigo: 'cnorte',
      telefone: '',
      ativa: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      nome: 'Comercial Norte S.A.',
      codigo: 'CNORTE',
      telefone: null,
      ativa: false,
    });

    const removed = await call('DELETE', `/api/empresas/${empresa.id}`, dev.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Empresa removida.');
    expect((await call('GET', `/api/empresas/${empresa.id}`, dev.token)).statusCode).toBe(404);

    const actions = (
      await ctx.app.services.database.db.select().from(auditLog).where(eq(auditLog.entityId, empresa.id))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['empresa.create', 'empresa.update', 'empresa.delete']));
  });

  it('validates the fields with pt-BR messages', async () => {
    const missing = await call('POST', '/api/empresas', dev.token, { codigo: 'X1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('O nome da empresa é obrigatório.');
    const noCode = await call('POST', '/api/empresas', dev.token, { nome: 'Sem código', codigo: '  ' });
    expect(noCode.json().message).toBe('O código da empresa é obrigatório.');
    const badEmail = await call('POST', '/api/empresas', dev.token, {
      nome: 'E',
      codigo: 'E1',
      email: 'não',
    });
    expect(badEmail.json().message).toBe('Informe um e-mail válido.');
    const badCnpj = await call('POST', '/api/empresas', dev.token, {
      nome: 'C',
      codigo: 'C1',
      cnpj: '11222333000182',
    });
    expect(badCnpj.json().message).toMatch(/dígitos verificadores/);
    const cnpjTaken = await call('POST', '/api/empresas', dev.token, {
      nome: 'C',
      codigo: 'C2',
      cnpj: '11222333000181',
    });
    expect(cnpjTaken.statusCode).toBe(409);
  });

  it('keeps a company that still has users or invites unless forceDelete=true, and says what would be lost', async () => {
    const { supervisor, empresaId } = await companyWithSupervisor(
      ctx,
      'chefe@apagar.com.br',
      'Apagar',
      validCnpj(501),
    );
    const analista = await member(ctx, supervisor.token, empresaId, 'analista@apagar.com.br', 'analista');
    await call('POST', '/api/empresas/pending-users', supervisor.token, {
      email: 'convidado@apagar.com.br',
      empresaId,
    });

    const refused = await call('DELETE', `/api/empresas/${empresaId}`, dev.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EMPRESA_HAS_DATA' });
    expect(refused.json().message).toContain('2 usuário(s) vinculado(s), 1 convite(s) pendente(s)');

    const forced = await call('DELETE', `/api/empresas/${empresaId}?forceDelete=true`, dev.token);
    expect(forced.statusCode).toBe(200);
    const db = ctx.app.services.database.db;
    expect(await db.select().from(empresas).where(eq(empresas.id, empresaId))).toEqual([]);
    expect(await db.select().from(pendingInvites).where(eq(pendingInvites.empresaId, empresaId))).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, analista.id));
    expect(row).toMatchObject({ empresaId: null, role: 'usuario' });
    // Their sessions ended with the company.
    expect((await call('GET', '/api/auth/me', analista.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', supervisor.token)).statusCode).toBe(401);
  });

  it('is for the desenvolvedor only', async () => {
    const { supervisor, empresaId } = await companyWithSupervisor(
      ctx,
      'sup@sonao.com.br',
      'Só Não',
      validCnpj(601),
    );
    const analista = await member(ctx, supervisor.token, empresaId, 'ana@sonao.com.br', 'analista');
    for (const token of [supervisor.token, analista.token]) {
      expect((await call('GET', '/api/empresas', token)).json()).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect((await call('GET', `/api/empresas/${empresaId}`, token)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/empresas/${empresaId}`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/empresas')).statusCode).toBe(401);
  });
});

describe('visão', () => {
  it('lets a desenvolvedor choose the company they act in, which then scopes the company routes', async () => {
    const { empresaId } = await companyWithSupervisor(ctx, 'sup@visao.com.br', 'Visão Ltda', validCnpj(701));
    const chosen = await call('POST', `/api/empresas/set-visao/${empresaId}`, dev.token);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      user: { id: dev.id, role: 'desenvolvedor', empresaId },
      empresa: { id: empresaId, nome: 'Visão Ltda' },
    });
    expect((await call('GET', '/api/empresas/current/visao', dev.token)).json()).toMatchObject({
      empresaId,
      empresa: { id: empresaId },
    });
    expect((await call('GET', '/api/empresas/current/empresa', dev.token)).json()).toMatchObject({
      id: empresaId,
    });
    const listed = await call('GET', '/api/empresas/my-company/users', dev.token);
    expect(listed.json().map((u: { email: string }) => u.email)).toEqual(['sup@visao.com.br']);
    expect((await call('POST', `/api/empresas/set-visao/${crypto.randomUUID()}`, dev.token)).statusCode).toBe(
      404,
    );
  });

  it('is refused to other roles; a user without a company has none', async () => {
    const { supervisor, empresaId } = await companyWithSupervisor(
      ctx,
      'sup@visao2.com.br',
      'Visão Dois',
      validCnpj(702),
    );
    expect((await call('POST', `/api/empresas/set-visao/${empresaId}`, supervisor.token)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/empresas/current/empresa', supervisor.token)).json()).toMatchObject({
      id: empresaId,
    });
    const loose = await signUp(ctx, 'solto@visao.com.br');
    expect((await call('GET', '/api/empresas/current/visao', loose.token)).json()).toEqual({
      empresaId: null,
      empresa: null,
    });
    const none = await call('GET', '/api/empresas/current/empresa', loose.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Usuário não possui empresa vinculada');
  });
});
