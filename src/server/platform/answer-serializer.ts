import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodObject, $ZodType, safeParse } from 'zod/v4/core';

/**
 * Answers as JSON, checked against their zod contract on the way out (unknown keys dropped), as
 * fastify-type-provider-zod's serializer does, but by parsing rather than by encoding where the two
 * give the same JSON: zod encodes a schema with checks by parsing it twice at every level, once
 * without its checks, so encoding costs far more than parsing, and was much of a cached answer's
 * CPU (issue 14, decision 043). An answer schema with a codec or a transform inside is encoded by
 * the library's serializer, as before.
 *
 * The `data` of an answer shared between requests (the answer caches give each request the same
 * object for seconds) is checked twice at most: an object that passed its contract unchanged when
 * it came again is sent as it is from then on. Shared answers are never changed once made; a changed
 * answer is a new object.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType) || changesOnTheWayOut(schema)) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const envelope = isEnvelope(schema);
  // Most answers are made for one request: an object is compared with its checked form only the second time it comes.
  const seenData = new WeakSet<object>();
  const checkedData = new WeakSet<object>();
  return (answer: { message?: unknown; data?: unknown }) => {
    const { message, data } = answer;
    const reusable = envelope && typeof message === 'string' && typeof data === 'object' && data !== null;
    if (reusable && checkedData.has(data)) return JSON.stringify({ message, data });
    const result = safeParse(schema, answer);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    if (reusable && !seenData.has(data)) seenData.add(data);
    else if (reusable && isDeepStrictEqual((result.data as { data: unknown }).data, data)) checkedData.add(data);
    return JSON.stringify(result.data);
  };
};

/**
 * The `data` of answers that hold one shared (cached) value under `field` (`{ product }`,
 * `{ shops }`): made once per value, so that the answer's check is done at most twice for it
 * (above) rather than for every request's new wrapper.
 */
export function sharedData<Field extends string>(field: Field) {
  const made = new WeakMap<object, Record<Field, object>>();
  return <Value extends object>(value: Value): Record<Field, Value> => {
    let data = made.get(value);
    if (!data) made.set(value, (data = { [field]: value } as Record<Field, Value>));
    return data as Record<Field, Value>;
  };
}

/** An answer schema as answerOf makes them: `{ message, data }`. */
const isEnvelope = (schema: $ZodType) =>
  schema instanceof $ZodObject && Object.keys(schema._zod.def.shape).join() === 'message,data' && schema._zod.def.catchall === undefined;

/** Whether encoding a value with `schema` may give other JSON than parsing it: a pipe (codecs are pipes) or a transform somewhere inside. */
function changesOnTheWayOut(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as { type: string; getter?: () => $ZodType };
  if (def.type === 'pipe' || def.type === 'transform') return true;
  const inner = def.type === 'lazy' && def.getter ? [def.getter()] : Object.values(def).flatMap(schemasIn);
  return inner.some((child) => changesOnTheWayOut(child, seen));
}

/** The schemas a definition's field holds: itself, a list of them (a union's options) or a record of them (an object's shape). */
function schemasIn(field: unknown): $ZodType[] {
  if (field instanceof $ZodType) return [field];
  if (field === null || typeof field !== 'object') return [];
  return Object.values(field).filter((value): value is $ZodType => value instanceof $ZodType);
}
