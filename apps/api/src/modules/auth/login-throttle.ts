import { createHmac } from 'node:crypto';
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

/**
 * Per-account progressive delays for sign-in attempts from unknown devices (ADR 0013). An attempt counts
 * as a failure when admitted and is forgiven if it succeeds, so parallel guesses cannot slip between the
 * check and the count. In memory of this process, like the other limiters (ADR 0005).
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, AccountState>();

  constructor(private readonly now: () => number = Date.now) {}

  static delayAfter(failures: number): number {
    if (failures < FREE_FAILURES) return 0;
    return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES));
  }

  admit(account: string): Admission {
    const now = this.now();
    if (this.accounts.size > 50_000) this.prune(now);
    let state = this.accounts.get(account);
    if (!state || now - state.lastAttemptAt > QUIET_RESET_MS) {
      state = { failures: 0, blockedUntil: 0, lastAttemptAt: now, notified: false };
      this.accounts.set(account, state);
    }
    if (now < state.blockedUntil)
      return { wait: true, seconds: Math.ceil((state.blockedUntil - now) / 1000) };
    state.failures++;
    state.lastAttemptAt = now;
    state.blockedUntil = now + LoginThrottle.delayAfter(state.failures);
    const startsThrottling = state.failures >= FREE_FAILURES && !state.notified;
    if (startsThrottling) state.notified = true;
    return { wait: false, failures: state.failures, startsThrottling };
  }

  /** The right password from an unknown device: the account's count starts over. */
  succeeded(account: string): void {
    this.accounts.delete(account);
  }

  private prune(now: number): void {
    for (const [key, state] of this.accounts)
      if (now - state.lastAttemptAt > QUIET_RESET_MS && now >= state.blockedUntil) this.accounts.delete(key);
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
