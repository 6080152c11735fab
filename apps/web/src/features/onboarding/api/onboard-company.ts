import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OnboardingInput {
  nome: string;
  /** A temporary value: the server derives the unique code from the name (ADR 0008). */
  codigo: string;
  cnpj: string;
  razaoSocial: string | null;
  endereco: string | null;
}

export type OnboardingResult = Empresa & { user: User };

/** `POST /api/empresas/onboarding`: creates the company; the creator becomes its supervisor. */
export function onboardCompany(input: OnboardingInput): Promise<OnboardingResult> {
  return api.post<OnboardingResult>('/empresas/onboarding', input, {
    fallback: ui.onboarding.createErrorFallback,
  });
}

export function useOnboardCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboardCompany,
    // The screen stores the returned user together with its success step (see OnboardingPage).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
