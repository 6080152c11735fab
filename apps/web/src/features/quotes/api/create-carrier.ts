import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/transporters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recipientsKey } from './keys';

/** The query prefix of the carriers and groups screen, which also lists what is created here. */
const managementKey = ['management'] as const;

export interface CreateCarrierInput {
  nome: string;
  /** Addresses joined by ';' (the wire format of spec 000). */
  email: string;
}

/** `POST /api/transporters {nome, email, grupos: [], ativo: true}` → 201 Transportador. */
export function createCarrier(input: CreateCarrierInput): Promise<Transportador> {
  return api.post<Transportador>(
    '/transporters',
    { nome: input.nome, email: input.email, grupos: [], ativo: true },
    { fallback: ui.quotes.recipients.carrierModal.error },
  );
}

export function useCreateCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCarrier,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recipientsKey });
      void queryClient.invalidateQueries({ queryKey: managementKey });
    },
  });
}
