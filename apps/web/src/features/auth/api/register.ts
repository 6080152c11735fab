import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function register(input: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/register', input, { fallback: ui.register.errorFallback });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
