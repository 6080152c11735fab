import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import {
  serializerCompiler as encodingSerializerCompiler,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

/** Schema kinds whose parse and encode give the same result (nothing runs in only one direction). */
const SYMMETRIC = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'nan',
  'object',
  'array',
  'tuple',
  'union',
  'intersection',
  'record',
  'nullable',
  'optional',
  'readonly',
]);

/**
 * Whether checking `schema` with `parse` validates and shapes an answer exactly as `encode` does: no
 * transform, pipe, codec, default, catch or value-rewriting check (trim, lower-case…) anywhere in it.
 */
export function isSymmetric(schema: AnySchema, seen = new Set<AnySchema>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (!SYMMETRIC.has(def.type)) return false;
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  if (checks.some((check) => check._zod.def.check === 'overwrite')) return false;
  const all = (schemas: unknown[]) => schemas.every((inner) => isSymmetric(inner as AnySchema, seen));
  switch (def.type) {
    case 'object':
      return all(Object.values(def.shape as object)) && (!def.catchall || all([def.catchall]));
    case 'array':
      return all([def.element]);
    case 'tuple':
      return all(def.items as unknown[]) && (!def.rest || all([def.rest]));
    case 'union':
      return all(def.options as unknown[]);
    case 'intersection':
      return all([def.left, def.right]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'nullable':
    case 'optional':
    case 'readonly':
      return all([def.innerType]);
    default:
      return true;
  }
}

function zodSchemaOf(schema: unknown): AnySchema {
  const maybe = schema as { _zod?: unknown; properties?: { _zod?: unknown } };
  if (maybe._zod) return schema as AnySchema;
  if (maybe.properties?._zod) return maybe.properties as AnySchema;
  throw new Error(`Not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * The response serializer (ADR 0014 addendum): an answer is checked against its route's schema (unknown
 * keys stripped, a mismatch is a 500 logged as fatal) and then stringified, as fastify-type-provider-zod
 * does, but with `safeParse` where the schema runs the same both ways: zod compiles a parse of a plain
 * object into one function (about 50 ns for the signed-in user), while its `encode` walks the schema every
 * time (about 1.6 µs). Schemas with codecs or transforms keep the library's `encode`.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema) as z.ZodType;
  if (!isSymmetric(schema)) return encodingSerializerCompiler(route as never);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** A GET route's 200 serialisation as a function: for kept answers sent as bytes (lib/stamped-cache.ts). */
export function keptSerializer(schema: z.ZodType, url: string): (value: object) => string {
  return serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (value: object) => string;
}
