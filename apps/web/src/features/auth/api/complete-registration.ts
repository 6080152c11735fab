import { ui } from '@cotacoes/shared/messages/ui';
import type { SessionResponse } from '@cotacoes/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signIn } from '@/lib/session';

export interface CompleteRegistrationInput {
  name: string;
  password: string;
  confirmPassword: string;
}

export function completeRegistration(input: CompleteRegistrationInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/auth/complete-registration', input, {
    fallback: ui.createPassword.errorFallback,
  });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration, onSuccess: signIn });
}
