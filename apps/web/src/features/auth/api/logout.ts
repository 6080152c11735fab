import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

/** On success or failure the local session is cleared (spec 7 and 8); callers then go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
