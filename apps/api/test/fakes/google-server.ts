import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportJWK, SignJWT } from 'jose';
import { simpleParser } from 'mailparser';

/*
 * A local Google: the OpenID provider (discovery, JWKS, authorize, token with PKCE, refresh, revoke) and the
 * Gmail API v1 (profile, history, messages list/get raw|full, attachments, watch, stop) in one HTTP server,
 * written from the contracts in test/fixtures/external/ (google_oauth_oidc.json, gmail_api.json). It also
 * signs Pub/Sub push tokens with its own key, as Google does for an OIDC-authenticated push subscription.
 */

const fixtures = path.resolve(import.meta.dirname, '../fixtures/external');
const oidcContract = () =>
  JSON.parse(fs.readFileSync(path.join(fixtures, 'google_oauth_oidc.json'), 'utf8')) as {
    discovery_document: Record<string, unknown>;
  };
const gmailContract = () =>
  JSON.parse(fs.readFileSync(path.join(fixtures, 'gmail_api.json'), 'utf8')) as {
    errors: Record<string, { status: number; body: unknown }>;
    responses: Record<string, unknown>;
  };

type StoredMessage = {
  id: string;
  threadId: string;
  raw: Buffer;
  historyId: number;
  internalDate: number;
  labelIds: string[];
  attachments: { attachmentId: string; filename: string; mimeType: string; content: Buffer }[];
};

export type FakeMailbox = {
  email: string;
  messages: StoredMessage[];
  history: { id: number; messageId: string }[];
  historyId: number;
  /** history.list with a startHistoryId below this answers 404 (the contract's "too old"). */
  oldestHistoryId: number;
  watch?: { topicName: string; expiration: number };
};

type Grant = { email: string; clientId: string; redirectUri: string; challenge: string; scope: string };
type Tokens = { email: string; refreshToken: string; revoked: boolean };

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request's method and path (no query), in order. */
  requests: string[];
  /** Token requests' grant types and whether the PKCE verifier matched. */
  tokenRequests: { grantType: string; pkce?: boolean }[];
  /** The account that 'signs in' at the authorization page (defaults to the first mailbox). */
  signInAs: string | undefined;
  /** Seconds an access token lives (expires_in). */
  accessTtl: number;
  /** The most results one messages.list or history.list page holds, whatever maxResults asks (≤ 500). */
  maxPageSize: number;
  /** The next `times` Gmail calls answer this quota error. */
  quota: { status: 429 | 403; reason: string; times: number; retryAfter?: number } | undefined;
  mailbox(email: string): FakeMailbox;
  /**
   * Adds a raw message to the INBOX: a new history record; answers its Gmail id. `internalDate` (epoch ms,
   * default now) is when Gmail received it: what `newer_than:` and `after:` compare.
   */
  deliver(email: string, raw: Buffer, labelIds?: string[], internalDate?: number): Promise<string>;
  /** Forgets history before the mailbox's current id: an older startHistoryId answers 404. */
  expireHistory(email: string): void;
  /** Revokes every token of an account (as the user would in their Google account). */
  revokeAccount(email: string): void;
  /** Makes every current access token of an account invalid (401 on the next Gmail call). */
  expireAccessTokens(email: string): void;
  /** A Pub/Sub push token signed with the fake's key (or a foreign key when `forged`). */
  pushToken(options: {
    audience: string;
    email?: string;
    forged?: boolean;
    expired?: boolean;
  }): Promise<string>;
  /** A Pub/Sub push envelope for a mailbox change. */
  pushBody(emailAddress: string, historyId: number | string): object;
  /** Authorization URL → the callback URL the browser is sent to (code and state), without a browser. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
};

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export async function startFakeGoogle(
  options: { clientId?: string; clientSecret?: string; mailboxes?: string[] } = {},
): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'cotacoes-gmail.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'segredo-gmail';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const mailboxes = new Map<string, FakeMailbox>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { email: string; expiresAt: number; refreshToken: string }>();
  const refreshTokens = new Map<string, Tokens>();
  let base = '';

  const mailbox = (email: string): FakeMailbox => {
    const key = email.toLowerCase();
    let box = mailboxes.get(key);
    if (!box) {
      box = { email: key, messages: [], history: [], historyId: 4843100, oldestHistoryId: 1 };
      mailboxes.set(key, box);
    }
    return box;
  };
  for (const email of options.mailboxes ?? []) mailbox(email);

  const sign = (claims: Record<string, unknown>, key = privateKey, expiresIn = 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(base)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(key);

  const fake: FakeGoogle = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    tokenRequests: [],
    signInAs: undefined,
    accessTtl: 3599,
    maxPageSize: 500,
    quota: undefined,
    mailbox,
    async deliver(email, raw, labelIds = ['UNREAD', 'INBOX'], internalDate = Date.now()) {
      const box = mailbox(email);
      const parsed = await simpleParser(raw);
      const id = randomBytes(8).toString('hex');
      box.historyId += 7;
      box.messages.push({
        id,
        threadId: id,
        raw,
        historyId: box.historyId,
        internalDate,
        labelIds,
        attachments: parsed.attachments.map((attachment) => ({
          attachmentId: `ANGjdJ${randomBytes(12).toString('base64url')}`,
          filename: attachment.filename ?? 'anexo',
          mimeType: attachment.contentType,
          content: attachment.content,
        })),
      });
      box.history.push({ id: box.historyId, messageId: id });
      return id;
    },
    expireHistory(email) {
      const box = mailbox(email);
      // The current id stays a valid start (a full sync takes it from the profile); anything older is 404.
      box.oldestHistoryId = box.historyId;
    },
    revokeAccount(email) {
      for (const tokens of refreshTokens.values()) if (tokens.email === email) tokens.revoked = true;
      for (const [token, entry] of accessTokens) if (entry.email === email) accessTokens.delete(token);
    },
    expireAccessTokens(email) {
      for (const entry of accessTokens.values()) if (entry.email === email) entry.expiresAt = 0;
    },
    async pushToken({ audience, email, forged, expired }) {
      const claims = {
        aud: audience,
        azp: '111111111111111111111',
        sub: '111111111111111111111',
        email: email ?? 'gmail-push@cotacoes.iam.gserviceaccount.com',
        email_verified: true,
      };
      return sign(claims, forged ? foreign.privateKey : privateKey, expired ? -600 : 3600);
    },
    pushBody(emailAddress, historyId) {
      const sample = gmailContract().responses.pubsub_push_to_webhook as {
        message: Record<string, string>;
        subscription: string;
      };
      return {
        ...sample,
        message: {
          ...sample.message,
          data: Buffer.from(JSON.stringify({ emailAddress, historyId: Number(historyId) })).toString(
            'base64',
          ),
          messageId: String(Date.now()) + randomBytes(2).toString('hex'),
        },
      };
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}`);
      return new URL(location);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const gmailError = (res: http.ServerResponse, name: string, headers: Record<string, string> = {}) => {
    const error = gmailContract().errors[name]!;
    json(res, error.status, error.body, headers);
  };

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function clientOf(req: http.IncomingMessage, form: URLSearchParams): { id?: string; secret?: string } {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    }
    return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = await readForm(req);
    const client = clientOf(req, form);
    if (client.id !== clientId || client.secret !== clientSecret)
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'The OAuth client was not found.',
      });
    const grantType = form.get('grant_type') ?? '';
    const issueAccess = (email: string, refreshToken: string) => {
      const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
      accessTokens.set(accessToken, { email, refreshToken, expiresAt: Date.now() + fake.accessTtl * 1000 });
      return accessToken;
    };
    if (grantType === 'authorization_code') {
      const grant = grants.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const pkce = grant ? b64url(createHash('sha256').update(verifier).digest()) === grant.challenge : false;
      fake.tokenRequests.push({ grantType, pkce });
      grants.delete(form.get('code') ?? '');
      if (!grant || !pkce || grant.redirectUri !== form.get('redirect_uri') || grant.clientId !== client.id)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      const refreshToken = `1//${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(refreshToken, { email: grant.email, refreshToken, revoked: false });
      const idToken = await sign({
        azp: clientId,
        aud: clientId,
        sub: createHash('sha256').update(grant.email).digest('hex').slice(0, 21),
        email: grant.email,
        email_verified: true,
      });
      return json(res, 200, {
        access_token: issueAccess(grant.email, refreshToken),
        expires_in: fake.accessTtl,
        token_type: 'Bearer',
        scope: grant.scope.replace('email', 'https://www.googleapis.com/auth/userinfo.email'),
        refresh_token: refreshToken,
        id_token: idToken,
      });
    }
    if (grantType === 'refresh_token') {
      fake.tokenRequests.push({ grantType });
      const entry = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!entry || entry.revoked)
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      // Google answers no new refresh token on refresh (contract).
      return json(res, 200, {
        access_token: issueAccess(entry.email, entry.refreshToken),
        expires_in: fake.accessTtl,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/gmail.readonly openid',
      });
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function matchesQuery(message: StoredMessage, q: string): boolean {
    const text = message.raw.toString('latin1').toLowerCase();
    return q.split(' OR ').some((alternative) =>
      alternative
        .trim()
        .split(/\s+/)
        .every((term) => {
          if (term === 'in:inbox') return message.labelIds.includes('INBOX');
          const newer = /^newer_than:(\d+)d$/.exec(term);
          if (newer) return message.internalDate > Date.now() - Number(newer[1]) * 86_400_000;
          // after:/before: with epoch seconds (Gmail's search operators; dates as YYYY/MM/DD are not used).
          const after = /^after:(\d+)$/.exec(term);
          if (after) return message.internalDate >= Number(after[1]) * 1000;
          const before = /^before:(\d+)$/.exec(term);
          if (before) return message.internalDate < Number(before[1]) * 1000;
          const to = /^(?:to|from):(.+)$/.exec(term);
          if (to) return text.includes(to[1]!.toLowerCase());
          return text.includes(term.replace(/^"|"$/g, '').toLowerCase());
        }),
    );
  }

  async function gmail(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const access = accessTokens.get(bearer);
    if (!access || access.expiresAt < Date.now()) return gmailError(res, '401_expired_token');
    if (fake.quota && fake.quota.times > 0) {
      fake.quota.times -= 1;
      const { status, reason, retryAfter } = fake.quota;
      const body = gmailContract().errors['429_user_rate']!.body as {
        error: { code: number; errors: { reason: string }[] };
      };
      return json(
        res,
        status,
        { error: { ...body.error, code: status, errors: [{ ...body.error.errors[0], reason }] } },
        retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {},
      );
    }
    const box = mailbox(access.email);
    const route = url.pathname.replace(/^\/gmail\/v1\/users\/me\//, '');
    const max = Math.min(Number(url.searchParams.get('maxResults') ?? 100), 500, fake.maxPageSize);
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    if (route === 'profile' && req.method === 'GET')
      return json(res, 200, {
        emailAddress: box.email,
        messagesTotal: box.messages.length,
        threadsTotal: box.messages.length,
        historyId: String(box.historyId),
      });
    if (route === 'history' && req.method === 'GET') {
      const start = Number(url.searchParams.get('startHistoryId'));
      if (!Number.isFinite(start) || start < box.oldestHistoryId)
        return gmailError(res, '404_history_too_old_or_message_gone');
      const labelId = url.searchParams.get('labelId');
      const entries = box.history
        .filter((entry) => entry.id > start)
        .map((entry) => ({ entry, message: box.messages.find((m) => m.id === entry.messageId)! }))
        .filter(({ message }) => !labelId || message.labelIds.includes(labelId));
      const page = entries.slice(offset, offset + max);
      const next = offset + max < entries.length ? String(offset + max) : undefined;
      if (page.length === 0) return json(res, 200, { historyId: String(box.historyId) });
      return json(res, 200, {
        history: page.map(({ entry, message }) => ({
          id: String(entry.id),
          messages: [{ id: message.id, threadId: message.threadId }],
          messagesAdded: [
            { message: { id: message.id, threadId: message.threadId, labelIds: message.labelIds } },
          ],
        })),
        ...(next ? { nextPageToken: next } : {}),
        historyId: String(box.historyId),
      });
    }
    if (route === 'messages' && req.method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      // Newest first by internalDate (the latest delivered first among equals), as Gmail lists.
      const found = box.messages
        .filter((message) => matchesQuery(message, q))
        .reverse()
        .sort((a, b) => b.internalDate - a.internalDate);
      const page = found.slice(offset, offset + max);
      if (page.length === 0) return json(res, 200, { resultSizeEstimate: 0 });
      return json(res, 200, {
        messages: page.map((message) => ({ id: message.id, threadId: message.threadId })),
        ...(offset + max < found.length ? { nextPageToken: String(offset + max) } : {}),
        resultSizeEstimate: found.length,
      });
    }
    const attachment = /^messages\/([^/]+)\/attachments\/([^/]+)$/.exec(route);
    if (attachment && req.method === 'GET') {
      const message = box.messages.find((m) => m.id === decodeURIComponent(attachment[1]!));
      const part = message?.attachments.find((a) => a.attachmentId === decodeURIComponent(attachment[2]!));
      if (!part) return gmailError(res, '404_history_too_old_or_message_gone');
      return json(res, 200, { size: part.content.length, data: b64url(part.content) });
    }
    const get = /^messages\/([^/]+)$/.exec(route);
    if (get && req.method === 'GET') {
      const message = box.messages.find((m) => m.id === decodeURIComponent(get[1]!));
      if (!message) return gmailError(res, '404_history_too_old_or_message_gone');
      const common = {
        id: message.id,
        threadId: message.threadId,
        labelIds: message.labelIds,
        historyId: String(message.historyId),
        internalDate: String(message.internalDate),
        sizeEstimate: message.raw.length,
      };
      if (url.searchParams.get('format') === 'raw')
        return json(res, 200, { ...common, raw: b64url(message.raw) });
      return json(res, 200, {
        ...common,
        payload: {
          partId: '',
          mimeType: 'multipart/mixed',
          filename: '',
          headers: [],
          body: { size: 0 },
          parts: [
            { partId: '0', mimeType: 'text/plain', filename: '', body: { size: 0 } },
            ...message.attachments.map((a, index) => ({
              partId: String(index + 1),
              mimeType: a.mimeType,
              filename: a.filename,
              body: { attachmentId: a.attachmentId, size: a.content.length },
            })),
          ],
        },
      });
    }
    if (route === 'stop' && req.method === 'POST') {
      box.watch = undefined;
      res.writeHead(204).end();
      return;
    }
    return gmailError(res, '404_history_too_old_or_message_gone');
  }

  async function watch(req: http.IncomingMessage, res: http.ServerResponse, email: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { topicName?: string };
    if (!/^projects\/[^/]+\/topics\/[^/]+$/.test(body.topicName ?? ''))
      return json(res, 400, {
        error: { code: 400, message: 'Invalid topicName', status: 'INVALID_ARGUMENT' },
      });
    const box = mailbox(email);
    box.watch = { topicName: body.topicName!, expiration: Date.now() + 7 * 86_400_000 };
    return json(res, 200, { historyId: String(box.historyId), expiration: String(box.watch.expiration) });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    fake.requests.push(`${req.method} ${url.pathname}`);
    const handle = async () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          ...oidcContract().discovery_document,
          issuer: base,
          authorization_endpoint: `${base}/o/oauth2/v2/auth`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/v1/userinfo`,
          revocation_endpoint: `${base}/revoke`,
          jwks_uri: `${base}/oauth2/v3/certs`,
        });
      }
      if (url.pathname === '/oauth2/v3/certs') return json(res, 200, { keys: [jwk] });
      if (url.pathname === '/o/oauth2/v2/auth') {
        const query = url.searchParams;
        const redirect = query.get('redirect_uri');
        if (query.get('client_id') !== clientId || !redirect)
          return json(res, 400, { error: 'invalid_request' });
        if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge'))
          return json(res, 400, { error: 'invalid_request', error_description: 'code_challenge required' });
        const email = (
          query.get('login_hint') ??
          fake.signInAs ??
          [...mailboxes.keys()][0] ??
          ''
        ).toLowerCase();
        const code = `4/0A${randomBytes(18).toString('base64url')}`;
        grants.set(code, {
          email,
          clientId,
          redirectUri: redirect,
          challenge: query.get('code_challenge')!,
          scope: query.get('scope') ?? '',
        });
        const target = new URL(redirect);
        target.searchParams.set('code', code);
        if (query.get('state')) target.searchParams.set('state', query.get('state')!);
        target.searchParams.set('scope', query.get('scope') ?? '');
        res.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === '/token' && req.method === 'POST') return token(req, res);
      if (url.pathname === '/revoke' && req.method === 'POST') {
        const form = await readForm(req);
        const value = form.get('token') ?? '';
        const entry =
          refreshTokens.get(value) ?? refreshTokens.get(accessTokens.get(value)?.refreshToken ?? '');
        if (!entry) return json(res, 400, { error: 'invalid_token' });
        entry.revoked = true;
        for (const [access, data] of accessTokens)
          if (data.refreshToken === entry.refreshToken) accessTokens.delete(access);
        return json(res, 200, {});
      }
      if (url.pathname === '/gmail/v1/users/me/watch' && req.method === 'POST') {
        const access = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
        if (!access || access.expiresAt < Date.now()) return gmailError(res, '401_expired_token');
        return watch(req, res, access.email);
      }
      if (url.pathname.startsWith('/gmail/v1/users/me/')) return gmail(req, res, url);
      return json(res, 404, { error: 'not_found' });
    };
    handle().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
