import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { useSyncExternalStore } from 'react';
import { storageKeys } from '@/config/constants';
import { createStore } from './create-store';
import { storage } from './storage';
import { showToast } from './toast';

export type { User };

export interface SessionState {
  /** 'restoring' while the stored session is being checked: guards show 'Carregando...'. */
  status: 'restoring' | 'ready';
  user: User | null;
}

export const sessionStore = createStore<SessionState>({ status: 'restoring', user: null });

const roles = new Set(['desenvolvedor', 'supervisor', 'analista', 'usuario']);

/** Shape check without zod so the entry bundle stays small; the server re-validates everything. */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.role === 'string' &&
    roles.has(user.role) &&
    (user.empresaId === null || typeof user.empresaId === 'string') &&
    typeof user.receiveEmailCopy === 'boolean'
  );
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

/** Reads the stored user; a corrupt value is removed and reported (spec 8). */
export function readStoredUser(): User | null {
  const raw = storage.get(storageKeys.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
  } catch {
    // falls through to the corrupt-value handling below
  }
  storage.remove(storageKeys.user);
  showToast({ message: ui.session.corruptUser, variant: 'error' });
  return null;
}

export function signIn(session: { access_token: string; user: User }): void {
  storage.set(storageKeys.token, session.access_token);
  storage.set(storageKeys.user, JSON.stringify(session.user));
  sessionStore.set({ status: 'ready', user: session.user });
}

export function updateUser(user: User): void {
  storage.set(storageKeys.user, JSON.stringify(user));
  sessionStore.set((state) => ({ ...state, user }));
}

export function markSessionReady(user: User | null): void {
  sessionStore.set({ status: 'ready', user });
}

/** Logout and 401: clears token, stored user and the in-memory user. */
export function clearSession(): void {
  storage.remove(storageKeys.token);
  storage.remove(storageKeys.user);
  sessionStore.set({ status: 'ready', user: null });
}

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function useUser(): User | null {
  return useSession().user;
}
