import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/transporters';
import { useMutation } from '@tanstack/react-query';
import { createCarrier } from '@/api/carriers';
import { useInvalidateManagement } from './keys';

/** The wire body of spec 7: e-mails joined by ';'. The simple modal sends no `grupos`. */
export interface CreateTransporterInput {
  nome: string;
  email: string;
  grupos?: string[];
  ativo: boolean;
}

/** `POST /api/transporters` → 201 Transportador; 409 names the carrier that already has an e-mail. */
export function createTransporter(input: CreateTransporterInput): Promise<Transportador> {
  return createCarrier(input, ui.management.agents.createError);
}

export function useCreateTransporter() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: createTransporter, onSuccess: invalidate });
}
