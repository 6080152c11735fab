import { AppError } from './errors.js';

/**
 * Fixed-window counter per key (per account, per registration), in memory of this process.
 * Per-IP limits are done by @fastify/rate-limit; both move to a shared store when the API is scaled out.
 */
export class KeyedLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Throws RATE_LIMITED once `key` has used its allowance in the current window. */
  consume(key: string): void {
    const now = Date.now();
    if (this.windows.size > 50_000) this.prune(now);
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count++;
    if (entry.count > this.max) {
      throw new AppError('RATE_LIMITED', { seconds: Math.ceil((entry.resetAt - now) / 1000) });
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
