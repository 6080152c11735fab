import { ui } from '@cotacoes/shared/messages/ui';
import type { CnpjLookupResponse } from '@cotacoes/shared/schemas/empresas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { CnpjLookupResponse };

/**
 * `GET /api/empresas/search/cnpj/{cnpj}`: a registered company (`source: 'empresa'`) or the public CNPJ
 * service's data (`source: 'receita'`). 404 'CNPJ não encontrado'; other failures 'Falha ao consultar CNPJ'.
 */
export function searchCnpj(cnpj: string): Promise<CnpjLookupResponse> {
  return api.get<CnpjLookupResponse>(`/empresas/search/cnpj/${encodeURIComponent(cnpj)}`, {
    fallback: ui.onboarding.lookupFailed,
  });
}

/** A look-up the user starts with 'Buscar' / 'Verificar': a mutation keeps its own pending/error state. */
export function useSearchCnpj() {
  return useMutation({ mutationFn: searchCnpj });
}
