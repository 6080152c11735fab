import { ui } from '@cotacoes/shared/messages/ui';
import type { SessionResponse } from '@cotacoes/shared/schemas/auth';
import { api } from '@/lib/api-client';

export interface GoogleCallbackInput {
  code: string;
  state: string | null;
  redirectUri: string;
}

export function exchangeGoogleCode(input: GoogleCallbackInput): Promise<SessionResponse> {
  const body = input.state ? input : { code: input.code, redirectUri: input.redirectUri };
  return api.post<SessionResponse>('/auth/google/callback', body, {
    fallback: ui.googleCallback.backendError,
  });
}
