/**
 * The few Microsoft Graph v1.0 calls the Microsoft 365 mailbox needs (issue 34 part 2): the signed-in
 * mailbox's address, the inbox delta, a message's raw MIME, and change-notification subscriptions. Every
 * call carries the mailbox's access token; a 401 refreshes it once (forced) and retries; 429/503 become
 * GraphThrottled with the wait Graph asked for (Retry-After) — never retried here, in a loop.
 */

/** Where a mailbox's access token comes from; `force` refreshes it even when it has not expired. */
export type TokenSource = (force: boolean) => Promise<string>;

export type DeltaItem = { id?: string; '@removed'?: { reason?: string }; [key: string]: unknown };
export type DeltaPage = { items: DeltaItem[]; nextLink: string | null; deltaLink: string | null };
export type Subscription = { id: string; expirationDateTime: string };

/** Graph answered with an error (status and Graph's `error.code`, e.g. InvalidAuthenticationToken). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`Microsoft Graph answered ${status}${code ? ` ${code}` : ''}`);
    this.name = 'GraphError';
  }
}

/** 429 or 503: Graph asked to wait `retryAfterMs` before the next call. */
export class GraphThrottled extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Microsoft Graph throttled the mailbox for ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'GraphThrottled';
  }
}

/** The delta or skip token is no longer known (410 Gone, SyncStateNotFound): the delta must restart. */
export class DeltaTokenInvalid extends Error {
  constructor() {
    super('Microsoft Graph no longer knows this delta token');
    this.name = 'DeltaTokenInvalid';
  }
}

/** Without a usable Retry-After, Graph's throttling guidance: wait, then try again. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
const MAX_RETRY_AFTER_MS = 15 * 60_000;
const DELTA_TOKEN_CODES = new Set([
  'syncstatenotfound',
  'syncstateinvalid',
  'resyncrequired',
  'invaliddeltatoken',
]);
/** The inbox as the delta and the subscriptions name it. */
export const INBOX_MESSAGES = "me/mailFolders('inbox')/messages";
const PAGE_SIZE = 50;

export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0)
      return Math.min(Math.max(seconds * 1000, 1000), MAX_RETRY_AFTER_MS);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.min(Math.max(date - now, 1000), MAX_RETRY_AFTER_MS);
  }
  return DEFAULT_RETRY_AFTER_MS;
}

export class GraphClient {
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly token: TokenSource,
  ) {
    this.base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  /** An absolute URL for a path under the base, or a link Graph gave (nextLink, deltaLink) as it is. */
  private resolve(pathOrUrl: string): URL {
    const url = /^https?:\/\//.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(pathOrUrl, this.base);
    // The bearer token goes only to Graph: a link pointing elsewhere is refused.
    if (url.origin !== this.base.origin) throw new GraphError(0, 'ForeignLink');
    return url;
  }

  private async call(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = this.resolve(pathOrUrl);
    let forced = false;
    for (;;) {
      const token = await this.token(forced);
      const response = await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (response.ok) return response;
      if (response.status === 401 && !forced) {
        await response.body?.cancel();
        forced = true;
        continue;
      }
      if (response.status === 429 || response.status === 503) {
        await response.body?.cancel();
        throw new GraphThrottled(retryAfterMs(response.headers.get('retry-after')));
      }
      const code = await errorCode(response);
      if (response.status === 410 || (code && DELTA_TOKEN_CODES.has(code.toLowerCase())))
        throw new DeltaTokenInvalid();
      throw new GraphError(response.status, code);
    }
  }

  private async json<T>(pathOrUrl: string, init: RequestInit = {}): Promise<T> {
    const response = await this.call(pathOrUrl, {
      ...init,
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
    });
    return (await response.json()) as T;
  }

  /** The mailbox's SMTP address (mail; userPrincipalName when the account has no mail attribute). */
  async address(): Promise<string | null> {
    const me = await this.json<{ mail?: string | null; userPrincipalName?: string | null }>(
      'me?$select=mail,userPrincipalName',
    );
    const address = me.mail || me.userPrincipalName;
    return address ? address.trim().toLowerCase() : null;
  }

  /** The first request of a delta round over the inbox; `since` bounds it to mail received from then on. */
  initialDeltaUrl(since: Date): string {
    const url = new URL(`${INBOX_MESSAGES}/delta`, this.base);
    url.searchParams.set('$select', 'id,receivedDateTime');
    url.searchParams.set('$filter', `receivedDateTime ge ${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
    return url.href;
  }

  /** One page of a delta round: its items, then either the next page or the deltaLink of the next round. */
  async deltaPage(url: string): Promise<DeltaPage> {
    const body = await this.json<{
      value?: DeltaItem[];
      '@odata.nextLink'?: string;
      '@odata.deltaLink'?: string;
    }>(url, { headers: { prefer: `odata.maxpagesize=${PAGE_SIZE}` } });
    return {
      items: Array.isArray(body.value) ? body.value : [],
      nextLink: body['@odata.nextLink'] ?? null,
      deltaLink: body['@odata.deltaLink'] ?? null,
    };
  }

  /** The whole RFC 822 message (GET /me/messages/{id}/$value); null when it no longer exists. */
  async rawMessage(id: string): Promise<Buffer | null> {
    try {
      const response = await this.call(`me/messages/${encodeURIComponent(id)}/$value`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof GraphError && error.status === 404) return null;
      throw error;
    }
  }

  /** POST /subscriptions: Graph first checks `notificationUrl` with the validationToken echo. */
  async createSubscription(input: {
    notificationUrl: string;
    clientState: string;
    expiresAt: Date;
  }): Promise<Subscription> {
    return this.json<Subscription>('subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        changeType: 'created',
        notificationUrl: input.notificationUrl,
        lifecycleNotificationUrl: input.notificationUrl,
        resource: INBOX_MESSAGES,
        expirationDateTime: input.expiresAt.toISOString(),
        clientState: input.clientState,
      }),
    });
  }

  async renewSubscription(id: string, expiresAt: Date): Promise<Subscription> {
    return this.json<Subscription>(`subscriptions/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expirationDateTime: expiresAt.toISOString() }),
    });
  }

  /** DELETE /subscriptions/{id}; an unknown subscription counts as deleted. */
  async deleteSubscription(id: string): Promise<void> {
    try {
      const response = await this.call(`subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await response.body?.cancel();
    } catch (error) {
      if (error instanceof GraphError && error.status === 404) return;
      throw error;
    }
  }
}

async function errorCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}
