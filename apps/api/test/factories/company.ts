import { createEmpresaBodySchema } from '@cotacoes/shared';
import { sampleCompany, validCnpj } from '@cotacoes/shared/samples';
import { insertUser } from '../../src/modules/auth/auth.repository.js';
import { registerUser, type TestContext } from '../helpers.js';

/*
 * Companies and their people. Two ways, by what a test is about:
 * - `companyWithSupervisor` / `member`: accounts through the real flows (register, e-mail code, onboarding,
 *   assign-user) — for tests of accounts, companies and access.
 * - `quickCompany`: the company through the real company service, its person as a row and a session, with
 *   no e-mail round trip — for tests whose subject comes after sign-up (quotes, replies, decisions).
 * This is the one factory file that calls services directly (keep such calls here).
 */

/** The answer of `app.inject` (light-my-request). */
type InjectResponse = Awaited<ReturnType<TestContext['app']['inject']>>;

export type Actor = { token: string; id: string; email: string };

export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  remoteAddress?: string,
) => Promise<InjectResponse>;

export function caller(ctx: TestContext): Call {
  return (method, url, token, payload, remoteAddress) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object | undefined,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
}

/** A new verified account through register → e-mail code → complete-registration. */
export async function signUp(ctx: TestContext, email: string, name = 'Pessoa Teste'): Promise<Actor> {
  const { token, user } = await registerUser(ctx, email, 'senhaForte123', name);
  return { token, id: user.id, email: user.email };
}

/** A new account that creates a company through the onboarding and becomes its supervisor. */
export async function companyWithSupervisor(
  ctx: TestContext,
  email: string,
  nome: string,
  cnpj: string,
): Promise<{ supervisor: Actor; empresaId: string; codigo: string }> {
  const supervisor = await signUp(ctx, email, `Supervisor ${nome}`);
  const response = await caller(ctx)('POST', '/api/empresas/onboarding', supervisor.token, {
    ...sampleCompany(nome, cnpj),
    codigo: 'TEMP',
    endereco: 'Rua A, 1, Centro, São Paulo, SP, 01000-000',
  });
  if (response.statusCode !== 201) throw new Error(`onboarding failed: ${response.body}`);
  const body = response.json();
  return { supervisor, empresaId: body.id, codigo: body.codigo };
}

/** A new account linked to the company by its supervisor with `role`. */
export async function member(
  ctx: TestContext,
  supervisorToken: string,
  empresaId: string,
  email: string,
  role: 'supervisor' | 'analista',
): Promise<Actor> {
  const actor = await signUp(ctx, email, `Membro ${role}`);
  const response = await caller(ctx)('POST', '/api/empresas/assign-user', supervisorToken, {
    userEmail: email,
    empresaId,
    role,
  });
  if (response.statusCode !== 200) throw new Error(`assign failed: ${response.body}`);
  return actor;
}

/**
 * A person of `role` (in `empresaId`, or none) with a session, made as a row: for tests whose subject is not
 * the registration (its e-mail code round trip is what companyWithSupervisor and member go through).
 */
export async function signedInUser(
  app: TestContext['app'],
  options: {
    email: string;
    role: 'desenvolvedor' | 'supervisor' | 'analista' | 'usuario';
    empresaId?: string | null;
    name?: string;
    receiveEmailCopy?: boolean;
  },
): Promise<{ userId: string; token: string; email: string }> {
  const db = app.services.database.db;
  const user = await insertUser(db, {
    name: options.name ?? options.email,
    email: options.email,
    role: options.role,
    empresaId: options.empresaId ?? null,
    ...(options.receiveEmailCopy === undefined ? {} : { receiveEmailCopy: options.receiveEmailCopy }),
  });
  const { token } = await app.services.sessions.create(db, user.id, {});
  return { userId: user.id, token, email: user.email };
}

/**
 * A supervisor of a new company when the registration's e-mail code is out of reach (the file's mail goes
 * to an SMTP sink, or the test builds its own app): the account as a row with a session, the company
 * through the real onboarding route.
 */
export async function onboardedCompany(
  app: TestContext['app'],
  options: { email: string; nome: string; cnpj: string; name?: string },
): Promise<{ supervisor: Actor; empresaId: string }> {
  const { userId, token } = await signedInUser(app, {
    email: options.email,
    role: 'usuario',
    name: options.name ?? `Supervisor ${options.nome}`,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/empresas/onboarding',
    headers: { authorization: `Bearer ${token}` },
    payload: { nome: options.nome, cnpj: options.cnpj },
  });
  if (response.statusCode !== 201) throw new Error(`onboarding failed: ${response.body}`);
  return { supervisor: { token, id: userId, email: options.email }, empresaId: response.json().id };
}

export type QuickCompany = { empresaId: string; userId: string; token: string; email: string };

/**
 * A company made by the company service (codigo `IMP<label>`) and one person of `role` in it with a
 * session, without the registration's e-mail round trip.
 */
export async function quickCompany(
  ctx: TestContext,
  options: {
    label: string;
    role?: 'supervisor' | 'analista';
    receiveEmailCopy?: boolean;
  },
): Promise<QuickCompany> {
  const { label } = options;
  const services = ctx.app.services;
  const empresa = await services.empresas.create(
    createEmpresaBodySchema.parse({
      nome: `Importadora ${label}`,
      codigo: `IMP${label}`.toUpperCase().slice(0, 20),
    }),
    {},
  );
  const user = await signedInUser(ctx.app, {
    name: `Analista ${label}`,
    email: `analista-${label}@importadora.com.br`,
    role: options.role ?? 'supervisor',
    empresaId: empresa.id,
    receiveEmailCopy: options.receiveEmailCopy ?? false,
  });
  return { empresaId: empresa.id, ...user };
}

export { validCnpj };
