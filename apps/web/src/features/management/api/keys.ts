import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Every query of the screen starts with this key, so any change reloads every list (spec 7). */
export const managementKey = ['management'] as const;
export const transportersKey = [...managementKey, 'transporters'] as const;
export const groupsKey = [...managementKey, 'groups'] as const;

/** Page sizes: the lists stay small in the DOM with thousands of carriers. */
export const AGENTS_PAGE_SIZE = 50;
export const GROUPS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 50;

export interface TransporterFilters {
  search: string;
  /** Group ids; a carrier in any of them matches (OR). */
  grupos: readonly string[];
}

export const noTransporterFilters: TransporterFilters = { search: '', grupos: [] };

/** `search`, `grupos=<id,id>` and the page parameters, in that order; empty ones left out. */
export function queryString(params: {
  search?: string;
  grupos?: readonly string[];
  page?: number;
  limit?: number;
  format?: string;
}): string {
  const query = new URLSearchParams();
  if (params.format) query.set('format', params.format);
  const search = params.search?.trim();
  if (search) query.set('search', search);
  if (params.grupos && params.grupos.length > 0) query.set('grupos', params.grupos.join(','));
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function useInvalidateManagement() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: managementKey }), [queryClient]);
}
