import { paginatedSchema, transportadorSchema, userSchema } from '@cotacoes/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSymmetric, serializerCompiler } from './serializer.js';

const serializerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

describe('response serializer', () => {
  it('takes parse for plain schemas and keeps encode where a transform, pipe, default or trim runs', () => {
    expect(isSymmetric(userSchema)).toBe(true);
    expect(isSymmetric(z.union([z.array(transportadorSchema), paginatedSchema(transportadorSchema)]))).toBe(
      true,
    );
    expect(isSymmetric(z.object({ a: z.string().transform((value) => value.length) }))).toBe(false);
    expect(isSymmetric(z.object({ a: z.array(z.string().trim()) }))).toBe(false);
    expect(isSymmetric(z.object({ a: z.number().default(1) }))).toBe(false);
    expect(isSymmetric(z.object({ a: z.string().pipe(z.string()) }))).toBe(false);
    expect(isSymmetric(z.object({ a: z.lazy(() => z.string()) }))).toBe(false);
  });

  it('strips unknown keys and answers a mismatch with a response serialization error', () => {
    const serialize = serializerOf(userSchema);
    const user = {
      id: 'u1',
      name: 'Ana',
      email: 'ana@x.com',
      role: 'analista',
      empresaId: null,
      receiveEmailCopy: false,
    };
    expect(JSON.parse(serialize({ ...user, passwordHash: 'secret' }))).toEqual(user);
    let failure: unknown;
    try {
      serialize({ ...user, role: 'root' });
    } catch (error) {
      failure = error;
    }
    expect(isResponseSerializationError(failure)).toBe(true);
  });

  it('serializes a schema with a transform as before (encode)', () => {
    const codec = z.codec(z.string(), z.number(), {
      decode: (text) => Number(text),
      encode: (value) => String(value),
    });
    expect(serializerOf(z.object({ n: codec }))({ n: 42 })).toBe('{"n":"42"}');
  });
});
