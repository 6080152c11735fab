import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/config`: public switches the screens adapt to (OAuth buttons, local mailbox, support e-mail). */
export interface PublicConfig {
  googleEnabled: boolean;
  microsoftEnabled: boolean;
  mailTransport: 'local' | 'smtp';
  mailboxEnabled: boolean;
  supportEmail: string;
}

export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config');
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
