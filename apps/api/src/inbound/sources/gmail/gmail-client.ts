/**
 * The Gmail REST API calls the product makes (issue 34, ADR 0027), read-only plus watch/stop:
 * users.getProfile, history.list, messages.list, messages.get (raw and full), attachments.get, watch, stop.
 * The base URL is GMAIL_API_URL (tests: a local fake). A 401 gets one forced token refresh and one retry;
 * quota errors (429, 403 rateLimitExceeded / userRateLimitExceeded) are thrown as GmailQuotaError with the
 * wait the caller must respect — this client never retries them itself (no hot loop).
 */

/** Supplies the bearer token of a mailbox; `force` asks for a refreshed one (after a 401). */
export type GmailAuth = { accessToken(force?: boolean): Promise<string> };

export class GmailApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    message: string,
  ) {
    super(`Gmail API ${status}${reason ? ` ${reason}` : ''}: ${message}`);
    this.name = 'GmailApiError';
  }
}

/** Quota exceeded: wait `retryAfterSeconds` (Retry-After, or the caller's backoff when null). */
export class GmailQuotaError extends GmailApiError {
  constructor(
    status: number,
    reason: string | undefined,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(status, reason, message);
    this.name = 'GmailQuotaError';
  }
}

const QUOTA_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

export type GmailProfile = { emailAddress: string; historyId: string; messagesTotal?: number };
export type GmailMessageRef = { id: string; threadId?: string };
export type GmailHistoryPage = {
  history?: {
    id: string;
    messagesAdded?: { message: GmailMessageRef & { labelIds?: string[] } }[];
  }[];
  nextPageToken?: string;
  historyId: string;
};
export type GmailListPage = {
  messages?: GmailMessageRef[];
  nextPageToken?: string;
  resultSizeEstimate?: number;
};
export type GmailMessagePart = {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { attachmentId?: string; size?: number; data?: string };
  parts?: GmailMessagePart[];
};
export type GmailMessage = { id: string; threadId?: string; labelIds?: string[]; payload?: GmailMessagePart };

export class GmailClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private url(path: string, query?: Record<string, string | number | undefined>): string {
    const url = new URL(`/gmail/v1/users/me/${path}`, this.baseUrl);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return url.href;
  }

  private async call<T>(
    auth: GmailAuth,
    path: string,
    options: { query?: Record<string, string | number | undefined>; method?: string; body?: unknown } = {},
  ): Promise<T> {
    let token = await auth.accessToken();
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(this.url(path, options.query), {
        method: options.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      }
      const { reason, message } = await errorOf(response);
      if (response.status === 401 && attempt === 0) {
        token = await auth.accessToken(true);
        continue;
      }
      if (response.status === 429 || (response.status === 403 && reason && QUOTA_REASONS.has(reason)))
        throw new GmailQuotaError(response.status, reason, message, retryAfter(response));
      throw new GmailApiError(response.status, reason, message);
    }
  }

  getProfile(auth: GmailAuth): Promise<GmailProfile> {
    return this.call(auth, 'profile');
  }

  /** One page of INBOX additions since `startHistoryId`; a 404 (too old) is a GmailApiError status 404. */
  listHistory(auth: GmailAuth, startHistoryId: string, pageToken?: string): Promise<GmailHistoryPage> {
    return this.call(auth, 'history', {
      query: { startHistoryId, historyTypes: 'messageAdded', labelId: 'INBOX', maxResults: 100, pageToken },
    });
  }

  listMessages(auth: GmailAuth, q: string, pageToken?: string, maxResults = 100): Promise<GmailListPage> {
    return this.call(auth, 'messages', { query: { q, maxResults, pageToken } });
  }

  /** The whole RFC 822 message (format=raw, base64url → bytes). */
  async getRaw(auth: GmailAuth, id: string): Promise<Buffer> {
    const message = await this.call<{ raw?: string }>(auth, `messages/${encodeURIComponent(id)}`, {
      query: { format: 'raw' },
    });
    if (!message?.raw) throw new GmailApiError(502, undefined, 'messages.get returned no raw body');
    return Buffer.from(message.raw, 'base64url');
  }

  getMessage(auth: GmailAuth, id: string): Promise<GmailMessage> {
    return this.call(auth, `messages/${encodeURIComponent(id)}`, { query: { format: 'full' } });
  }

  getAttachment(
    auth: GmailAuth,
    messageId: string,
    attachmentId: string,
  ): Promise<{ size: number; data: string }> {
    return this.call(
      auth,
      `messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`,
    );
  }

  watch(auth: GmailAuth, topicName: string): Promise<{ historyId: string; expiration: string }> {
    return this.call(auth, 'watch', {
      method: 'POST',
      body: { topicName, labelIds: ['INBOX'], labelFilterAction: 'include' },
    });
  }

  async stop(auth: GmailAuth): Promise<void> {
    await this.call(auth, 'stop', { method: 'POST' });
  }
}

/** The attachments of a message (parts with an attachmentId), depth first. */
export function attachmentsOf(
  part: GmailMessagePart | undefined,
): { attachmentId: string; filename: string; mimeType: string; size: number }[] {
  if (!part) return [];
  const own =
    part.body?.attachmentId && part.filename
      ? [
          {
            attachmentId: part.body.attachmentId,
            filename: part.filename,
            mimeType: part.mimeType ?? 'application/octet-stream',
            size: part.body.size ?? 0,
          },
        ]
      : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentsOf)];
}

async function errorOf(response: Response): Promise<{ reason?: string; message: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; errors?: { reason?: string }[]; status?: string };
    };
    return {
      reason: body.error?.errors?.[0]?.reason ?? body.error?.status,
      message: (body.error?.message ?? response.statusText).slice(0, 300),
    };
  } catch {
    return { message: (text || response.statusText).slice(0, 300) };
  }
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
