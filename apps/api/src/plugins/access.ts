import type { ErrorCode, Role } from '@cotacoes/shared';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, actorOfUser } from '../lib/actor.js';
import { AppError } from '../lib/errors.js';
import { type AuthContext, requestMeta } from './request-context.js';
import type { SessionService } from './sessions.js';

/**
 * Who may call a route. Every /api route declares one (checked when the route is registered), and
 * the server enforces it before the handler runs (S2).
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'user';
      roles?: readonly Role[];
      requireEmpresa?: boolean;
      /** The answer to a caller without a company when the spec words it for this route (403). */
      empresaError?: ErrorCode;
    }
  /** Answered by the route itself (e.g. the local mailbox, which depends on where the server listens). */
  | { kind: 'custom'; reason: string };

export const access = {
  public: { kind: 'public' } as Access,
  user: { kind: 'user' } as Access,
  roles: (...roles: Role[]): Access => ({ kind: 'user', roles }),
  company: (...roles: Role[]): Access => ({
    kind: 'user',
    requireEmpresa: true,
    roles: roles.length ? roles : undefined,
  }),
  custom: (reason: string): Access => ({ kind: 'custom', reason }),
};

export const SESSION_COOKIE = 'cotacoes_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    routeAccess: Map<string, Access>;
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies?.[SESSION_COOKIE];
}

async function accessPlugin(app: FastifyInstance, options: { sessions: SessionService }) {
  app.decorateRequest('auth', null);
  app.decorate('routeAccess', new Map<string, Access>());

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.set(`${method} ${route.url}`, declared);
    }
  });

  // Callback style: a session found in the cache (ADR 0014) costs no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = readToken(request);
    const cached = token ? options.sessions.resolveCached(token) : null;
    if (cached !== undefined) {
      request.auth = cached;
      return done(accessError(request));
    }
    options.sessions.resolve(token!).then((auth) => {
      request.auth = auth;
      done(accessError(request));
    }, done);
  });

  // A state-changing request has committed by the time it answers: whatever it changed about users or
  // sessions (logout, password, role, company) holds for the next request, ahead of the NOTIFY (ADR 0014).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) options.sessions.forgetAll();
    done(null, payload);
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why the route's access rule refuses the request, if it does. */
function accessError(request: FastifyRequest): AppError | undefined {
  const rule = request.routeOptions.config?.access;
  if (rule?.kind !== 'user') return undefined;
  if (!request.auth) return new AppError('UNAUTHENTICATED');
  if (rule.roles && !rule.roles.includes(request.auth.user.role)) return new AppError('FORBIDDEN');
  if (rule.requireEmpresa && !request.auth.user.empresaId)
    return new AppError(rule.empresaError ?? 'EMPRESA_REQUIRED');
  return undefined;
}

export default fp(accessPlugin, { name: 'access' });

/** The signed-in user of a route declared with `access.user`/`roles`/`company`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/**
 * The signed-in user as the services take them (lib/actor.ts): their company, id, role and the request's
 * audit meta. Throws EMPRESA_REQUIRED for a user without a company, as `tenantOfUser` does.
 */
export function requireActor(request: FastifyRequest): Actor {
  return actorOfUser(requireAuth(request).user, requestMeta(request));
}
