import { createHash, createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * A local Microsoft identity platform v2.0 issuer and Microsoft Graph v1.0 mail server, written from the
 * contracts in test/fixtures/external/microsoft_identity.json and msgraph_mail.json (copied from the
 * shared fixtures): OIDC discovery and JWKS, the token endpoint (authorization code with the PKCE check,
 * refresh with rotation and the scopes resent, invalid_grant in Entra's error shape for a revoked grant),
 * and Graph's /me, inbox delta (nextLink pages, deltaLink, `@removed`, 410 for a forgotten token), raw
 * MIME ($value), subscriptions (with the validationToken handshake) and 429 + Retry-After. It also plays
 * Graph's notification sender.
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures/external');
const identity = JSON.parse(fs.readFileSync(path.join(fixtures, 'microsoft_identity.json'), 'utf8')) as {
  errors: { token_invalid_grant_real: { body: Record<string, unknown> } };
};
const graph = JSON.parse(fs.readFileSync(path.join(fixtures, 'msgraph_mail.json'), 'utf8')) as {
  errors: { shape: { error: { innerError: Record<string, string> } } };
};

export const FAKE_CLIENT_ID = '0f3c9c61-5d1e-4c47-9d38-2f1b1d6f7a10';
export const FAKE_CLIENT_SECRET = 'segredo-microsoft';
const TENANT = '3338040d-6c67-4c5b-b112-36a304b66dad';
const MAX_SUBSCRIPTION_MINUTES = 10080;
const DEFAULT_PAGE_SIZE = 10;

type Message = { seq: number; id: string; raw: Buffer; receivedAt: Date; removedSeq?: number };
type Mailbox = { address: string; oid: string; messages: Message[]; epoch: number; revoked: boolean };
type Grant = { address: string; scope: string; revoked: boolean };
type Subscription = {
  id: string;
  address: string;
  notificationUrl: string;
  clientState: string;
  expirationDateTime: string;
  resource: string;
  changeType: string;
};
export type GraphRequest = { method: string; path: string; at: number; status: number };

export type FakeMicrosoft = {
  /** MICROSOFT_ISSUER_URL (the tenant's v2.0 issuer). */
  issuer: string;
  /** GRAPH_API_URL. */
  graphUrl: string;
  /** Graph requests answered, in order (throttling tests read the times). */
  graphRequests: GraphRequest[];
  /** Token endpoint form bodies accepted (grant_type, scope...; secrets removed). */
  tokenRequests: Record<string, string>[];
  subscriptions: Map<string, Subscription>;
  /** Every access and refresh token issued (a test checks none of them leaks). */
  issuedTokens: string[];
  addMailbox(address: string): void;
  /** A message arrives in the inbox; answers its Graph id. */
  deliver(address: string, raw: Buffer, receivedAt?: Date): string;
  remove(address: string, id: string): void;
  /** The user (or an admin) revoked the app: refresh tokens get invalid_grant, access tokens 401. */
  revoke(address: string): void;
  /** Every access token issued so far for the address stops working (expired). */
  expireAccessTokens(address: string): void;
  /** Graph forgets the delta tokens of the mailbox (410 Gone). */
  forgetDeltaTokens(address: string): void;
  /** The next `count` Graph calls answer 429 with Retry-After: `seconds`. */
  throttle(count: number, seconds: number): void;
  /** What the user sees after consenting at the authorize URL: the code (and state) of the redirect. */
  consent(
    authorizeUrl: string,
    address: string,
  ): Promise<{ code: string; state: string | null; redirect: URL }>;
  /** Graph's change notification for the mailbox's subscription; `clientState` overrides the right one. */
  notify(address: string, options?: { clientState?: string; subscriptionId?: string }): Promise<number>;
  close(): Promise<void>;
};

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startFakeMicrosoft(): Promise<FakeMicrosoft> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = {
    ...(publicKey.export({ format: 'jwk' }) as Record<string, string>),
    kid,
    use: 'sig',
    alg: 'RS256',
  };
  const mailboxes = new Map<string, Mailbox>();
  const codes = new Map<
    string,
    {
      address: string;
      clientId: string;
      redirectUri: string;
      challenge: string;
      scope: string;
      nonce?: string;
    }
  >();
  const accessTokens = new Map<string, { address: string; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const subscriptions = new Map<string, Subscription>();
  let seq = 0;
  let throttled = { count: 0, seconds: 0 };
  let origin = '';

  const state: FakeMicrosoft = {
    issuer: '',
    graphUrl: '',
    graphRequests: [],
    tokenRequests: [],
    subscriptions,
    issuedTokens: [],
    addMailbox(address) {
      const key = address.toLowerCase();
      if (!mailboxes.has(key))
        mailboxes.set(key, { address: key, oid: randomUUID(), messages: [], epoch: 0, revoked: false });
    },
    deliver(address, raw, receivedAt = new Date()) {
      const box = mailboxOf(address);
      const id = `AAMkAG${randomBytes(12).toString('base64url')}=`;
      box.messages.push({ seq: ++seq, id, raw, receivedAt });
      return id;
    },
    remove(address, id) {
      const message = mailboxOf(address).messages.find((m) => m.id === id);
      if (message) message.removedSeq = ++seq;
    },
    revoke(address) {
      mailboxOf(address).revoked = true;
      for (const grant of refreshTokens.values())
        if (grant.address === address.toLowerCase()) grant.revoked = true;
      for (const [token, entry] of accessTokens)
        if (entry.address === address.toLowerCase()) accessTokens.delete(token);
    },
    expireAccessTokens(address) {
      for (const entry of accessTokens.values())
        if (entry.address === address.toLowerCase()) entry.expiresAt = 0;
    },
    forgetDeltaTokens(address) {
      mailboxOf(address).epoch += 1;
    },
    throttle(count, seconds) {
      throttled = { count, seconds };
    },
    async consent(authorizeUrl, address) {
      const url = new URL(authorizeUrl);
      url.searchParams.set('login_hint', address);
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status !== 302)
        throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
      const redirect = new URL(response.headers.get('location')!);
      return {
        code: redirect.searchParams.get('code')!,
        state: redirect.searchParams.get('state'),
        redirect,
      };
    },
    async notify(address, options = {}) {
      const subscription =
        (options.subscriptionId && subscriptions.get(options.subscriptionId)) ||
        [...subscriptions.values()].find((s) => s.address === address.toLowerCase());
      if (!subscription) throw new Error(`no subscription for ${address}`);
      const last = mailboxOf(address).messages.at(-1);
      const response = await fetch(subscription.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          value: [
            {
              subscriptionId: options.subscriptionId ?? subscription.id,
              subscriptionExpirationDateTime: subscription.expirationDateTime,
              changeType: 'created',
              resource: `Users/${mailboxOf(address).oid}/Messages/${last?.id ?? 'none'}`,
              resourceData: {
                '@odata.type': '#Microsoft.Graph.Message',
                '@odata.id': `Users/${mailboxOf(address).oid}/Messages/${last?.id ?? 'none'}`,
                '@odata.etag': 'W/"CQAAABYAAADHcgC8Hl9tRZ/hc1wEUs1TAAAwR4Hg"',
                id: last?.id ?? 'none',
              },
              clientState: options.clientState ?? subscription.clientState,
              tenantId: TENANT,
            },
          ],
        }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => {},
  };

  function mailboxOf(address: string): Mailbox {
    const box = mailboxes.get(address.toLowerCase());
    if (!box) throw new Error(`fake Microsoft: no mailbox ${address}`);
    return box;
  }

  function signIdToken(claims: Record<string, unknown>): string {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const body = b64url(JSON.stringify(claims));
    const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(privateKey);
    return `${header}.${body}.${b64url(signature)}`;
  }

  function issueTokens(address: string, scope: string, nonce?: string) {
    const box = mailboxOf(address);
    const accessToken = `eyJ0eXAi.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { address: box.address, expiresAt: Date.now() + 3600_000 });
    state.issuedTokens.push(accessToken);
    const now = Math.floor(Date.now() / 1000);
    const body: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: 'openid email https://graph.microsoft.com/Mail.Read',
      expires_in: 3600,
      ext_expires_in: 3600,
      access_token: accessToken,
    };
    if (scope.split(' ').includes('offline_access')) {
      const refreshToken = `0.AAAA${randomBytes(32).toString('base64url')}`;
      refreshTokens.set(refreshToken, { address: box.address, scope, revoked: false });
      state.issuedTokens.push(refreshToken);
      body.refresh_token = refreshToken;
    }
    if (scope.split(' ').includes('openid'))
      body.id_token = signIdToken({
        ver: '2.0',
        iss: state.issuer,
        sub: createHash('sha256').update(box.oid).digest('base64url').slice(0, 43),
        aud: FAKE_CLIENT_ID,
        oid: box.oid,
        tid: TENANT,
        iat: now,
        nbf: now,
        exp: now + 3600,
        name: 'Caixa de Cotações',
        preferred_username: box.address,
        ...(scope.split(' ').includes('email') ? { email: box.address } : {}),
        ...(nonce ? { nonce } : {}),
      });
    return body;
  }

  function entraError(response: http.ServerResponse, status: number, error: string, description: string) {
    const sample = identity.errors.token_invalid_grant_real.body;
    send(response, status, {
      ...sample,
      error,
      error_description: `AADSTS70000: ${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
      timestamp: new Date().toISOString(),
      trace_id: randomUUID(),
      correlation_id: randomUUID(),
    });
  }

  function graphError(
    response: http.ServerResponse,
    status: number,
    code: string,
    message: string,
    headers = {},
  ) {
    send(
      response,
      status,
      {
        error: {
          code,
          message,
          innerError: {
            ...graph.errors.shape.error.innerError,
            date: new Date().toISOString().slice(0, 19),
            'request-id': randomUUID(),
            'client-request-id': randomUUID(),
          },
        },
      },
      headers,
    );
  }

  function send(
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  }

  async function readBody(request: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const tenantBase = `/${TENANT}`;

  async function identityRoute(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    if (url.pathname === `${tenantBase}/v2.0/.well-known/openid-configuration`) {
      return send(response, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${origin}${tenantBase}/oauth2/v2.0/authorize`,
        token_endpoint: `${origin}${tenantBase}/oauth2/v2.0/token`,
        jwks_uri: `${origin}${tenantBase}/discovery/v2.0/keys`,
        userinfo_endpoint: `${origin}/oidc/userinfo`,
        end_session_endpoint: `${origin}${tenantBase}/oauth2/v2.0/logout`,
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        token_endpoint_auth_methods_supported: [
          'client_secret_post',
          'private_key_jwt',
          'client_secret_basic',
        ],
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'nonce',
          'name',
          'preferred_username',
          'oid',
          'tid',
          'ver',
          'email',
        ],
        tenant_region_scope: 'SA',
      });
    }
    if (url.pathname === `${tenantBase}/discovery/v2.0/keys`) return send(response, 200, { keys: [jwk] });
    if (url.pathname === `${tenantBase}/oauth2/v2.0/authorize` && request.method === 'GET') {
      const p = url.searchParams;
      const redirectUri = p.get('redirect_uri');
      const address = p.get('login_hint')?.toLowerCase();
      if (p.get('client_id') !== FAKE_CLIENT_ID || !redirectUri || p.get('response_type') !== 'code')
        return entraError(response, 400, 'invalid_request', 'The request is malformed.');
      const back = new URL(redirectUri);
      if (!address || !mailboxes.has(address)) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'the user canceled');
      } else if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = `M.C5${randomBytes(24).toString('base64url')}`;
        codes.set(code, {
          address,
          clientId: FAKE_CLIENT_ID,
          redirectUri,
          challenge: p.get('code_challenge')!,
          scope: p.get('scope') ?? '',
          nonce: p.get('nonce') ?? undefined,
        });
        back.searchParams.set('code', code);
      }
      if (p.get('state')) back.searchParams.set('state', p.get('state')!);
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname === `${tenantBase}/oauth2/v2.0/token` && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [];
      const clientId = form.get('client_id') ?? basicId;
      const clientSecret = form.get('client_secret') ?? basicSecret;
      const {
        client_secret: _s,
        code_verifier: _v,
        code: _c,
        refresh_token: _r,
        ...visible
      } = Object.fromEntries(form);
      state.tokenRequests.push(visible);
      if (clientId !== FAKE_CLIENT_ID || clientSecret !== FAKE_CLIENT_SECRET)
        return entraError(response, 401, 'invalid_client', 'Invalid client secret provided.');
      if (form.get('grant_type') === 'authorization_code') {
        const entry = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!entry || entry.redirectUri !== form.get('redirect_uri'))
          return entraError(
            response,
            400,
            'invalid_grant',
            'The provided authorization code or refresh token has expired or was already used.',
          );
        if (createHash('sha256').update(verifier).digest('base64url') !== entry.challenge)
          return entraError(
            response,
            400,
            'invalid_grant',
            'The code_verifier does not match the code_challenge supplied in the authorization request for PKCE.',
          );
        return send(response, 200, issueTokens(entry.address, entry.scope, entry.nonce));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked)
          return entraError(response, 400, 'invalid_grant', 'The refresh token has expired or was revoked.');
        if (!form.get('scope'))
          return entraError(
            response,
            400,
            'invalid_request',
            "The request body must contain the parameter: 'scope'.",
          );
        // Rotation: the used refresh token stops working.
        refreshTokens.delete(form.get('refresh_token')!);
        return send(response, 200, issueTokens(grant.address, grant.scope));
      }
      return entraError(response, 400, 'unsupported_grant_type', 'The grant type is not supported.');
    }
    return graphError(response, 404, 'NotFound', 'Not found');
  }

  async function graphRoute(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const record = (status: number) =>
      state.graphRequests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        at: Date.now(),
        status,
      });
    if (throttled.count > 0) {
      throttled.count -= 1;
      record(429);
      return graphError(
        response,
        429,
        'ApplicationThrottled',
        'Application is over its MailboxConcurrency limit.',
        {
          'retry-after': String(throttled.seconds),
        },
      );
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer ? accessTokens.get(bearer) : undefined;
    if (!token || token.expiresAt < Date.now()) {
      record(401);
      return graphError(
        response,
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
      );
    }
    const box = mailboxOf(token.address);
    const route = decodeURIComponent(url.pathname.slice('/v1.0'.length));
    const ok = (body: unknown, status = 200) => {
      record(status);
      send(response, status, body);
    };
    if (route === '/me' && request.method === 'GET') {
      return ok({
        '@odata.context': `${state.graphUrl}/$metadata#users(mail,userPrincipalName)/$entity`,
        mail: box.address,
        userPrincipalName: box.address,
      });
    }
    const delta = /^\/me\/mailFolders(?:\('inbox'\)|\/inbox)\/messages\/delta$/i.test(route);
    if (delta && request.method === 'GET') return deltaRoute(request, response, url, box, record);
    const value = /^\/me\/messages\/([^/]+)\/\$value$/.exec(route);
    if (value && request.method === 'GET') {
      const message = box.messages.find((m) => m.id === value[1] && !m.removedSeq);
      if (!message) {
        record(404);
        return graphError(
          response,
          404,
          'ErrorItemNotFound',
          'The specified object was not found in the store.',
        );
      }
      record(200);
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(message.raw);
    }
    if (route === '/subscriptions' && request.method === 'POST') {
      const body = JSON.parse(await readBody(request)) as Partial<Subscription> & {
        lifecycleNotificationUrl?: string;
      };
      const expires = Date.parse(body.expirationDateTime ?? '');
      if (
        !body.notificationUrl ||
        !body.resource ||
        body.changeType !== 'created' ||
        !Number.isFinite(expires)
      ) {
        record(400);
        return graphError(response, 400, 'InvalidRequest', 'Subscription request is invalid.');
      }
      if (expires > Date.now() + MAX_SUBSCRIPTION_MINUTES * 60_000) {
        record(400);
        return graphError(
          response,
          400,
          'InvalidRequest',
          'Subscription expiration can only be 10080 minutes in the future.',
        );
      }
      if ((body.clientState ?? '').length > 128) {
        record(400);
        return graphError(response, 400, 'InvalidRequest', 'clientState is longer than 128 characters.');
      }
      // The validation handshake: the endpoint must echo the token as text/plain within 10 s.
      for (const target of new Set(
        [body.notificationUrl, body.lifecycleNotificationUrl].filter(Boolean) as string[],
      )) {
        const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
        const check = new URL(target);
        check.searchParams.set('validationToken', validationToken);
        const echoed = await fetch(check, {
          method: 'POST',
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          signal: AbortSignal.timeout(10_000),
        }).then(
          async (r) =>
            r.status === 200 &&
            (r.headers.get('content-type') ?? '').startsWith('text/plain') &&
            (await r.text()) === validationToken,
          () => false,
        );
        if (!echoed) {
          record(400);
          return graphError(
            response,
            400,
            'InvalidRequest',
            'Subscription validation request failed. Response must exactly match validationToken query parameter.',
          );
        }
      }
      const subscription: Subscription = {
        id: randomUUID(),
        address: box.address,
        notificationUrl: body.notificationUrl,
        clientState: body.clientState ?? '',
        expirationDateTime: new Date(expires).toISOString(),
        resource: body.resource,
        changeType: body.changeType,
      };
      subscriptions.set(subscription.id, subscription);
      const { address: _a, ...visible } = subscription;
      return ok(
        {
          '@odata.context': `${state.graphUrl}/$metadata#subscriptions/$entity`,
          ...visible,
          applicationId: FAKE_CLIENT_ID,
          creatorId: box.oid,
        },
        201,
      );
    }
    const one = /^\/subscriptions\/([^/]+)$/.exec(route);
    if (one) {
      const subscription = subscriptions.get(one[1]!);
      if (!subscription || subscription.address !== box.address) {
        record(404);
        return graphError(response, 404, 'ResourceNotFound', 'The object was not found.');
      }
      if (request.method === 'DELETE') {
        subscriptions.delete(subscription.id);
        record(204);
        response.writeHead(204);
        return response.end();
      }
      if (request.method === 'PATCH') {
        const body = JSON.parse(await readBody(request)) as { expirationDateTime?: string };
        const expires = Date.parse(body.expirationDateTime ?? '');
        if (!Number.isFinite(expires) || expires > Date.now() + MAX_SUBSCRIPTION_MINUTES * 60_000) {
          record(400);
          return graphError(response, 400, 'InvalidRequest', 'Invalid expirationDateTime.');
        }
        subscription.expirationDateTime = new Date(expires).toISOString();
        const { address: _a, ...visible } = subscription;
        return ok(visible);
      }
    }
    record(404);
    return graphError(response, 404, 'UnknownError', 'Resource not found for the segment.');
  }

  type Cursor = { m: string; e: number; from: number; to: number; since: number; offset: number };
  const encode = (cursor: Cursor) => b64url(JSON.stringify(cursor));

  function deltaRoute(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    url: URL,
    box: Mailbox,
    record: (status: number) => void,
  ) {
    const token = url.searchParams.get('$deltatoken') ?? url.searchParams.get('$skiptoken');
    let cursor: Cursor;
    if (token) {
      try {
        cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
      } catch {
        cursor = { m: '', e: -1, from: 0, to: 0, since: 0, offset: 0 };
      }
      if (cursor.m !== box.address || cursor.e !== box.epoch) {
        record(410);
        return graphError(response, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
      }
      if (url.searchParams.has('$deltatoken')) cursor = { ...cursor, from: cursor.to, to: seq, offset: 0 };
    } else {
      const filter = /^receivedDateTime ge (\S+)$/.exec(url.searchParams.get('$filter') ?? '');
      cursor = {
        m: box.address,
        e: box.epoch,
        from: 0,
        to: seq,
        since: filter ? Date.parse(filter[1]!) : 0,
        offset: 0,
      };
    }
    const size = Number(
      /odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? DEFAULT_PAGE_SIZE,
    );
    const initial = cursor.from === 0;
    const changes: Record<string, unknown>[] = [];
    for (const message of box.messages) {
      if (message.receivedAt.getTime() < cursor.since) continue;
      const added = message.seq > cursor.from && message.seq <= cursor.to;
      const removed =
        message.removedSeq !== undefined &&
        message.removedSeq > cursor.from &&
        message.removedSeq <= cursor.to;
      if (removed && !initial)
        changes.push({
          '@odata.type': '#microsoft.graph.message',
          id: message.id,
          '@removed': { reason: 'deleted' },
        });
      else if (added && !message.removedSeq)
        changes.push({
          '@odata.type': '#microsoft.graph.message',
          '@odata.etag': `W/"${message.seq}"`,
          id: message.id,
          receivedDateTime: message.receivedAt.toISOString(),
        });
    }
    const page = changes.slice(cursor.offset, cursor.offset + size);
    const base = `${state.graphUrl}/me/mailFolders('inbox')/messages/delta`;
    const body: Record<string, unknown> = {
      '@odata.context': `${state.graphUrl}/$metadata#Collection(message)`,
      value: page,
    };
    if (cursor.offset + size < changes.length)
      body['@odata.nextLink'] = `${base}?$skiptoken=${encode({ ...cursor, offset: cursor.offset + size })}`;
    else body['@odata.deltaLink'] = `${base}?$deltatoken=${encode({ ...cursor, offset: 0 })}`;
    record(200);
    return send(response, 200, body);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const handler = url.pathname.startsWith('/v1.0/') ? graphRoute : identityRoute;
    handler(request, response, url).catch((error: unknown) => {
      if (!response.headersSent) graphError(response, 500, 'InternalServerError', String(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.issuer = `${origin}${tenantBase}/v2.0`;
  state.graphUrl = `${origin}/v1.0`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
