import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { carrierDataKey, createCarrier as postCarrier } from '@/api/carriers';
import { recipientsKey } from './keys';

export interface CreateCarrierInput {
  nome: string;
  /** Addresses joined by ';' (the wire format of spec 000). */
  email: string;
}

/** `POST /api/transporters {nome, email, grupos: [], ativo: true}` → 201 Transportador. */
export function createCarrier(input: CreateCarrierInput): Promise<Transportador> {
  return postCarrier(
    { nome: input.nome, email: input.email, grupos: [], ativo: true },
    ui.quotes.recipients.carrierModal.error,
  );
}

export function useCreateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCarrier,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recipientsKey });
      void queryClient.invalidateQueries({ queryKey: carrierDataKey });
    },
  });
}
