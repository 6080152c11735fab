import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { ipRateKey, KeyedLimiter } from './rate-limiter.js';

describe('KeyedLimiter', () => {
  it('allows max calls per window, then throws RATE_LIMITED with the seconds left', () => {
    const limiter = new KeyedLimiter(2, 60_000);
    limiter.consume('a');
    limiter.consume('a');
    limiter.consume('b');
    try {
      limiter.consume('a');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('RATE_LIMITED');
      expect((error as AppError).params?.seconds).toBe(60);
    }
  });

  it('keeps at most maxKeys keys under a flood of distinct keys', () => {
    const limiter = new KeyedLimiter(1, 60_000, 100);
    for (let i = 0; i < 1_000; i++) limiter.consume(`k${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted.
    expect(() => limiter.consume('k999')).toThrow(AppError);
  });
});

describe('ipRateKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:10.0.0.9', '10.0.0.9'],
    ['2001:db8:0:1:2:3:4:5', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:ffff::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(ipRateKey(ip)).toBe(key);
  });
});
