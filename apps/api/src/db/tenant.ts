import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/errors.js';

declare const tenantBrand: unique symbol;

/**
 * The company a query is confined to. Repository functions of tenant-owned data take one as a required
 * argument and build their filters with `inTenant`; a Tenant is only made by the functions below, after
 * the caller's right to act in that company was checked (S1).
 */
export type Tenant = { readonly empresaId: string; readonly [tenantBrand]: true };

/** The signed-in user's own company (a desenvolvedor's is the one chosen with set-visao). */
export function tenantOfUser(user: { empresaId: string | null }): Tenant {
  if (!user.empresaId) throw new AppError('EMPRESA_REQUIRED');
  return { empresaId: user.empresaId } as Tenant;
}

/** A company the caller was already checked against (a desenvolvedor's administration, an invitation). */
export function checkedTenant(empresaId: string): Tenant {
  return { empresaId } as Tenant;
}

/** `empresa_id = tenant` and the other conditions: the filter of every tenant-owned query. */
export function inTenant(column: AnyPgColumn, tenant: Tenant, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(column, tenant.empresaId), ...conditions)!;
}
