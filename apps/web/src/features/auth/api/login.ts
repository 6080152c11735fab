import { ui } from '@cotacoes/shared/messages/ui';
import type { SessionResponse } from '@cotacoes/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signIn } from '@/lib/session';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/login', input, { fallback: ui.login.errorFallback });
}

/** Signs in: token and user stored, session updated (spec 7). */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: signIn });
}
