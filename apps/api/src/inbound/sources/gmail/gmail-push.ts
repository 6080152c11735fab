import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AppConfig } from '../../../config/env.js';
import type { MailboxOAuth } from '../mailboxes/mailbox-oauth.js';

/** The body Pub/Sub POSTs to a push endpoint (gmail_api.json `pubsub_push_to_webhook`). */
export type PubSubPush = {
  message?: { data?: string; messageId?: string; publishTime?: string };
  subscription?: string;
};

/** What Gmail publishes: the mailbox and its newest historyId. */
export type GmailNotification = { emailAddress: string; historyId: string };

/** The notification inside a push, or null when the envelope does not hold one. */
export function notificationOf(push: PubSubPush): GmailNotification | null {
  const data = push.message?.data;
  if (!data) return null;
  try {
    const decoded = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Partial<GmailNotification>;
    const historyId = decoded.historyId === undefined ? '' : String(decoded.historyId);
    if (typeof decoded.emailAddress !== 'string' || !/^\d{1,30}$/.test(historyId)) return null;
    return { emailAddress: decoded.emailAddress.trim().toLowerCase(), historyId };
  } catch {
    return null;
  }
}

/**
 * Verifies a Pub/Sub push (ADR 0027): the subscription is configured with an OIDC token, so each push
 * carries `Authorization: Bearer <JWT>` signed by Google (RS256). The signature is checked against the
 * JWKS of the Google issuer (GOOGLE_ISSUER_URL discovery, so tests use the fake's keys), the audience must
 * be GMAIL_PUSH_AUDIENCE and, when GMAIL_PUSH_SERVICE_ACCOUNT is set, the `email` claim must be it and
 * verified. Without GMAIL_PUSH_AUDIENCE every push is refused.
 */
export class GmailPushVerifier {
  private jwks?: Promise<{ keys: JWTVerifyGetKey; issuers: string[] }>;

  constructor(
    private readonly config: AppConfig,
    private readonly oauth: MailboxOAuth,
  ) {}

  private keys() {
    if (!this.jwks) {
      this.jwks = this.oauth.oidcConfiguration().then((configuration) => {
        const metadata = configuration.serverMetadata();
        if (!metadata.jwks_uri) throw new Error('The Google issuer publishes no jwks_uri');
        const issuer = metadata.issuer;
        // Google signs with either form of its issuer.
        const issuers = [issuer, issuer.replace(/^https:\/\//, '')];
        return { keys: createRemoteJWKSet(new URL(metadata.jwks_uri)), issuers };
      });
      this.jwks.catch(() => {
        this.jwks = undefined;
      });
    }
    return this.jwks;
  }

  async verify(authorization: string | undefined): Promise<boolean> {
    const audience = this.config.GMAIL_PUSH_AUDIENCE;
    const token = /^Bearer\s+(\S+)$/.exec(authorization ?? '')?.[1];
    if (!audience || !token) return false;
    try {
      const { keys, issuers } = await this.keys();
      const { payload } = await jwtVerify(token, keys, {
        audience,
        issuer: issuers,
        algorithms: ['RS256'],
        clockTolerance: 60,
      });
      const account = this.config.GMAIL_PUSH_SERVICE_ACCOUNT;
      if (account) {
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        if (payload.email !== account || !verified) return false;
      }
      return true;
    } catch {
      return false;
    }
  }
}
