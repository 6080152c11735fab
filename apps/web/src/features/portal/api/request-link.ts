import type { PortalLinkBody } from '@cotacoes/shared/schemas/portal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/portal/link`: the same answer whether or not the code and e-mail matched. `fallback`: the
 * message when the API gives none, in the page's language.
 */
export function requestPortalLink(input: PortalLinkBody, fallback: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/portal/link', input, { fallback });
}

export function useRequestPortalLink(fallback: string) {
  return useMutation({ mutationFn: (input: PortalLinkBody) => requestPortalLink(input, fallback) });
}
