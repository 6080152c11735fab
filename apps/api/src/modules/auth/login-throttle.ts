import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginThrottles } from '../../db/schema/index.js';
import { safeEqualHex } from '../../lib/tokens.js';

/** Failed attempts from devices the account never signed in from, before delays start (ADR 0013). */
export const FREE_FAILURES = 5;
/** The first delay; each further failure doubles it, up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** An account with no failed attempt for this long starts over. */
export const QUIET_RESET_MS = 24 * 3_600_000;
/** How long a browser stays a known device of an account. */
export const DEVICE_MAX_AGE_DAYS = 365;

type AccountState = { failures: number; blockedUntil: number; lastAttemptAt: number; notified: boolean };

/** What an attempt from an unknown device may do: go on (and report its outcome), or wait. */
export type Admission =
  | { wait: false; failures: number; startsThrottling: boolean }
  | { wait: true; seconds: number };

export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * One attempt against an account's state (absent: never tried, or forgotten): the state after it and the
 * answer. An admitted attempt counts as a failure at once and is forgiven if it succeeds, so parallel
 * guesses cannot slip between the check and the count.
 */
export function admitAttempt(
  current: AccountState | undefined,
  now: number,
): { state: AccountState; admission: Admission } {
  const state =
    !current || now - current.lastAttemptAt > QUIET_RESET_MS
      ? { failures: 0, blockedUntil: 0, lastAttemptAt: now, notified: false }
      : { ...current };
  if (now < state.blockedUntil)
    return { state, admission: { wait: true, seconds: Math.ceil((state.blockedUntil - now) / 1000) } };
  state.failures++;
  state.lastAttemptAt = now;
  state.blockedUntil = now + delayAfter(state.failures);
  const startsThrottling = state.failures >= FREE_FAILURES && !state.notified;
  if (startsThrottling) state.notified = true;
  return { state, admission: { wait: false, failures: state.failures, startsThrottling } };
}

/** Where the per-account state of the sign-in throttle lives. */
export interface LoginThrottleStore {
  admit(account: string): Admission | Promise<Admission>;
  /** The right password from an unknown device: the account's count starts over. */
  succeeded(account: string): void | Promise<void>;
}

/**
 * Per-account progressive delays for sign-in attempts from unknown devices (ADR 0013), in memory of this
 * process: the embedded database, where this process is the only one.
 */
export class LoginThrottle implements LoginThrottleStore {
  private readonly accounts = new Map<string, AccountState>();

  constructor(private readonly now: () => number = Date.now) {}

  static delayAfter(failures: number): number {
    return delayAfter(failures);
  }

  admit(account: string): Admission {
    const now = this.now();
    if (this.accounts.size > 50_000) this.prune(now);
    const { state, admission } = admitAttempt(this.accounts.get(account), now);
    this.accounts.set(account, state);
    return admission;
  }

  succeeded(account: string): void {
    this.accounts.delete(account);
  }

  private prune(now: number): void {
    for (const [key, state] of this.accounts)
      if (now - state.lastAttemptAt > QUIET_RESET_MS && now >= state.blockedUntil) this.accounts.delete(key);
  }
}

/**
 * The same throttle in PostgreSQL (`login_throttles`), shared by every API replica (issue 29, R9): the
 * account's row is locked for the attempt, so guesses spread over replicas are counted one after another.
 */
export class SharedLoginThrottle implements LoginThrottleStore {
  /** `now` for tests; otherwise the database's clock, which every replica shares. */
  constructor(
    private readonly db: Database,
    private readonly now?: () => number,
  ) {}

  async admit(account: string): Promise<Admission> {
    return this.db.transaction(async (tx) => {
      // Creates the row or locks the existing one (a no-op update), in one statement.
      const { rows } = await tx.execute<{
        failures: number;
        blocked_until: Date | string;
        last_attempt_at: Date | string;
        notified: boolean;
        created: boolean;
        db_now: number;
      }>(sql`
        insert into login_throttles as t (account, failures, blocked_until, last_attempt_at)
        values (${account}, 0, to_timestamp(0), to_timestamp(0))
        on conflict (account) do update set account = t.account
        returning failures, blocked_until, last_attempt_at, notified, (xmax = 0) as created,
          (extract(epoch from clock_timestamp()) * 1000)::float8 as db_now`);
      const row = rows[0]!;
      const current = row.created
        ? undefined
        : {
            failures: Number(row.failures),
            blockedUntil: new Date(row.blocked_until).getTime(),
            lastAttemptAt: new Date(row.last_attempt_at).getTime(),
            notified: Boolean(row.notified),
          };
      const { state, admission } = admitAttempt(current, this.now?.() ?? Number(row.db_now));
      await tx
        .update(loginThrottles)
        .set({
          failures: state.failures,
          blockedUntil: new Date(state.blockedUntil),
          lastAttemptAt: new Date(state.lastAttemptAt),
          notified: state.notified,
        })
        .where(eq(loginThrottles.account, account));
      return admission;
    });
  }

  async succeeded(account: string): Promise<void> {
    await this.db.delete(loginThrottles).where(eq(loginThrottles.account, account));
  }
}

/**
 * A known device: a browser the account signed in from, remembered by a cookie the server signs with a
 * key only it holds, the account's password hash. So no table is needed, the cookie names one account,
 * and a password change forgets every device (the next sign-in from each remembers it again).
 */
function deviceMac(userId: string, issuedAt: string, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`device:v1:${userId}:${issuedAt}`).digest('hex');
}

export function issueDeviceToken(userId: string, passwordHash: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  return `${userId}.${issuedAt}.${deviceMac(userId, issuedAt, passwordHash)}`;
}

/** The device's tag (for its own failure counter) when `token` is a valid device cookie of this account. */
export function knownDeviceTag(
  token: string | undefined,
  user: { id: string; passwordHash: string | null },
  now = Date.now(),
): string | null {
  if (!token || !user.passwordHash || token.length > 200) return null;
  const [userId, issuedAt, mac] = token.split('.');
  if (userId !== user.id || !issuedAt || !mac || !/^[0-9a-f]{64}$/.test(mac)) return null;
  const issued = Number.parseInt(issuedAt, 36);
  if (!Number.isFinite(issued) || now - issued > DEVICE_MAX_AGE_DAYS * 86_400_000 || issued > now + 60_000)
    return null;
  return safeEqualHex(mac, deviceMac(userId, issuedAt, user.passwordHash)) ? issuedAt : null;
}
