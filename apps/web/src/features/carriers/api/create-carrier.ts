import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { useMutation } from '@tanstack/react-query';
import { createCarrier as postCarrier } from '@/api/carriers';
import { useInvalidateManagement } from './keys';

/** The wire body of spec 7: e-mails joined by ';'. The simple modal sends no `grupos`. */
export interface CreateCarrierInput {
  nome: string;
  email: string;
  grupos?: string[];
  ativo: boolean;
}

/** `POST /api/transporters` → 201 Transportador; 409 names the carrier that already has an e-mail. */
export function createCarrier(input: CreateCarrierInput): Promise<Transportador> {
  return postCarrier(input, ui.management.carriers.createError);
}

export function useCreateCarrier() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: createCarrier, onSuccess: invalidate });
}
