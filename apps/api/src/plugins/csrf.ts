import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart/form-data (files); every other route takes JSON bodies only. */
    multipart?: boolean;
    /** The route also takes a text/plain body (Microsoft Graph's validation handshake, ADR 0028). */
    plainText?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A bearer token is never sent by a browser on its own, so such a call cannot be forged cross-site. */
function isBearer(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/.test(request.headers.authorization ?? '');
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Cross-site request forgery defence beyond SameSite=Lax (issue 18): a state-changing request that a
 * browser could send with our cookies must come from our own origin (the Origin header, else the
 * Referer), and its body must be of the kind the route reads, so that no cross-site HTML form (text/plain,
 * urlencoded, multipart) reaches a JSON route.
 */
async function csrfPlugin(app: FastifyInstance, options: { config: AppConfig }) {
  const appOrigin = originOf(options.config.APP_URL);

  // Callback style: a GET costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return done();
    let refusal: AppError | undefined;
    try {
      refusal = refused(request);
    } catch (error) {
      return done(error as Error);
    }
    done(refusal);
  });

  function refused(request: FastifyRequest): AppError | undefined {
    if (!isBearer(request)) {
      // Browsers send Origin on every POST/PUT/PATCH/DELETE; a request with neither header does not come
      // from a page (curl, a server), so it carries no victim's cookie by accident.
      const claimed = request.headers.origin ?? request.headers.referer;
      // A browser that says the request is cross-site is believed even without an Origin (QA pass 42b:
      // such a POST was accepted; defence in depth for a browser or extension that strips Origin).
      if (claimed === undefined && request.headers['sec-fetch-site'] === 'cross-site') {
        request.log.warn('cross-site request refused (Sec-Fetch-Site)');
        return new AppError('CSRF_ORIGIN_REFUSED');
      }
      if (claimed !== undefined) {
        const origin = originOf(claimed);
        const ownOrigin = `${request.protocol}://${request.host}`;
        if (origin === null || (origin !== appOrigin && origin !== ownOrigin)) {
          request.log.warn({ origin: claimed }, 'cross-site request refused');
          return new AppError('CSRF_ORIGIN_REFUSED');
        }
      }
    }

    // Multipart routes answer any other body themselves (readMultipart); the rest read JSON only.
    if (request.routeOptions.config?.multipart) return undefined;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json' || (!type && !hasBody(request))) return undefined;
    if (type === 'text/plain' && request.routeOptions.config?.plainText) return undefined;
    return new AppError('JSON_BODY_REQUIRED');
  }
}

export default fp(csrfPlugin, { name: 'csrf' });
