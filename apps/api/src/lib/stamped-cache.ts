import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Reads that are repeated far more often than their rows change (a quote's responses, polled by every
 * analyst with the quote open while replies come in): the value is kept in memory together with a
 * fingerprint of every row it was built from (the "stamp", e.g. an md5 of the rows' ids and xmin). A
 * request reads only the stamp, one small query; while it is unchanged the kept value is the answer, and
 * its JSON and compressed forms are made once. A stamp changes with every insert, update or delete of
 * those rows (a new row version has a new xmin), by any process, so a kept value is never older than
 * the database; a process only ever holds its own copy. ADR 0015 addendum.
 */

/** Freezes `value` and everything in it: a kept value is shared by every request that reads it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Values by key, each valid while its stamp is; the least recently used go beyond `capacity`. */
export class StampedCache<V> {
  private readonly entries = new Map<string, { stamp: string; value: V }>();
  /** Loads under way by key and stamp: callers that arrive meanwhile share one (one read, one value). */
  private readonly loading = new Map<string, Promise<V>>();

  /** Off: every `get` loads, nothing is kept or shared (the benches' first-read rows). */
  keeping = true;

  constructor(private readonly capacity = 256) {}

  /** The value kept for `key` if it was built at `stamp`, else `load()`'s (kept, frozen). */
  async get(key: string, stamp: string, load: () => Promise<V>): Promise<V> {
    if (!this.keeping) return load();
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value;
    }
    const pendingKey = `${key}\u0000${stamp}`;
    const pending = this.loading.get(pendingKey);
    if (pending) return pending;
    const loaded = (async () => {
      try {
        const value = deepFreeze(await load());
        const current = this.entries.get(key);
        // A slower load of an older stamp does not replace a newer value kept meanwhile.
        if (!current || current.stamp === kept?.stamp) {
          this.entries.delete(key);
          this.entries.set(key, { stamp, value });
          if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
        }
        return value;
      } finally {
        this.loading.delete(pendingKey);
      }
    })();
    this.loading.set(pendingKey, loaded);
    return loaded;
  }

  /**
   * For stamps that are versions (a counter, as text, that only grows): the value kept for `key` while
   * `currentStamp()` still answers its stamp; else `load()`'s, which reads the value together with its
   * stamp in one statement. A key with nothing kept is loaded at once, without reading the stamp first:
   * one round trip on a first read, one on a repeated one. Loads are not shared (a load started before
   * a write the caller has seen may not answer it); a load never replaces a newer version kept meanwhile.
   */
  async getVersioned(
    key: string,
    currentStamp: () => Promise<string>,
    load: () => Promise<{ stamp: string; value: V }>,
  ): Promise<{ stamp: string; value: V }> {
    if (!this.keeping) return load();
    const kept = this.entries.get(key);
    if (kept) {
      const stamp = await currentStamp();
      if (stamp === kept.stamp) {
        this.entries.delete(key);
        this.entries.set(key, kept);
        return { stamp, value: kept.value };
      }
    }
    const { stamp, value } = await load();
    const frozen = deepFreeze(value);
    const current = this.entries.get(key);
    if (!current || BigInt(current.stamp) <= BigInt(stamp)) {
      this.entries.delete(key);
      this.entries.set(key, { stamp, value: frozen });
      if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    return { stamp, value: frozen };
  }

  get size(): number {
    return this.entries.size;
  }
}

type Encoded = { identity: Buffer; br?: Buffer; gzip?: Buffer };
const encodedBodies = new WeakMap<object, Encoded>();
/** As the compress plugin of app.ts: nothing under 1 kB, a fast brotli level. */
const COMPRESS_THRESHOLD = 1024;

/** The encoding the client prefers among br and gzip (q=0 refuses one), or identity. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends a kept value as JSON (serialised by `serialize`, the route's own schema serializer), compressed
 * as the client accepts, each form made once per value. `etag` (the stamp) lets a client revalidate:
 * a matching If-None-Match answers 304 with no body.
 */
export function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: object,
  etag: string,
  serialize: (value: object) => string,
): FastifyReply {
  const tag = `"${etag}"`;
  reply.header('etag', tag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === tag) return reply.code(304).send();
  let encoded = encodedBodies.get(value);
  if (!encoded) {
    encoded = { identity: Buffer.from(serialize(value)) };
    encodedBodies.set(value, encoded);
  }
  reply.type('application/json; charset=utf-8');
  const encoding =
    encoded.identity.length < COMPRESS_THRESHOLD
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(encoded.identity);
  encoded[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(encoded.identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : zlib.gzipSync(encoded.identity, { level: 6 });
  return reply.header('content-encoding', encoding).send(encoded[encoding]);
}
