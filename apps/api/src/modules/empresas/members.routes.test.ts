import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  type Call,
  caller,
  companyWithSupervisor,
  member,
  signUp,
  validCnpj,
} from '../../../test/factories/index.js';
import { createTestApp, registerUser, type TestContext, waitForMail } from '../../../test/helpers.js';
import { auditLog, pendingInvites, users } from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';
import { insertInvite } from './invites.repository.js';

let ctx: TestContext;
let call: Call;
let dev: Actor;
/** Company A with a supervisor and an analista; company B with its own supervisor. */
let a: { supervisor: Actor; analista: Actor; empresaId: string; cnpj: string };
let b: { supervisor: Actor; empresaId: string; cnpj: string };

beforeAll(async () => {
  ctx = await createTestApp({
    ADMIN_EMAILS: 'dev@plataforma.com.br',
    CNPJ_API_URL: 'http://127.0.0.1:9/off',
  });
  call = caller(ctx);
  dev = await signUp(ctx, 'dev@plataforma.com.br', 'Dev');
  const cnpjA = validCnpj(1001);
  const companyA = await companyWithSupervisor(ctx, 'sup@alfa.com.br', 'Alfa Importadora', cnpjA);
  const analista = await member(
    ctx,
    companyA.supervisor.token,
    companyA.empresaId,
    'analista@alfa.com.br',
    'analista',
  );
  a = { ...companyA, analista, cnpj: cnpjA };
  const cnpjB = validCnpj(2002);
  b = { ...(await companyWithSupervisor(ctx, 'sup@beta.com.br', 'Beta Comex', cnpjB)), cnpj: cnpjB };
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe('linking and inviting (assign-user)', () => {
  it('links an existing user without a company at once, with the role, and tells them by e-mail', async () => {
    const person = await signUp(ctx, 'existente@alfa.com.br', 'Existente');
    const response = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: 'Existente@Alfa.com.br',
      empresaId: a.empresaId,
      role: 'supervisor',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'existing_user',
      message: 'Usuário vinculado à empresa com sucesso.',
      user: { id: person.id, email: 'existente@alfa.com.br', role: 'supervisor' },
    });
    expect(await userRow(person.id)).toMatchObject({ empresaId: a.empresaId, role: 'supervisor' });
    const mail = await waitForMail(
      ctx.config,
      'existente@alfa.com.br',
      'Você foi vinculado à empresa Alfa Importadora',
    );
    expect(mail.text).toContain('como supervisor');
    // Role changes take effect on the next request.
    expect((await call('GET', '/api/auth/me', person.token)).json().role).toBe('supervisor');
  });

  it('defaults the role to analista and can change the role of a member', async () => {
    const person = await signUp(ctx, 'padrao@alfa.com.br');
    const linked = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: person.email,
      empresaId: a.empresaId,
    });
    expect(linked.json().user.role).toBe('analista');
    const same = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: person.email,
      empresaId: a.empresaId,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Este usuário já está vinculado a esta empresa com o papel analista.');
    const promoted = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: person.email,
      empresaId: a.empresaId,
      role: 'supervisor',
    });
    expect(promoted.json()).toMatchObject({ type: 'existing_user', user: { role: 'supervisor' } });
  });

  it('invites an unknown e-mail; the invited person registers and is linked with the role', async () => {
    const response = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: 'novata@alfa.com.br',
      empresaId: a.empresaId,
      role: 'supervisor',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      type: 'pending_user',
      message:
        'Convite enviado para novata@alfa.com.br. O usuário será vinculado à empresa ao concluir o cadastro.',
      invite: { email: 'novata@alfa.com.br', role: 'supervisor', isActivated: false, activatedAt: null },
    });

    const mail = await waitForMail(
      ctx.config,
      'novata@alfa.com.br',
      'Convite para a empresa Alfa Importadora',
    );
    expect(mail.text).toContain(
      'Supervisor Alfa Importadora convidou você para participar da empresa Alfa Importadora',
    );
    const link = /http:\/\/127\.0\.0\.1:3000\/register\?email=novata%40alfa\.com\.br&convite=([\w-]+)/.exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    const parsed = await simpleParser(fs.readFileSync(mail.file));
    expect(parsed.html).toContain(
      'href="http://127.0.0.1:3000/register?email=novata%40alfa.com.br&amp;convite=',
    );
    expect(parsed.html).toContain('Criar minha conta');

    const info = await call('GET', `/api/empresas/invites/${link![1]}`);
    expect(info.json()).toEqual({
      email: 'novata@alfa.com.br',
      name: null,
      role: 'supervisor',
      empresa: { nome: 'Alfa Importadora' },
    });

    const pending = await call('GET', '/api/empresas/my-company/pending-users', a.supervisor.token);
    expect(pending.json().find((i: { email: string }) => i.email === 'novata@alfa.com.br')).toMatchObject({
      isActivated: false,
    });

    const registered = await registerUser(ctx, 'novata@alfa.com.br', 'senhaForte123', 'Novata');
    expect(registered.user).toMatchObject({ role: 'supervisor', empresaId: a.empresaId });
    const after = await call('GET', `/api/empresas/${a.empresaId}/pending-users`, a.supervisor.token);
    const invite = after.json().find((i: { email: string }) => i.email === 'novata@alfa.com.br');
    expect(invite).toMatchObject({ isActivated: true, activatedAt: expect.any(String) });
    expect((await call('GET', `/api/empresas/invites/${link![1]}`)).statusCode).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'empresa.invite.activate'), eq(auditLog.userId, registered.user.id)));
    expect(audit).toMatchObject({ empresaId: a.empresaId, entityId: invite.id });
  });

  it("asks for every field with the spec's message", async () => {
    const response = await call('POST', '/api/empresas/assign-user', a.supervisor.token, { userEmail: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'userEmail', message: 'Por favor, preencha todos os campos' },
        { path: 'empresaId', message: 'Por favor, preencha todos os campos' },
      ]),
    );
    const badRole = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: 'x@y.com.br',
      empresaId: a.empresaId,
      role: 'desenvolvedor',
    });
    expect(badRole.json().message).toBe('Papel inválido. Escolha supervisor ou analista.');
  });

  it('refuses a user of another company, a desenvolvedor and the supervisor themself', async () => {
    const other = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: b.supervisor.email,
      empresaId: a.empresaId,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Este usuário já está vinculado a outra empresa.');
    const developer = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: dev.email,
      empresaId: a.empresaId,
    });
    expect(developer.json().code).toBe('DEVELOPER_NOT_LINKABLE');
    const self = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: a.supervisor.email,
      empresaId: a.empresaId,
      role: 'analista',
    });
    expect(self.json().message).toBe(
      'Você não pode alterar nem remover o seu próprio vínculo com a empresa.',
    );
  });

  it('keeps a supervisor to their own company (404) and denies the analista (403)', async () => {
    const foreign = await call('POST', '/api/empresas/assign-user', a.supervisor.token, {
      userEmail: 'intruso@beta.com.br',
      empresaId: b.empresaId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Empresa não encontrada.');
    expect(
      await db().select().from(pendingInvites).where(eq(pendingInvites.email, 'intruso@beta.com.br')),
    ).toEqual([]);
    const denied = await call('POST', '/api/empresas/assign-user', a.analista.token, {
      userEmail: 'colega@alfa.com.br',
      empresaId: a.empresaId,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Você não tem permissão para realizar esta ação.');
  });

  it('lets the desenvolvedor link in any company', async () => {
    const person = await signUp(ctx, 'pelo-dev@beta.com.br');
    const response = await call('POST', '/api/empresas/assign-user', dev.token, {
      userEmail: person.email,
      empresaId: b.empresaId,
    });
    expect(response.json()).toMatchObject({ type: 'existing_user', user: { role: 'analista' } });
  });
});

describe('pending invites', () => {
  it('creates, renews, lists and removes invites; an e-mail with an account is linked instead', async () => {
    const created = await call('POST', '/api/empresas/pending-users', a.supervisor.token, {
      email: 'Convidada@Alfa.com.br',
      name: 'Convidada',
      empresaId: a.empresaId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'convidada@alfa.com.br',
      name: 'Convidada',
      role: 'analista',
      empresaId: a.empresaId,
      isActivated: false,
    });
    const renewed = await call('POST', '/api/empresas/pending-users', a.supervisor.token, {
      email: 'convidada@alfa.com.br',
      empresaId: a.empresaId,
      role: 'supervisor',
    });
    expect(renewed.json()).toMatchObject({ id: created.json().id, role: 'supervisor', name: 'Convidada' });

    const registered = await call('POST', '/api/empresas/pending-users', a.supervisor.token, {
      email: a.analista.email,
      empresaId: a.empresaId,
    });
    expect(registered.statusCode).toBe(409);
    expect(registered.json().code).toBe('USER_ALREADY_REGISTERED');

    const filtered = await call(
      'GET',
      '/api/empresas/my-company/pending-users?role=supervisor&search=CONVIDADA',
      a.supervisor.token,
    );
    expect(filtered.json().map((i: { email: string }) => i.email)).toEqual(['convidada@alfa.com.br']);

    const foreign = await call(
      'DELETE',
      `/api/empresas/pending-users/${created.json().id}`,
      b.supervisor.token,
    );
    expect(foreign.statusCode).toBe(404);
    const analista = await call(
      'DELETE',
      `/api/empresas/pending-users/${created.json().id}`,
      a.analista.token,
    );
    expect(analista.statusCode).toBe(403);
    const removed = await call(
      'DELETE',
      `/api/empresas/pending-users/${created.json().id}`,
      a.supervisor.token,
    );
    expect(removed.json()).toEqual({ message: 'Convite removido.' });
    expect(
      (await call('DELETE', `/api/empresas/pending-users/${created.json().id}`, dev.token)).statusCode,
    ).toBe(404);
  });

  it("hides another company's invites from a supervisor and shows them to the desenvolvedor", async () => {
    const invited = await call('POST', '/api/empresas/pending-users', b.supervisor.token, {
      email: 'so-beta@beta.com.br',
      empresaId: b.empresaId,
    });
    expect(
      (await call('GET', `/api/empresas/${b.empresaId}/pending-users`, a.supervisor.token)).statusCode,
    ).toBe(404);
    const mine = await call('GET', '/api/empresas/my-company/pending-users', a.supervisor.token);
    expect(mine.json().map((i: { email: string }) => i.email)).not.toContain('so-beta@beta.com.br');
    const byDev = await call('GET', `/api/empresas/${b.empresaId}/pending-users`, dev.token);
    expect(byDev.json().map((i: { id: string }) => i.id)).toContain(invited.json().id);
    expect(
      (await call('DELETE', `/api/empresas/pending-users/${invited.json().id}`, dev.token)).statusCode,
    ).toBe(200);
  });
});

describe('users of a company', () => {
  it('lists members with search (case and accents ignored) and role filter, never the desenvolvedor', async () => {
    await member(ctx, b.supervisor.token, b.empresaId, 'joao@beta.com.br', 'analista');
    await db().update(users).set({ name: 'João Ávila' }).where(eq(users.email, 'joao@beta.com.br'));
    await call('POST', `/api/empresas/set-visao/${b.empresaId}`, dev.token);

    const all = await call('GET', '/api/empresas/my-company/users', b.supervisor.token);
    expect(all.statusCode).toBe(200);
    const emails = all.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['sup@beta.com.br', 'joao@beta.com.br']));
    expect(emails).not.toContain(dev.email);
    expect(all.json()[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const search = await call(
      'GET',
      '/api/empresas/my-company/users?search=joao%20avila',
      b.supervisor.token,
    );
    expect(search.json().map((u: { email: string }) => u.email)).toEqual(['joao@beta.com.br']);
    const supervisors = await call('GET', `/api/empresas/${b.empresaId}/users?role=supervisor`, dev.token);
    expect(supervisors.json().every((u: { role: string }) => u.role === 'supervisor')).toBe(true);
    expect(supervisors.json().map((u: { email: string }) => u.email)).toContain('sup@beta.com.br');

    expect((await call('GET', `/api/empresas/${b.empresaId}/users`, a.supervisor.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/empresas/my-company/users', a.analista.token)).statusCode).toBe(403);
  });

  it('asks a supervisor without a company to be linked first', async () => {
    const loose = await signUp(ctx, 'sup-solto@gama.com.br');
    await db().update(users).set({ role: 'supervisor' }).where(eq(users.id, loose.id));
    const response = await call('GET', '/api/empresas/my-company/users', loose.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMPRESA_REQUIRED');
  });
});

describe('unlinking', () => {
  it('unlinks a member: no company, default role, sessions ended', async () => {
    const leaving = await member(ctx, a.supervisor.token, a.empresaId, 'saindo@alfa.com.br', 'analista');
    const foreign = await call('DELETE', `/api/empresas/unlink-user/${leaving.id}`, b.supervisor.token);
    expect(foreign.statusCode).toBe(404);
    const denied = await call('DELETE', `/api/empresas/unlink-user/${leaving.id}`, a.analista.token);
    expect(denied.statusCode).toBe(403);
    const response = await call('DELETE', `/api/empresas/unlink-user/${leaving.id}`, a.supervisor.token);
    expect(response.json()).toEqual({ message: 'Usuário desvinculado da empresa.' });
    expect(await userRow(leaving.id)).toMatchObject({ empresaId: null, role: 'usuario' });
    expect((await call('GET', '/api/auth/me', leaving.token)).statusCode).toBe(401);
    expect(
      (await call('DELETE', `/api/empresas/unlink-user/${leaving.id}`, a.supervisor.token)).statusCode,
    ).toBe(404);
  });

  it('lets the desenvolvedor unlink in any company but nobody unlink themself', async () => {
    const leaving = await member(ctx, b.supervisor.token, b.empresaId, 'saindo@beta.com.br', 'analista');
    expect((await call('DELETE', `/api/empresas/unlink-user/${leaving.id}`, dev.token)).statusCode).toBe(200);
    const self = await call('DELETE', `/api/empresas/unlink-user/${b.supervisor.id}`, b.supervisor.token);
    expect(self.statusCode).toBe(409);
    expect((await call('DELETE', `/api/empresas/unlink-user/${dev.id}`, dev.token)).statusCode).toBe(404);
  });
});

describe('join requests', () => {
  it('asks to join by CNPJ, the supervisors approve, the requester is linked and told by e-mail', async () => {
    const requester = await signUp(ctx, 'quero@entrar.com.br', 'Quero Entrar');
    const response = await call('POST', `/api/empresas/join/${a.empresaId}`, requester.token, {
      cnpj: a.cnpj,
    });
    expect(response.statusCode).toBe(201);
    const request = response.json();
    expect(request).toMatchObject({
      status: 'pendente',
      empresa: { id: a.empresaId, nome: 'Alfa Importadora' },
      requester: { id: requester.id, email: 'quero@entrar.com.br' },
      role: null,
      user: { id: requester.id, empresaId: null, role: 'usuario' },
    });
    const notice = await waitForMail(
      ctx.config,
      'sup@alfa.com.br',
      'Nova solicitação de acesso à empresa Alfa Importadora',
    );
    expect(notice.text).toContain('Quero Entrar (quero@entrar.com.br) pediu para entrar');

    const mine = await call('GET', '/api/empresas/join-requests/mine', requester.token);
    expect(mine.json().request).toMatchObject({ id: request.id, status: 'pendente' });
    const again = await call('POST', `/api/empresas/join/${a.empresaId}`, requester.token, { cnpj: a.cnpj });
    expect(again.json().id).toBe(request.id);

    const list = await call('GET', '/api/empresas/my-company/join-requests', a.supervisor.token);
    expect(list.json().map((r: { id: string }) => r.id)).toContain(request.id);
    const otherList = await call(
      'GET',
      '/api/empresas/my-company/join-requests?status=all',
      b.supervisor.token,
    );
    expect(otherList.json().map((r: { id: string }) => r.id)).not.toContain(request.id);

    expect(
      (await call('POST', `/api/empresas/join-requests/${request.id}/approve`, b.supervisor.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/empresas/join-requests/${request.id}/approve`, a.analista.token)).statusCode,
    ).toBe(403);
    const approved = await call(
      'POST',
      `/api/empresas/join-requests/${request.id}/approve`,
      a.supervisor.token,
      {
        role: 'analista',
      },
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'aprovada',
      role: 'analista',
      decidedAt: expect.any(String),
    });
    expect(await userRow(requester.id)).toMatchObject({ empresaId: a.empresaId, role: 'analista' });
    await waitForMail(
      ctx.config,
      'quero@entrar.com.br',
      'Sua entrada na empresa Alfa Importadora foi aprovada',
    );
    const twice = await call('POST', `/api/empresas/join-requests/${request.id}/reject`, a.supervisor.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta solicitação de acesso já foi aprovada.');
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, request.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['empresa.join.approve', 'empresa.join.request']);
  });

  it('rejects with a reason; the requester stays without a company and is told why', async () => {
    const requester = await signUp(ctx, 'recusado@fora.com.br');
    const request = (
      await call('POST', `/api/empresas/join/${b.empresaId}`, requester.token, { cnpj: b.cnpj })
    ).json();
    const rejected = await call(
      'POST',
      `/api/empresas/join-requests/${request.id}/reject`,
      b.supervisor.token,
      {
        motivo: 'Não conhecemos você',
      },
    );
    expect(rejected.json()).toMatchObject({ status: 'rejeitada', motivo: 'Não conhecemos você' });
    expect((await userRow(requester.id)).empresaId).toBeNull();
    const mail = await waitForMail(ctx.config, 'recusado@fora.com.br', 'foi recusada');
    expect(mail.text).toContain('Motivo informado: Não conhecemos você');
    expect(
      (await call('GET', '/api/empresas/join-requests/mine', requester.token)).json().request.status,
    ).toBe('rejeitada');
  });

  it('links an invited e-mail at once', async () => {
    // An account made through Google or Microsoft is not linked at sign-up, so its invite is still open.
    const person = await signUp(ctx, 'convidado-join@beta.com.br');
    await insertInvite(db(), checkedTenant(b.empresaId), {
      email: 'convidado-join@beta.com.br',
      role: 'supervisor',
      tokenHash: 'x'.repeat(64),
      createdBy: b.supervisor.id,
    });
    const joined = await call('POST', `/api/empresas/join/${b.empresaId}`, person.token, { cnpj: b.cnpj });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({
      status: 'aprovada',
      role: 'supervisor',
      user: { empresaId: b.empresaId, role: 'supervisor' },
    });
    const invites = await call('GET', '/api/empresas/my-company/pending-users', b.supervisor.token);
    expect(invites.json().find((i: { email: string }) => i.email === person.email).isActivated).toBe(true);
  });

  it('refuses a wrong CNPJ, an unknown company, a user who has a company and a desenvolvedor', async () => {
    const requester = await signUp(ctx, 'errado@cnpj.com.br');
    const wrong = await call('POST', `/api/empresas/join/${a.empresaId}`, requester.token, { cnpj: b.cnpj });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('O CNPJ informado não corresponde a esta empresa.');
    const unknown = await call('POST', `/api/empresas/join/${crypto.randomUUID()}`, requester.token, {
      cnpj: a.cnpj,
    });
    expect(unknown.statusCode).toBe(404);
    const linked = await call('POST', `/api/empresas/join/${b.empresaId}`, a.analista.token, {
      cnpj: b.cnpj,
    });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe('Você já está vinculado a uma empresa.');
    const developer = await call('POST', `/api/empresas/join/${b.empresaId}`, dev.token, { cnpj: b.cnpj });
    expect(developer.json().code).toBe('DEVELOPER_NOT_LINKABLE');
    const invalid = await call('POST', `/api/empresas/join/${a.empresaId}`, requester.token, { cnpj: '123' });
    expect(invalid.json().message).toBe('Informe um CNPJ válido com 14 dígitos');
  });

  it('replaces a pending request when the user asks another company, and ends it when they create one', async () => {
    const requester = await signUp(ctx, 'indeciso@fora.com.br');
    const first = (
      await call('POST', `/api/empresas/join/${a.empresaId}`, requester.token, { cnpj: a.cnpj })
    ).json();
    const second = (
      await call('POST', `/api/empresas/join/${b.empresaId}`, requester.token, { cnpj: b.cnpj })
    ).json();
    const aList = await call('GET', '/api/empresas/my-company/join-requests?status=all', a.supervisor.token);
    expect(aList.json().find((r: { id: string }) => r.id === first.id).status).toBe('cancelada');
    await call('POST', '/api/empresas/onboarding', requester.token, {
      nome: 'Própria',
      cnpj: validCnpj(3003),
    });
    const bList = await call('GET', '/api/empresas/my-company/join-requests?status=all', b.supervisor.token);
    expect(bList.json().find((r: { id: string }) => r.id === second.id).status).toBe('cancelada');
    expect(
      (await call('POST', `/api/empresas/join-requests/${second.id}/approve`, b.supervisor.token)).statusCode,
    ).toBe(409);
  });
});
