import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema/index.js';
import type { RequestMeta } from '../lib/actor.js';

export type { RequestMeta } from '../lib/actor.js';

export type SessionUser = typeof users.$inferSelect;

/** The signed-in caller of an HTTP request (set by the access plugin). */
export type AuthContext = { user: SessionUser; sessionId: string };

/** The request's `RequestMeta` (lib/actor.ts): the signed-in user, if any, and where the request came from. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    userId: request.auth?.user.id ?? null,
    empresaId: request.auth?.user.empresaId ?? null,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}
