import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache.js';

describe('StampedCache', () => {
  it('loads once for callers that arrive while a load of the same stamp is under way', async () => {
    const cache = new StampedCache<{ n: number }>();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      loads++;
      await gate;
      return { n: loads };
    };
    const waiting = Array.from({ length: 5 }, () => cache.get('q', 's1', load));
    release();
    const values = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(Object.isFrozen(values[0])).toBe(true);
    // Kept while the stamp is unchanged, loaded again for a new one.
    expect(await cache.get('q', 's1', load)).toBe(values[0]);
    expect(loads).toBe(1);
    const next = await cache.get('q', 's2', load);
    expect(loads).toBe(2);
    expect(next).not.toBe(values[0]);
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const cache = new StampedCache<string>();
    await expect(
      cache.get('q', 's', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.get('q', 's', async () => 'ok')).toBe('ok');
  });
});
