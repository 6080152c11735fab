import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  code: string;
  password: string;
  confirmPassword: string;
}

/** `POST /api/auth/reset-password`: the mailed code and the new password; ends every session. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', input, {
    fallback: ui.forgotPassword.resetErrorFallback,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
