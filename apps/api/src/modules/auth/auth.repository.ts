import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pendingRegistrations, users } from '../../db/schema/index.js';
import type { UserRow } from '../../read-models/users.js';

export { findUserByEmail, findUserById, type UserRow } from '../../read-models/users.js';

export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await executor.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  executor: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await executor
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function findRegistrationByTokenHash(
  executor: Executor,
  tokenHash: string,
): Promise<PendingRegistrationRow | undefined> {
  const [row] = await executor
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, tokenHash))
    .limit(1);
  return row && row.expiresAt > new Date() ? row : undefined;
}

export async function insertRegistration(
  executor: Executor,
  values: typeof pendingRegistrations.$inferInsert,
): Promise<PendingRegistrationRow> {
  const [row] = await executor.insert(pendingRegistrations).values(values).returning();
  return row!;
}

export async function updateRegistration(
  executor: Executor,
  id: string,
  values: Partial<typeof pendingRegistrations.$inferInsert>,
): Promise<void> {
  await executor.update(pendingRegistrations).set(values).where(eq(pendingRegistrations.id, id));
}

/** Counts one code attempt unless `max` are used up: the attempt's number, or null when refused. */
export async function takeRegistrationAttempt(
  executor: Executor,
  id: string,
  max: number,
): Promise<number | null> {
  const [row] = await executor
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(and(eq(pendingRegistrations.id, id), lt(pendingRegistrations.attempts, max)))
    .returning({ attempts: pendingRegistrations.attempts });
  return row?.attempts ?? null;
}

export async function deleteRegistrationsOfEmail(executor: Executor, email: string): Promise<void> {
  await executor.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}
