import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/session';

export function updateProfile(input: { receiveEmailCopy: boolean }): Promise<User> {
  return api.post<User>('/auth/profile', input, { fallback: ui.settings.preferenceError });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: updateUser });
}
