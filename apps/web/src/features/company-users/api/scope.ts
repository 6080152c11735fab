/**
 * Whose users a screen manages: a supervisor their own company (`mine`, the my-company routes), a
 * desenvolvedor any company chosen by id.
 */
export type CompanyScope = { kind: 'mine'; empresaId: string } | { kind: 'empresa'; empresaId: string };

export function scopePath(scope: CompanyScope, list: 'users' | 'pending-users'): string {
  return scope.kind === 'mine'
    ? `/empresas/my-company/${list}`
    : `/empresas/${encodeURIComponent(scope.empresaId)}/${list}`;
}

export interface MemberFilters {
  search: string;
  role: 'all' | 'supervisor' | 'analista';
}

export function filterQuery({ search, role }: MemberFilters): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (role !== 'all') params.set('role', role);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Every list of one company starts with this key, so a change refreshes them all. */
export const membersKey = (empresaId: string) => ['company-members', empresaId] as const;
