/*
 * Summaries read far more often than an analyst needs them to the second (the dashboard, the indicators
 * table: every analyst of a company opens them, with the same figures): kept per key for at most
 * `maxAgeMs`, with the time they were read, which the screen shows ('Atualizado às …', ADR 0031). Once
 * a value is past half its age, the next request starts one refresh in the background and is still
 * answered the kept value, so in steady use nobody waits for the read; after `maxAgeMs` a request waits
 * for a fresh one. Callers that arrive during a load share it. `maxAgeMs` 0 keeps nothing.
 */

export type Fresh<V> = { value: V; readAt: Date };

type Entry<V> = { value: V; readAt: number; refreshing?: Promise<void> };

export class FreshCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<Fresh<V>>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly capacity = 512,
    private readonly now: () => number = Date.now,
  ) {}

  /** `load` gets the time of its read (to put in the value: a kept value is sent as it is). */
  async get(key: string, load: (readAt: Date) => Promise<V>): Promise<Fresh<V>> {
    if (this.maxAgeMs <= 0) {
      const readAt = new Date(this.now());
      return { readAt, value: await load(readAt) };
    }
    const kept = this.entries.get(key);
    const age = kept ? this.now() - kept.readAt : Number.POSITIVE_INFINITY;
    if (kept && age < this.maxAgeMs) {
      if (age >= this.maxAgeMs / 2 && !kept.refreshing)
        kept.refreshing = this.load(key, load).then(
          () => undefined,
          () => {
            kept.refreshing = undefined; // tried again by the next request
          },
        );
      return { value: kept.value, readAt: new Date(kept.readAt) };
    }
    return this.load(key, load);
  }

  /** Forgets every kept value (a test, or a write this process knows changes everything). */
  clear(): void {
    this.entries.clear();
  }

  private load(key: string, load: (readAt: Date) => Promise<V>): Promise<Fresh<V>> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const readAt = this.now();
    const loaded = (async () => {
      try {
        const value = await load(new Date(readAt));
        this.entries.delete(key);
        this.entries.set(key, { value, readAt });
        if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
        return { value, readAt: new Date(readAt) };
      } finally {
        this.loading.delete(key);
      }
    })();
    this.loading.set(key, loaded);
    return loaded;
  }
}
