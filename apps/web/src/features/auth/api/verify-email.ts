import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The pending registration is identified by the HttpOnly cookie set by /auth/register. */
export function verifyEmail(input: { code: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/verify-email', input, {
    fallback: ui.verifyEmail.errorFallback,
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
