import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/change-password', input, {
    fallback: ui.changePassword.errorFallback,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
