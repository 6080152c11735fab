import { ui } from '@cotacoes/shared/messages/ui';
import type { PortalLinkBody } from '@cotacoes/shared/schemas/portal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/portal/link`: the same answer whether or not the code and e-mail matched. */
export function requestPortalLink(input: PortalLinkBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/portal/link', input, { fallback: ui.portal.entry.errorFallback });
}

export function useRequestPortalLink() {
  return useMutation({ mutationFn: requestPortalLink });
}
