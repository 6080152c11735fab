import { ui } from '@cotacoes/shared/messages/ui';
import type { CarrierHint } from '@cotacoes/shared/schemas/hints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managementKey } from './keys';

export type { CarrierHint };

export const carrierHintsKey = (carrierId: string) => [...managementKey, 'hints', carrierId] as const;

/** `GET /api/transporters/{id}/hints`: what corrections of this carrier's replies taught (ADR 0101). */
export function listCarrierHints(carrierId: string): Promise<CarrierHint[]> {
  return api.get<CarrierHint[]>(`/transporters/${encodeURIComponent(carrierId)}/hints`, {
    fallback: ui.hints.carrier.loadError,
  });
}

export function useCarrierHints(carrierId: string) {
  return useQuery({ queryKey: carrierHintsKey(carrierId), queryFn: () => listCarrierHints(carrierId) });
}

/** `DELETE /api/transporters/{id}/hints/{hintId}` → {message}: the carrier's next replies stop using it. */
export function deleteCarrierHint(carrierId: string, hintId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(
    `/transporters/${encodeURIComponent(carrierId)}/hints/${encodeURIComponent(hintId)}`,
    { fallback: ui.hints.carrier.removeError },
  );
}

export function useDeleteCarrierHint(carrierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hintId: string) => deleteCarrierHint(carrierId, hintId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierHintsKey(carrierId) }),
  });
}
