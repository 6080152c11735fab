import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred.js';
import { StampedCache } from './stamped-cache.js';

describe('StampedCache', () => {
  it('loads once for callers that arrive while a load of the same stamp is under way', async () => {
    const cache = new StampedCache<{ n: number }>();
    let loads = 0;
    const { promise: gate, resolve: release } = deferred();
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

  describe('getVersioned', () => {
    /** A load that answers `value` at `stamp`, counting its calls; and the current stamp, counted too. */
    function source(stamp: { now: string }) {
      const calls = { loads: 0, stamps: 0 };
      return {
        calls,
        current: async () => {
          calls.stamps++;
          return stamp.now;
        },
        load: async () => {
          calls.loads++;
          return { stamp: stamp.now, value: { at: stamp.now, n: calls.loads } };
        },
      };
    }

    it('a first read is one load (no stamp read); a repeated one reads the stamp and keeps the value', async () => {
      const cache = new StampedCache<{ at: string; n: number }>();
      const stamp = { now: '7' };
      const s = source(stamp);
      const first = await cache.getVersioned('k', s.current, s.load);
      expect(first).toEqual({ stamp: '7', value: { at: '7', n: 1 } });
      expect(s.calls).toEqual({ loads: 1, stamps: 0 });
      const again = await cache.getVersioned('k', s.current, s.load);
      expect(again.value).toBe(first.value);
      expect(s.calls).toEqual({ loads: 1, stamps: 1 });
      stamp.now = '8';
      const changed = await cache.getVersioned('k', s.current, s.load);
      expect(changed).toEqual({ stamp: '8', value: { at: '8', n: 2 } });
      expect(s.calls).toEqual({ loads: 2, stamps: 2 });
    });

    it('a slow load of an older version does not replace a newer one kept meanwhile', async () => {
      const cache = new StampedCache<string>();
      const { promise: gate, resolve: release } = deferred();
      const slow = cache.getVersioned(
        'k',
        async () => '9',
        async () => {
          await gate;
          return { stamp: '9', value: 'old' };
        },
      );
      await cache.getVersioned(
        'k',
        async () => '10',
        async () => ({ stamp: '10', value: 'new' }),
      );
      release();
      expect((await slow).value).toBe('old');
      // Version 10 is still the one kept (numerically newer than 9, though '10' < '9' as text).
      const kept = await cache.getVersioned(
        'k',
        async () => '10',
        async () => ({ stamp: '10', value: 'reloaded' }),
      );
      expect(kept.value).toBe('new');
    });

    it('keeps nothing while keeping is off', async () => {
      const cache = new StampedCache<{ at: string; n: number }>();
      const s = source({ now: '1' });
      cache.keeping = false;
      await cache.getVersioned('k', s.current, s.load);
      await cache.getVersioned('k', s.current, s.load);
      expect(s.calls).toEqual({ loads: 2, stamps: 0 });
      expect(cache.size).toBe(0);
    });
  });
});
