import type {
  Grupo,
  GrupoCartao,
  GrupoResumo,
  Paginated,
  Transportador,
} from '@cotacoes/shared/schemas/carriers';
import { api } from '@/lib/api-client';

/*
 * The carrier and group calls (spec 000 "carriers and groups"), shared by the management screen and the
 * quote wizard's recipients step. Each screen passes its own fallback message (the spec names a different
 * one per screen) and keeps its own hooks.
 */

export type { Grupo, GrupoCartao, GrupoResumo, Paginated, Transportador };

/**
 * Every query about carriers or groups starts with this key, wherever it is shown: creating a carrier in
 * the wizard reloads the management lists and the other way round.
 */
export const carrierDataKey = ['management'] as const;

export interface CarrierQuery {
  search?: string;
  /** Group ids; a carrier in any of them matches (OR). */
  grupos?: readonly string[];
  page?: number;
  limit?: number;
  format?: string;
}

/** `format`, `search`, `grupos=<id,id>` and the page parameters, in that order; empty ones left out. */
export function carrierQueryString(params: CarrierQuery): string {
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

/** A page of carriers; `totalLimitado` when a search matches more than the `total` the server counts. */
export type CarrierPage = Paginated<Transportador> & { totalLimitado?: boolean };

/** `GET /api/transporters?search&grupos&page&limit`: one page of carriers, ordered by name. */
export function listCarriers(params: CarrierQuery, fallback: string): Promise<CarrierPage> {
  return api.get<CarrierPage>(`/transporters${carrierQueryString(params)}`, { fallback });
}

/** The wire body of spec 000: e-mails joined by ';'. */
export interface CreateCarrierBody {
  nome: string;
  email: string;
  grupos?: string[];
  ativo: boolean;
}

/** `POST /api/transporters` → 201 Transportador; 409 names the carrier that already has an e-mail. */
export function createCarrier(body: CreateCarrierBody, fallback: string): Promise<Transportador> {
  return api.post<Transportador>('/transporters', body, { fallback });
}

/**
 * `GET /api/groups?resumo=true`: every group of the company with the number of its members instead of
 * the members (the group pickers and the quote wizard need no more).
 */
export function listGroupSummaries(fallback: string): Promise<GrupoResumo[]> {
  return api.get<GrupoResumo[]>('/groups?resumo=true', { fallback });
}

/**
 * `GET /api/groups?resumo=true&search&page&limit`: one page of the 'Grupos' tab, searched on name or
 * description; each group with its number of members and the first of them by name (not every member).
 */
export function listGroupsPage(params: CarrierQuery, fallback: string): Promise<Paginated<GrupoCartao>> {
  const query = carrierQueryString(params);
  return api.get<Paginated<GrupoCartao>>(`/groups${query ? `${query}&` : '?'}resumo=true`, { fallback });
}

/** The form sends every field; the modal variant only `nome` and `descricao`. */
export interface CreateGroupBody {
  nome: string;
  descricao?: string | null;
  cor?: string;
  ativo?: boolean;
}

/** `POST /api/groups` → 201 Grupo. */
export function createGroup(body: CreateGroupBody, fallback: string): Promise<Grupo> {
  return api.post<Grupo>('/groups', body, { fallback });
}
