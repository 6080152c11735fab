import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config/env.js';
import { AppError } from '../lib/errors.js';
import { ipRateKey, KeyedLimiter } from '../lib/rate-limiter.js';
import {
  BatchedSharedLimiter,
  fastifyRateLimitStore,
  type Limits,
  type SyncLimiter,
} from '../lib/shared-limits.js';

/**
 * Security headers (S11), no-store on API answers and the per-IP rate limits (S4), shared by every replica
 * through PostgreSQL when `limits.shared` (issue 29, R9).
 */
async function securityPlugin(app: FastifyInstance, options: { config: AppConfig; limits: Limits }) {
  const { config, limits } = options;
  // Built once: @fastify/helmet rebuilt the whole middleware (and re-parsed the CSP) on every request.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: only for a carrier's e-mail images the user chose to load (the sandboxed srcdoc frame
        // inherits this policy and narrows it further with its own; S10).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's headers do not depend on the request: computed once, then copied onto each reply (ADR 0014).
  // Pages and files get all of them; an API answer (JSON, never rendered as a document) gets those S11
  // names and no-store, without the document-only ones: fewer headers to write on every API call.
  const documentHeaders = computeHeaders(applySecurityHeaders);
  const apiHeaders: Record<string, string> = { 'cache-control': 'no-store' };
  for (const name of API_HEADERS) {
    const value = documentHeaders[name];
    if (value !== undefined) apiHeaders[name] = value;
  }
  // An API answer is JSON or a download (`attachment`), never a document: it may load nothing at all.
  // Stricter than the pages' policy and a quarter of its length (every header value is validated and
  // written per answer).
  apiHeaders['content-security-policy'] = API_CSP;
  // The global per-IP limit of /api requests (S4), in the same hook: a synchronous counter instead of
  // @fastify/rate-limit's global hook (three promises, an IPv6 regular expression and an LRU per request;
  // ADR 0014 addendum). Routes with their own `rateLimit` are counted by the plugin alone, as before.
  // Across replicas the counts meet in PostgreSQL in batches, never one round trip per request (ADR 0013).
  let perIp: SyncLimiter;
  if (limits.shared) {
    const batched = new BatchedSharedLimiter(limits.counters, 'ip', config.RATE_LIMIT_MAX, 60_000, app.log);
    app.addHook('onClose', async () => batched.close());
    perIp = batched;
  } else perIp = new KeyedLimiter(config.RATE_LIMIT_MAX, 60_000, 100_000);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api')) {
      reply.headers(documentHeaders);
      return done();
    }
    reply.headers(url.startsWith('/api/docs') ? documentHeaders : apiHeaders);
    if (request.routeOptions.config?.rateLimit === undefined) {
      try {
        perIp.consume(ipRateKey(request.ip));
      } catch (error) {
        return done(error as AppError);
      }
    }
    done();
  });

  await app.register(rateLimit, {
    global: false,
    // Shared: one upsert per counted request in PostgreSQL; otherwise the plugin's in-process store.
    store: limits.shared ? fastifyRateLimitStore(limits.counters) : undefined,
    // The remaining-quota headers cost every request three headers; a 429 still says when to retry.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api'),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) });
      return Object.assign(error, { statusCode: 429 });
    },
  });
}

const API_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const API_HEADERS = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
];

/** The headers a connect-style middleware sets on a response, captured once from a stand-in response. */
function computeHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware(
    { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
    res as unknown as ServerResponse,
    (error) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

export default fp(securityPlugin, { name: 'security' });
