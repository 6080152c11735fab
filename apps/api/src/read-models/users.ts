import type { User } from '@cotacoes/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { AuditContext } from '../lib/audit.js';

/** Users as every module reads them (auth owns their writes). */
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export function toPublicUser(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    empresaId: user.empresaId,
    receiveEmailCopy: user.receiveEmailCopy,
  };
}

/**
 * Runs in the transaction that verifies a new user's e-mail (password or OIDC registration): the
 * empresas module links an invited user to the inviting company. Injected by app.ts, so auth does not
 * depend on empresas.
 */
export type OnUserVerified = (tx: Executor, user: UserRow, meta: AuditContext) => Promise<UserRow>;
