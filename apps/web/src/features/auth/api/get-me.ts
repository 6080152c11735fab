import type { User } from '@cotacoes/shared/schemas/auth';
import { api } from '@/lib/api-client';

export function getMe(): Promise<User> {
  return api.get<User>('/auth/me');
}
