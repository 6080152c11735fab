import type { Role } from '@cotacoes/shared';
import { type Tenant, tenantOfUser } from '../db/tenant.js';
import type { AuditContext } from './audit.js';

/**
 * Who did something and from where: what an audit row records. HTTP requests build it with
 * `requestMeta` (plugins/request-context.ts); entry points without a request (inbound mail, jobs) build
 * their own.
 */
export type RequestMeta = AuditContext & { userAgent?: string };

/**
 * Who a service acts for, as plain data: the company it is confined to, the user, and the meta of the
 * audit rows it writes. HTTP routes build it once per request (`requireActor`, plugins/access.ts); any
 * other caller (the seed, a job, a portal) builds it from a user it trusts with `actorOfUser`. `role` is
 * the user's role where a service decides by it (a desenvolvedor's reach across companies); without one
 * the caller has no such privilege.
 */
export type Actor = {
  readonly tenant: Tenant;
  readonly userId: string;
  readonly role?: Role;
  readonly meta: RequestMeta;
};

/** The actor of a user acting in their own company (throws EMPRESA_REQUIRED without one). */
export function actorOfUser(
  user: { id: string; empresaId: string | null; role?: Role },
  meta: RequestMeta = {},
): Actor {
  const tenant = tenantOfUser(user);
  return {
    tenant,
    userId: user.id,
    role: user.role,
    meta: { ...meta, userId: user.id, empresaId: tenant.empresaId },
  };
}
