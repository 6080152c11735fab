import type { PortalView } from '@cotacoes/shared/schemas/portal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const portalKey = (token: string) => ['portal', token] as const;

/**
 * `GET /api/portal/{token}`: the request this carrier received, its state, its own answer and its language.
 * `fallback`: the message when the API gives none, in the page's language.
 */
export function getPortal(token: string, fallback: string): Promise<PortalView> {
  return api.get<PortalView>(`/portal/${encodeURIComponent(token)}`, { fallback });
}

export function usePortal(token: string, fallback: string) {
  // A refused token (expired, reused) stays refused: no retry, no refetch on focus.
  return useQuery({
    queryKey: portalKey(token),
    queryFn: () => getPortal(token, fallback),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Where a file of the request is downloaded: a plain link (the binding cookie goes with it). */
export function portalAttachmentHref(token: string, id: string): string {
  return `/api/portal/${encodeURIComponent(token)}/anexos/${encodeURIComponent(id)}`;
}

/** The request as the PDF its e-mail carried ("segue também em PDF"). */
export function portalRequestPdfHref(token: string): string {
  return `/api/portal/${encodeURIComponent(token)}/pedido.pdf`;
}
