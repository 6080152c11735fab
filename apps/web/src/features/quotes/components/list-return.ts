import { paths } from '@/config/paths';

const KEY = 'quotes:list-search';

/** The quotes list's query (tab, search, filters), kept for this tab of the browser. */
export function rememberListSearch(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage refused (private mode): 'Voltar' opens the plain list.
  }
}

/** Where 'Voltar' of a quote goes: the list as it was left (its search and tab), else the plain list. */
export function listReturnHref(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(KEY) ?? '';
  } catch {
    search = '';
  }
  const base = paths.quotes.sent.getHref();
  return search ? `${base}?${search}` : base;
}
