import { ui } from '@cotacoes/shared/messages/ui';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/empresas/current/visao`: the company the user acts in (null without one). */
export function getCurrentCompany(): Promise<{ empresaId: string | null; empresa: Empresa | null }> {
  return api.get('/empresas/current/visao', { fallback: ui.companies.loadError });
}

export function useCurrentCompany(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['empresas', 'current'],
    queryFn: getCurrentCompany,
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}
