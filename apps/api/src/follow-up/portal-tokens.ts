import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { type PortalTokenKind, portalTokens } from '../db/schema/index.js';
import type { Tenant } from '../db/tenant.js';

/** A 'Consultar cotação' link lives 30 minutes (issue 35). */
export const PORTAL_LINK_MINUTES = 30;

/** 256 random bits, URL-safe: the part of a portal address that grants access (≥ 128 bits, S4). */
export function newPortalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked database row opens nothing. */
export function hashPortalToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a carrier opens its portal page: APP_URL/portal/<token>. */
export function portalUrl(appUrl: string, token: string): string {
  return new URL(`/portal/${encodeURIComponent(token)}`, appUrl).toString();
}

/**
 * Issues a portal token for one recipient of a quote, in the caller's transaction, and returns the raw
 * token (to be mailed; never stored). `invite`: the 'Responder pelo portal' link of an e-mail to that
 * carrier (request, reminder), with no expiry of its own (it ends when the quote is decided); `link`: asked
 * for on 'Consultar cotação', 30 minutes, bound to the first browser that opens it.
 */
export async function issuePortalToken(
  tx: Executor,
  tenant: Tenant,
  target: { cotacaoId: string; destinatarioId: string },
  kind: PortalTokenKind,
  options: { email?: string; now?: Date } = {},
): Promise<string> {
  const token = newPortalToken();
  const now = options.now ?? new Date();
  await tx.insert(portalTokens).values({
    empresaId: tenant.empresaId,
    cotacaoId: target.cotacaoId,
    destinatarioId: target.destinatarioId,
    kind,
    tokenHash: hashPortalToken(token),
    email: options.email ?? null,
    expiresAt: kind === 'link' ? new Date(now.getTime() + PORTAL_LINK_MINUTES * 60_000) : null,
  });
  return token;
}
