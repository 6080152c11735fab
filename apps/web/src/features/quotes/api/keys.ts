import type { QuoteStatus } from '@cotacoes/shared/rules/quote-status';
import { QUOTE_PAGE_SIZE } from '@cotacoes/shared/schemas/quotes';
import { quotesKey } from '@/api/quote-keys';
/** Carriers and groups offered as recipients in the wizard. */
export const recipientsKey = [...quotesKey, 'recipients'] as const;

/** Spec 001 §9: list page size 10, the tab counters use page size 1, the list cache lives 30 s. */
export const LIST_PAGE_SIZE = QUOTE_PAGE_SIZE;
export const COUNTER_PAGE_SIZE = 1;
export const LIST_STALE_MS = 30_000;
export const CREATED_REDIRECT_MS = 2_000;
export const NOTICE_MS = 3_000;
export const ERROR_NOTICE_MS = 5_000;
export const MAX_PAGE_BUTTONS = 5;
/** Carriers shown per search in the recipients step (the company may have thousands). */
export const CARRIER_PICKER_LIMIT = 50;

export type QuoteTab = 'enviadas' | 'finalizadas';

export interface QuoteListParams {
  tab: QuoteTab;
  page: number;
  limit: number;
  search?: string;
  status?: QuoteStatus;
  /** Only quotes whose answer deadline has passed. */
  vencidas?: boolean;
}

/** `page`, `limit`, `search`, `status`, `vencidas`, `tab`; empty ones left out. */
export function listQueryString(params: QuoteListParams): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('limit', String(params.limit));
  const search = params.search?.trim();
  if (search) query.set('search', search);
  if (params.status) query.set('status', params.status);
  if (params.vencidas) query.set('vencidas', 'true');
  query.set('tab', params.tab);
  return `?${query.toString()}`;
}
