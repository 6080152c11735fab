import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { oauthTransactions, userIdentities } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import type { OnUserVerified } from '../../read-models/users.js';
import * as repo from './auth.repository.js';

export type Provider = 'google' | 'microsoft';
const PROVIDER_LABEL: Record<Provider, string> = { google: 'Google', microsoft: 'Microsoft' };
const TRANSACTION_TTL_MS = 10 * 60_000;

type ProviderSettings = { clientId: string; clientSecret: string; issuer: string };

/**
 * Google and Microsoft sign-in with the OIDC code flow: state + PKCE (S256) + nonce, the transaction
 * kept server-side and bound to the browser by a cookie; accounts keyed by (issuer, subject) (S7).
 */
export class OidcService {
  private readonly configurations = new Map<Provider, Promise<oidc.Configuration>>();

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly onUserVerified: OnUserVerified,
  ) {}

  isConfigured(provider: Provider): boolean {
    return Boolean(this.settings(provider));
  }

  private settings(provider: Provider): ProviderSettings | undefined {
    return provider === 'google' ? this.config.google : this.config.microsoft;
  }

  private configuration(provider: Provider): Promise<oidc.Configuration> {
    const settings = this.settings(provider);
    if (!settings) throw new AppError('OAUTH_NOT_CONFIGURED', { provider: PROVIDER_LABEL[provider] });
    let pending = this.configurations.get(provider);
    if (!pending) {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:';
      pending = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: Math.ceil(this.config.HTTP_TIMEOUT_MS / 1000),
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      });
      // A failed discovery is not cached: the next sign-in tries again.
      pending.catch(() => this.configurations.delete(provider));
      this.configurations.set(provider, pending);
    }
    return pending.catch((error) => {
      throw new AppError('OAUTH_FAILED', { provider: PROVIDER_LABEL[provider] }).withCause(error);
    });
  }

  redirectUri(provider: Provider): string {
    return provider === 'google'
      ? `${this.config.APP_URL}/auth/google/callback`
      : `${this.config.APP_URL}/api/auth/microsoft/callback`;
  }

  /** Starts a sign-in: returns the provider URL and the browser-binding secret for the cookie. */
  async begin(provider: Provider): Promise<{ url: string; browserSecret: string }> {
    const configuration = await this.configuration(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const browserSecret = generateToken();
    const redirectUri = this.redirectUri(provider);
    await this.db.delete(oauthTransactions).where(sql`${oauthTransactions.expiresAt} < now()`);
    await this.db.insert(oauthTransactions).values({
      provider,
      stateHash: hashToken(state),
      browserHash: hashToken(browserSecret),
      codeVerifier,
      nonce,
      redirectUri,
      expiresAt: new Date(Date.now() + TRANSACTION_TTL_MS),
    });
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (provider === 'google') Object.assign(parameters, { access_type: 'offline', prompt: 'consent' });
    return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, browserSecret };
  }

  /** Finishes a sign-in: checks state, browser binding, PKCE and nonce; returns the local user id. */
  async complete(
    provider: Provider,
    input: { code: string; state?: string; redirectUri?: string; browserSecret?: string },
  ): Promise<string> {
    // Configuration first: an unconfigured provider answers 503 whatever the request carries.
    const configuration = await this.configuration(provider);
    if (!input.state || !input.browserSecret) throw new AppError('OAUTH_STATE_INVALID');
    const [transaction] = await this.db
      .update(oauthTransactions)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oauthTransactions.stateHash, hashToken(input.state)),
          eq(oauthTransactions.browserHash, hashToken(input.browserSecret)),
          eq(oauthTransactions.provider, provider),
          isNull(oauthTransactions.usedAt),
          gt(oauthTransactions.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!transaction) throw new AppError('OAUTH_STATE_INVALID');
    if (input.redirectUri && input.redirectUri !== transaction.redirectUri)
      throw new AppError('OAUTH_STATE_INVALID');
    const callbackUrl = new URL(transaction.redirectUri);
    callbackUrl.searchParams.set('code', input.code);
    callbackUrl.searchParams.set('state', input.state);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: input.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new AppError('OAUTH_FAILED', { provider: PROVIDER_LABEL[provider] }).withCause(error);
    }
    if (!claims?.sub) throw new AppError('OAUTH_FAILED', { provider: PROVIDER_LABEL[provider] });
    return this.findOrCreateUser(provider, claims);
  }

  private async findOrCreateUser(provider: Provider, claims: oidc.IDToken): Promise<string> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const findIdentity = async () => {
      const [identity] = await this.db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .limit(1);
      return identity?.userId;
    };
    const known = await findIdentity();
    if (known) return known;

    const rawEmail = (claims.email ?? claims.preferred_username) as string | undefined;
    const email = rawEmail?.trim().toLowerCase();
    // Google may send email_verified as a string; Google must assert it, Microsoft sends no such claim.
    const verified = String(claims.email_verified);
    const unverified = provider === 'google' ? verified !== 'true' : verified === 'false';
    if (!email?.includes('@') || unverified) {
      throw new AppError('OAUTH_EMAIL_UNVERIFIED', { provider: PROVIDER_LABEL[provider] });
    }
    const name = String(claims.name ?? claims.given_name ?? email.split('@')[0]).slice(0, 120);
    try {
      return await this.db.transaction(async (tx) => {
        // An existing account is never taken over through an e-mail claim alone.
        if (await repo.findUserByEmail(tx, email)) throw new AppError('OAUTH_EMAIL_IN_USE');
        // The admin role needs an e-mail the provider vouches for: Microsoft's email and
        // preferred_username claims are not verified and can be set by any tenant's administrator.
        const admin = verified === 'true' && this.config.ADMIN_EMAILS.includes(email);
        const user = await repo.insertUser(tx, { name, email, role: admin ? 'desenvolvedor' : 'usuario' });
        await tx.insert(userIdentities).values({ userId: user.id, issuer, subject, email });
        // A pending invitation follows only an e-mail the provider vouches for (see the admin rule above).
        if (verified === 'true') await this.onUserVerified(tx, user, { userId: user.id });
        await writeAudit(tx, { userId: user.id }, `auth.register.${provider}`, {
          entity: 'user',
          entityId: user.id,
          details: { issuer },
        });
        return user.id;
      });
    } catch (error) {
      // A concurrent first sign-in of the same subject may have created the account meanwhile (unique
      // keys on e-mail and on issuer+subject): that account is this person's. Another subject's is not.
      const winner = await findIdentity();
      if (winner) return winner;
      if (!(error instanceof AppError) && (await repo.findUserByEmail(this.db, email))) {
        throw new AppError('OAUTH_EMAIL_IN_USE');
      }
      throw error;
    }
  }
}
