import { getMe } from '@/features/auth/api/get-me';
import { ApiError } from '@/lib/api-client';
import {
  clearSession,
  getToken,
  markSessionReady,
  readStoredUser,
  sessionStore,
  updateUser,
} from '@/lib/session';

/**
 * Restores the session at start-up (spec 4: no user → loading → restored). A stored user shows at once and
 * is refreshed from `GET /api/auth/me` (role or company may have changed); a token without a usable user
 * keeps the guards on 'Carregando...' until the server answers.
 */
export async function bootstrapSession(): Promise<void> {
  const user = readStoredUser();
  const token = getToken();
  if (!token) {
    if (user) clearSession();
    else markSessionReady(null);
    return;
  }
  if (user) markSessionReady(user);
  try {
    const fresh = await getMe();
    if (sessionStore.get().status === 'restoring') markSessionReady(fresh);
    if (getToken()) updateUser(fresh);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
    else if (sessionStore.get().status === 'restoring') markSessionReady(user);
  }
}
