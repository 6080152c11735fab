import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_FOLLOW_UP_SETTINGS } from '@cotacoes/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { followUpSettings, type PortalTokenKind, portalTokens } from '../db/schema/index.js';
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
  await recordPortalToken(tx, tenant, target, kind, token, options);
  return token;
}

/**
 * Stores a token chosen beforehand (`newPortalToken`): for a message written before the row it names
 * exists, such as a request e-mail composed before its recipients are inserted, in the same transaction.
 */
export async function recordPortalToken(
  tx: Executor,
  tenant: Tenant,
  target: { cotacaoId: string; destinatarioId: string },
  kind: PortalTokenKind,
  token: string,
  options: { email?: string; now?: Date } = {},
): Promise<void> {
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
}

/** Whether a company offers the portal: `follow_up_settings.portal_enabled`, on when it has no row. */
export async function isPortalEnabled(executor: Executor, empresaId: string): Promise<boolean> {
  const [row] = await executor
    .select({ enabled: followUpSettings.portalEnabled })
    .from(followUpSettings)
    .where(eq(followUpSettings.empresaId, empresaId));
  return row?.enabled ?? DEFAULT_FOLLOW_UP_SETTINGS.portalEnabled;
}

export type PortalTokenRow = typeof portalTokens.$inferSelect;

/** The row of a raw token, by its hash; undefined for a token never issued. */
export async function findPortalToken(
  executor: Executor,
  token: string,
): Promise<PortalTokenRow | undefined> {
  const [row] = await executor
    .select()
    .from(portalTokens)
    .where(eq(portalTokens.tokenHash, hashPortalToken(token)));
  return row;
}

/** Why a token opens nothing (the API's error code), or null when it may be used. */
export type PortalTokenProblem = 'PORTAL_LINK_INVALID' | 'PORTAL_LINK_EXPIRED' | 'PORTAL_LINK_REUSED';

/** The binding cookie's value: random, stored only as its SHA-256 in `binding_hash`. */
export function newPortalBinding(): { cookie: string; hash: string } {
  const cookie = randomBytes(32).toString('base64url');
  return { cookie, hash: hashPortalToken(cookie) };
}

/**
 * The token rules (ADR 0026, 'Carrier portal'): a revoked token opens nothing; a `link` token opens
 * nothing after its 30 minutes, and once bound only with the binding cookie of the browser that opened
 * it first (else 'reused'). An `invite` token has no expiry or binding: the quote's state limits it.
 */
export function portalTokenProblem(
  row: PortalTokenRow | undefined,
  binding: string | undefined,
  now: Date,
): PortalTokenProblem | null {
  if (!row || row.revokedAt) return 'PORTAL_LINK_INVALID';
  if (row.kind === 'invite') return null;
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) return 'PORTAL_LINK_EXPIRED';
  if (row.bindingHash && (!binding || hashPortalToken(binding) !== row.bindingHash))
    return 'PORTAL_LINK_REUSED';
  return null;
}

/**
 * Binds a `link` token to a browser on its first use: only the request that finds it unbound sets the
 * hash, so two browsers opening it at once cannot both get in. False when another bound it first.
 */
export async function bindPortalToken(
  executor: Executor,
  tokenId: string,
  bindingHash: string,
  now: Date,
): Promise<boolean> {
  const bound = await executor
    .update(portalTokens)
    .set({ bindingHash, firstUsedAt: now, lastUsedAt: now })
    .where(and(eq(portalTokens.id, tokenId), isNull(portalTokens.bindingHash)))
    .returning({ id: portalTokens.id });
  return bound.length === 1;
}

/** Records a use of a token (first and last). */
export async function touchPortalToken(executor: Executor, tokenId: string, now: Date): Promise<void> {
  await executor
    .update(portalTokens)
    .set({ firstUsedAt: sql`coalesce(${portalTokens.firstUsedAt}, ${now})`, lastUsedAt: now })
    .where(eq(portalTokens.id, tokenId));
}
