import { ui } from '@cotacoes/shared/messages/ui';
import type { ImportCommitBody, ImportResult, ImportRow } from '@cotacoes/shared/schemas/carriers';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export type { ImportResult };

/** The rows of a preview worth sending: everything but the invalid ones, as the file had them. */
export function rowsToImport(rows: readonly ImportRow[]): ImportCommitBody['linhas'] {
  return rows
    .filter((row) => row.status !== 'invalido')
    .map(({ linha, nome, emails, grupos }) => ({ linha, nome, emails, grupos }));
}

/** `POST /api/transporters/import {linhas}`: the server checks the rows again and writes them. */
export function commitImport(body: ImportCommitBody): Promise<ImportResult> {
  return api.post<ImportResult>('/transporters/import', body, { fallback: ui.management.import.commitError });
}

export function useCommitImport() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: commitImport, onSuccess: invalidate });
}
