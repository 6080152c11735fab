import { useState } from 'react';

/**
 * What the carriers list remembers while the user switches tabs: the search as typed, the group filter,
 * the page (back to 1 whenever the filters change) and the selected carrier ids.
 */
export function useCarriersListState() {
  const [search, setSearch] = useState('');
  const [grupos, setGrupos] = useState<string[]>([]);
  const [paging, setPaging] = useState({ filterKey: '', page: 1 });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkGroupId, setBulkGroupId] = useState('');

  return {
    search,
    setSearch,
    grupos,
    setGrupos,
    selected,
    setSelected,
    bulkGroupId,
    setBulkGroupId,
    /** The page for these (debounced) filters: a new search starts again at page 1. */
    pageFor: (filterKey: string) => (paging.filterKey === filterKey ? paging.page : 1),
    setPage: (filterKey: string, page: number) => setPaging({ filterKey, page }),
  };
}

export type CarriersListState = ReturnType<typeof useCarriersListState>;
