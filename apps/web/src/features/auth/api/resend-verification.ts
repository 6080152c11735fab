import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resendVerification(): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/resend-verification', undefined, {
    fallback: ui.verifyEmail.resendErrorFallback,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
