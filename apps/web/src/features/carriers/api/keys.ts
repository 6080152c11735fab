import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { carrierDataKey, carrierQueryString } from '@/api/carriers';

/** Every query of the screen starts with this key, so any change reloads every list (spec 7). */
export const managementKey = carrierDataKey;
export const carriersKey = [...managementKey, 'transporters'] as const;
export const groupsKey = [...managementKey, 'groups'] as const;

/** Page sizes: the lists stay small in the DOM with thousands of carriers. */
export const CARRIERS_PAGE_SIZE = 50;
export const GROUPS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 50;

export interface CarrierFilters {
  search: string;
  /** Group ids; a carrier in any of them matches (OR). */
  grupos: readonly string[];
}

export const noCarrierFilters: CarrierFilters = { search: '', grupos: [] };

/** `search`, `grupos=<id,id>` and the page parameters, in that order; empty ones left out. */
export const queryString = carrierQueryString;

export function useInvalidateManagement() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: managementKey }), [queryClient]);
}
