import type { ResponseTimeSortField, SortDirection } from '@cotacoes/shared/schemas/dashboard';

export interface SortState {
  field: ResponseTimeSortField;
  direction: SortDirection;
}

/** Spec 000 §2: clicking the sorted column toggles asc/desc; a newly chosen column starts desc. */
export function nextSort(current: SortState | null, field: ResponseTimeSortField): SortState {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'desc' };
}
