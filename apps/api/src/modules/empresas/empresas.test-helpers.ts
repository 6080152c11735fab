import { registerUser, type TestContext } from '../../../test/helpers.js';

/** A valid numeric CNPJ made from any number (its 12-digit base, with the two check digits computed). */
export function validCnpj(seed: number): string {
  const base = String(seed).padStart(12, '0').slice(-12);
  const digit = (value: string, weights: number[]) => {
    const sum = weights.reduce((total, weight, i) => total + Number(value[i]) * weight, 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit(base + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

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
    nome,
    codigo: 'TEMP',
    cnpj,
    razaoSocial: `${nome} Ltda`,
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
