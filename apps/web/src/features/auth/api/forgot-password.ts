import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/auth/forgot-password`: the same answer for any e-mail; sets the reset cookie. */
export function forgotPassword(input: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', input, {
    fallback: ui.forgotPassword.errorFallback,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
