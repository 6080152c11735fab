import { AppError } from './errors.js';

/**
 * Fixed-window counter per key (per account, per registration, per IP), in memory of this process.
 * Per-route IP limits are done by @fastify/rate-limit; both move to a shared store when the API is scaled
 * out. At most `maxKeys` keys are kept: past that the expired windows go, and if that is not enough the
 * oldest ones (a flood of distinct keys costs bounded memory; a forgotten key starts a new window).
 */
export class KeyedLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Throws RATE_LIMITED once `key` has used its allowance in the current window. */
  consume(key: string): void {
    const now = Date.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.windows.size >= this.maxKeys) this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count++;
    if (entry.count > this.max) {
      throw new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) });
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest tenth (a Map iterates in insertion order).
    let excess = this.windows.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (excess-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The key a client's requests are counted under: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64 network (one host usually holds the whole /64), as
 * @fastify/rate-limit counts.
 */
export function ipRateKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.toLowerCase().split('%')[0]!;
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
