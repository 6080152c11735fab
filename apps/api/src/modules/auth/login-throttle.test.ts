import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/client.js';
import {
  FREE_FAILURES,
  issueDeviceToken,
  knownDeviceTag,
  LoginThrottle,
  MAX_DELAY_MS,
  QUIET_RESET_MS,
  SharedLoginThrottle,
} from './login-throttle.js';

function clock() {
  let now = 1_800_000_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('login throttle for unknown devices (ADR 0013)', () => {
  it('lets the first attempts through, then doubles the wait after each failure, up to 15 minutes', () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    // The wait met before each failed attempt, from the second one on.
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 16; attempt++) {
      let waited = 0;
      let admission = throttle.admit('alvo@empresa.com.br');
      while (admission.wait) {
        waited += admission.seconds;
        time.advance(admission.seconds * 1000);
        admission = throttle.admit('alvo@empresa.com.br');
      }
      if (attempt > 1) waits.push(waited);
    }
    expect(waits.slice(0, FREE_FAILURES - 1)).toEqual([0, 0, 0, 0]);
    expect(waits.slice(FREE_FAILURES - 1, FREE_FAILURES + 6)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_MS / 1000);
    // Other accounts are not affected.
    expect(throttle.admit('outra@empresa.com.br').wait).toBe(false);
  });

  it('tells the owner once per episode, forgives on success and starts over after a quiet day', () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    const notices = () => {
      let count = 0;
      for (let i = 0; i < 8; i++) {
        const admission = throttle.admit('dono@empresa.com.br');
        if (!admission.wait && admission.startsThrottling) count++;
        time.advance(MAX_DELAY_MS);
      }
      return count;
    };
    expect(notices()).toBe(1);
    expect(notices()).toBe(0);
    throttle.succeeded('dono@empresa.com.br');
    expect(throttle.admit('dono@empresa.com.br')).toMatchObject({ wait: false, failures: 1 });
    for (let i = 0; i < FREE_FAILURES; i++) throttle.admit('dono@empresa.com.br');
    expect(throttle.admit('dono@empresa.com.br').wait).toBe(true);
    time.advance(QUIET_RESET_MS + MAX_DELAY_MS);
    expect(throttle.admit('dono@empresa.com.br')).toMatchObject({ wait: false, failures: 1 });
  });
});

describe('device cookie', () => {
  const user = {
    id: '7d0b7f2e-4f43-4c1e-9a54-2f4b9b0c1a11',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  };

  it('is known only for its account, unchanged, unexpired and until the password changes', () => {
    const now = Date.now();
    const token = issueDeviceToken(user.id, user.passwordHash!, now);
    expect(knownDeviceTag(token, user, now)).toBeTruthy();
    expect(knownDeviceTag(token, { ...user, id: 'b5a3e0a4-1111-4c1e-9a54-2f4b9b0c1a11' }, now)).toBeNull();
    expect(knownDeviceTag(token, { ...user, passwordHash: `${user.passwordHash}x` }, now)).toBeNull();
    // The MAC's last hex digit changed (to another digit: '0' would be no change one time in 16).
    const tampered = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect(tampered).not.toBe(token);
    expect(knownDeviceTag(tampered, user, now)).toBeNull();
    expect(knownDeviceTag(token.replace(/\.(\w+)\./, '.zzzz.'), user, now)).toBeNull();
    expect(knownDeviceTag(token, user, now + 366 * 86_400_000)).toBeNull();
    expect(knownDeviceTag(undefined, user, now)).toBeNull();
    expect(knownDeviceTag('lixo', user, now)).toBeNull();
  });
});

describe('the shared login throttle in the database (issue 29, R9)', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop?.();
  });

  it('follows the same steps as the in-memory throttle', async () => {
    const time = clock();
    const memory = new LoginThrottle(time.now);
    const shared = new SharedLoginThrottle(database.db, time.now);
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(await shared.admit('passo@empresa.com.br')).toEqual(memory.admit('passo@empresa.com.br'));
      time.advance(attempt % 3 === 0 ? 2_000 : 300);
    }
    await shared.succeeded('passo@empresa.com.br');
    memory.succeeded('passo@empresa.com.br');
    expect(await shared.admit('passo@empresa.com.br')).toEqual(memory.admit('passo@empresa.com.br'));
    time.advance(QUIET_RESET_MS + 1);
    expect(await shared.admit('passo@empresa.com.br')).toEqual({
      wait: false,
      failures: 1,
      startsThrottling: false,
    });
  });

  it('admits exactly the free attempts out of 14 parallel ones', async () => {
    const shared = new SharedLoginThrottle(database.db);
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => shared.admit('paralelo@empresa.com.br')),
    );
    expect(answers.filter((answer) => !answer.wait)).toHaveLength(FREE_FAILURES);
    expect(answers.filter((answer) => !answer.wait && answer.startsThrottling)).toHaveLength(1);
  });
});
