import { describe, expect, it } from 'vitest';
import { FreshCache } from './fresh-cache.js';

describe('FreshCache', () => {
  it('keeps a value for its window, refreshes it in the background past half of it, and waits past all of it', async () => {
    let now = 1_000;
    let reads = 0;
    const cache = new FreshCache<number>(10_000, 8, () => now);
    const load = async () => ++reads;
    expect(await cache.get('k', load)).toEqual({ value: 1, readAt: new Date(1_000) });
    now += 4_000;
    expect((await cache.get('k', load)).value).toBe(1);
    expect(reads).toBe(1);
    // Past half the window: still the kept value, while one read runs in the background.
    now += 2_000;
    const stale = await cache.get('k', load);
    expect(stale.value).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    expect(await cache.get('k', load)).toEqual({ value: 2, readAt: new Date(7_000) });
    // Past the whole window: the caller waits for a new read.
    now += 10_000;
    expect(await cache.get('k', load)).toEqual({ value: 3, readAt: new Date(17_000) });
  });

  it('shares one read among concurrent callers, keeps keys apart, and keeps nothing with a 0 window', async () => {
    let reads = 0;
    const cache = new FreshCache<string>(10_000);
    const load = (value: string) => async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return value;
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('a', load('A'))));
    expect(reads).toBe(1);
    expect(answers.map((answer) => answer.value)).toEqual(['A', 'A', 'A', 'A', 'A']);
    expect((await cache.get('b', load('B'))).value).toBe('B');
    expect(reads).toBe(2);

    const never = new FreshCache<string>(0);
    await never.get('a', load('x'));
    await never.get('a', load('y'));
    expect(reads).toBe(4);
  });
});
