import type { User } from '@cotacoes/shared/schemas/auth';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/session';

/**
 * Reads `GET /api/auth/me` and stores the answer: after onboarding, an approval, a visão change or a
 * company deletion the user's `empresaId` and role change on the server.
 */
export async function refreshUser(): Promise<User> {
  const user = await api.get<User>('/auth/me');
  updateUser(user);
  return user;
}
