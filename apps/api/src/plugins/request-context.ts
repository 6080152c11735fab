import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema/index.js';
import type { AuditContext } from '../lib/audit.js';

export type SessionUser = typeof users.$inferSelect;

/** The signed-in caller of an HTTP request (set by the access plugin). */
export type AuthContext = { user: SessionUser; sessionId: string };

/**
 * Who did something and from where: what an audit row records. HTTP requests build it with
 * `requestMeta`; entry points without a request (inbound mail, jobs) build their own.
 */
export type RequestMeta = AuditContext & { userAgent?: string };

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    userId: request.auth?.user.id ?? null,
    empresaId: request.auth?.user.empresaId ?? null,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}
