import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../../config/env.js';
import type { Database } from '../../../db/client.js';
import { type MailProvider, mailOauthRequests } from '../../../db/schema/mail-connections.js';
import { AppError } from '../../../lib/errors.js';
import type { Secrets } from '../../../lib/secrets.js';
import { hashToken } from '../../../lib/tokens.js';
import type { MailConnection, MailConnections, MailTokens } from './connections.js';

const PROVIDER_LABEL: Record<MailProvider, string> = { gmail: 'Gmail', microsoft: 'Microsoft 365' };
const REQUEST_TTL_MS = 10 * 60_000;
/** An access token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

/** The scopes a mailbox connection asks for: read mail, and stay connected (refresh token). */
export const MAILBOX_SCOPES: Record<MailProvider, string> = {
  gmail: 'openid email https://www.googleapis.com/auth/gmail.readonly',
  microsoft: 'openid email offline_access https://graph.microsoft.com/Mail.Read',
};

/** Thrown when the provider refused the stored authorization (invalid_grant): the mailbox must reconnect. */
export class ReconnectRequired extends Error {
  constructor(readonly email: string) {
    super(`The authorization of ${email} was revoked or expired`);
    this.name = 'ReconnectRequired';
  }
}

export type ExchangedTokens = { tokens: MailTokens; accessExpiresAt: Date | null; email: string | null };

/**
 * The OAuth code flow of a mailbox connection (issue 34), for one provider: the authorization link with
 * state and PKCE (S256) kept server-side for 10 minutes and bound to the user who asked; the exchange of
 * the code the callback screen shows (spec: POST /gmail/exchange-code {email, code}); and access tokens
 * refreshed before they expire. Google's and Microsoft's endpoints come from OIDC discovery of the issuer
 * the sign-in already uses (GOOGLE_ISSUER_URL, MICROSOFT_ISSUER_URL), so tests point both at local fakes.
 */
export class MailboxOAuth {
  private configuration?: Promise<oidc.Configuration>;

  constructor(
    private readonly provider: MailProvider,
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly secrets: Secrets | undefined,
    private readonly connections: MailConnections,
  ) {}

  get label(): string {
    return PROVIDER_LABEL[this.provider];
  }

  isConfigured(): boolean {
    return Boolean(this.settings());
  }

  /** Where the provider sends the browser back: the product's mail-provider authorization screen. */
  redirectUri(): string {
    return `${this.config.APP_URL}/auth/gmail/callback`;
  }

  private settings() {
    return this.provider === 'gmail' ? this.config.google : this.config.microsoft;
  }

  private discover(): Promise<oidc.Configuration> {
    const settings = this.settings();
    if (!settings) throw new AppError('MAILBOX_NOT_CONFIGURED', { provider: this.label });
    if (!this.configuration) {
      const issuer = new URL(settings.issuer);
      const pending = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: Math.ceil(this.config.HTTP_TIMEOUT_MS / 1000),
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      });
      pending.catch(() => {
        this.configuration = undefined;
      });
      this.configuration = pending;
    }
    return this.configuration.catch((error) => {
      throw new AppError('MAILBOX_PROVIDER_UNAVAILABLE', { provider: this.label }).withCause(error);
    });
  }

  /** The OIDC configuration (token, revocation and userinfo endpoints) for provider-specific calls. */
  async oidcConfiguration(): Promise<oidc.Configuration> {
    return this.discover();
  }

  /** 'Gerar link de autorização': the provider URL; the state and PKCE verifier stay on the server. */
  async authorizationUrl(userId: string, loginHint?: string): Promise<string> {
    const configuration = await this.discover();
    if (!this.secrets) throw new AppError('MAILBOX_SECRETS_MISSING');
    const state = oidc.randomState();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.db.delete(mailOauthRequests).where(sql`${mailOauthRequests.expiresAt} < now()`);
    await this.db.insert(mailOauthRequests).values({
      provider: this.provider,
      stateHash: hashToken(state),
      codeVerifier: this.secrets.seal(codeVerifier),
      userId,
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    });
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(),
      scope: MAILBOX_SCOPES[this.provider],
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    };
    if (this.provider === 'gmail') Object.assign(parameters, { access_type: 'offline', prompt: 'consent' });
    else parameters.prompt = 'consent';
    if (loginHint) parameters.login_hint = loginHint;
    return oidc.buildAuthorizationUrl(configuration, parameters).href;
  }

  /**
   * Exchanges the code the user pasted. The pending request is the one its `state` names when the screen
   * sends it, else this user's latest unused one (the spec's call carries only e-mail and code). Used once.
   */
  async exchange(userId: string, code: string, state?: string): Promise<ExchangedTokens> {
    const configuration = await this.discover();
    if (!this.secrets) throw new AppError('MAILBOX_SECRETS_MISSING');
    const [request] = await this.db
      .select()
      .from(mailOauthRequests)
      .where(
        and(
          eq(mailOauthRequests.provider, this.provider),
          eq(mailOauthRequests.userId, userId),
          isNull(mailOauthRequests.usedAt),
          gt(mailOauthRequests.expiresAt, sql`now()`),
          state ? eq(mailOauthRequests.stateHash, hashToken(state)) : undefined,
        ),
      )
      .orderBy(desc(mailOauthRequests.createdAt))
      .limit(1);
    if (!request) throw new AppError('MAILBOX_AUTHORIZATION_EXPIRED');
    const claimed = await this.db
      .update(mailOauthRequests)
      .set({ usedAt: sql`now()` })
      .where(and(eq(mailOauthRequests.id, request.id), isNull(mailOauthRequests.usedAt)))
      .returning({ id: mailOauthRequests.id });
    if (claimed.length === 0) throw new AppError('MAILBOX_AUTHORIZATION_EXPIRED');
    try {
      // The grant is made by hand (not authorizationCodeGrant) because the code arrives pasted, without the
      // callback URL and state of the browser that received it; PKCE still binds it to this request.
      const response = await oidc.genericGrantRequest(configuration, 'authorization_code', {
        code: code.trim(),
        redirect_uri: this.redirectUri(),
        code_verifier: this.secrets.open(request.codeVerifier),
      });
      if (!response.refresh_token) throw new Error('The provider returned no refresh token');
      const claims = response.id_token ? response.claims() : undefined;
      const email = (claims?.email ?? claims?.preferred_username) as string | undefined;
      return {
        tokens: {
          accessToken: response.access_token,
          refreshToken: response.refresh_token,
          scope: response.scope,
        },
        accessExpiresAt: expiresAt(response.expires_in),
        email: email?.trim().toLowerCase() ?? null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('MAILBOX_EXCHANGE_FAILED').withCause(error);
    }
  }

  /**
   * A usable access token for the mailbox: the stored one, or a refreshed one (stored re-sealed). A refused
   * refresh (invalid_grant: revoked, expired) marks the mailbox 'reconectar' and throws ReconnectRequired.
   */
  async accessToken(connection: MailConnection, options: { force?: boolean } = {}): Promise<string> {
    const tokens = this.connections.tokensOf(connection);
    const expires = connection.accessExpiresAt?.getTime() ?? 0;
    if (!options.force && expires - REFRESH_MARGIN_MS > Date.now()) return tokens.accessToken;
    const configuration = await this.discover();
    try {
      // Microsoft wants the scopes again on refresh; Google takes none.
      const parameters: Record<string, string> =
        this.provider === 'microsoft' ? { scope: MAILBOX_SCOPES.microsoft } : {};
      const response = await oidc.refreshTokenGrant(configuration, tokens.refreshToken, parameters);
      const next: MailTokens = {
        accessToken: response.access_token,
        // Google keeps the original refresh token; Microsoft may rotate it.
        refreshToken: response.refresh_token ?? tokens.refreshToken,
        scope: response.scope ?? tokens.scope,
      };
      await this.connections.saveTokens(connection.id, next, expiresAt(response.expires_in));
      return next.accessToken;
    } catch (error) {
      if (isInvalidGrant(error)) {
        await this.connections.markFailed(
          connection.id,
          'reconectar',
          new AppError('MAILBOX_RECONNECT', { email: connection.email }).userMessage,
        );
        throw new ReconnectRequired(connection.email);
      }
      throw new AppError('MAILBOX_PROVIDER_UNAVAILABLE', { provider: this.label }).withCause(error);
    }
  }

  /** Revokes the refresh token where the provider offers a revocation endpoint (Google); best effort. */
  async revoke(connection: MailConnection): Promise<boolean> {
    const configuration = await this.discover();
    if (!configuration.serverMetadata().revocation_endpoint) return false;
    try {
      await oidc.tokenRevocation(configuration, this.connections.tokensOf(connection).refreshToken);
      return true;
    } catch {
      return false;
    }
  }
}

function expiresAt(expiresIn: number | undefined): Date | null {
  return typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
}

function isInvalidGrant(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError &&
    (error.error === 'invalid_grant' || error.error === 'unauthorized_client')
  );
}
