import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf } from '../../shared/api-answers.ts';
import { answerSerializerCompiler, sharedData } from './answer-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/things', httpPart: 'body' as const });
const serializers = (schema: z.ZodType) => ({ ours: answerSerializerCompiler(route(schema)), library: serializerCompiler(route(schema)) });

const thingSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  tags: z.array(z.string()),
  shop: z.object({ id: z.number(), rating: z.number().min(0).max(5) }).nullable(),
  status: z.enum(['active', 'draft']),
  extra: z.record(z.string(), z.number()).optional(),
});

describe('answers as JSON', () => {
  it('gives the same JSON as the library, unknown keys dropped at every level', () => {
    const { ours, library } = serializers(answerOf(z.object({ things: z.array(thingSchema) })));
    const answer = {
      message: 'Things',
      secret: 'token',
      data: {
        things: [
          { id: 1, name: 'Lamp', tags: ['a'], shop: { id: 2, rating: 4.5, password_hash: 'x' }, status: 'active', hidden: true },
          { id: 2, name: 'Mug', tags: [], shop: null, status: 'draft', extra: { a: 1 } },
        ],
      },
    };
    expect(ours(answer)).toBe(library(answer));
    expect(JSON.parse(ours(answer))).toEqual({
      message: 'Things',
      data: {
        things: [
          { id: 1, name: 'Lamp', tags: ['a'], shop: { id: 2, rating: 4.5 }, status: 'active' },
          { id: 2, name: 'Mug', tags: [], shop: null, status: 'draft', extra: { a: 1 } },
        ],
      },
    });
  });

  it('refuses an answer that breaks its contract, as the library does', () => {
    const { ours, library } = serializers(answerOf(thingSchema));
    const broken = { message: 'Thing', data: { id: 1, name: 'Lamp', tags: [], shop: { id: 2, rating: 9 }, status: 'active' } };
    const refusal = (serialize: (answer: unknown) => string) => {
      try {
        serialize(broken);
      } catch (error) {
        const { code, message, method, url } = error as Record<string, unknown>;
        return { code, message, method, url, serializationError: isResponseSerializationError(error as Error) };
      }
      return 'serialized';
    };
    expect(refusal(ours)).toEqual({ code: 'FST_ERR_RESPONSE_SERIALIZATION', message: "Response doesn't match the schema", method: 'GET', url: '/things', serializationError: true });
    expect(refusal(ours)).toEqual(refusal(library));
  });

  it('encodes an answer whose schema holds a codec, as the library does', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() });
    const { ours, library } = serializers(answerOf(z.object({ when: isoDate, list: z.array(z.object({ at: isoDate })) })));
    const answer = { message: 'When', data: { when: new Date('2026-11-27T10:00:00Z'), list: [{ at: new Date('2026-11-28T10:00:00Z') }] } };
    expect(ours(answer)).toBe(library(answer));
    expect(JSON.parse(ours(answer)).data).toEqual({ when: '2026-11-27T10:00:00.000Z', list: [{ at: '2026-11-28T10:00:00.000Z' }] });
  });

  it("checks a shared answer's data twice at most, and again whenever it is a new object", () => {
    let checks = 0;
    const counted = thingSchema.refine(() => ++checks > 0);
    const { ours } = serializers(answerOf(counted));
    const shared = { id: 1, name: 'Lamp', tags: [], shop: null, status: 'active' };
    expect(ours({ message: 'Thing', data: shared })).toBe('{"message":"Thing","data":{"id":1,"name":"Lamp","tags":[],"shop":null,"status":"active"}}');
    expect(ours({ message: 'Chose', data: shared, extra: 1 })).toBe('{"message":"Chose","data":{"id":1,"name":"Lamp","tags":[],"shop":null,"status":"active"}}');
    ours({ message: 'Thing', data: shared });
    expect(checks).toBe(2);
    ours({ message: 'Thing', data: { ...shared } });
    expect(checks).toBe(3);
    // One the contract changed (a key dropped) is checked every time, so the key never goes out.
    const leaky = { ...shared, password_hash: 'x' };
    for (let time = 0; time < 3; time++) expect(ours({ message: 'Thing', data: leaky })).not.toContain('password_hash');
    expect(checks).toBe(6);
    // One that broke it is refused every time.
    const broken = { ...shared, status: 'gone' };
    expect(() => ours({ message: 'Thing', data: broken })).toThrow("Response doesn't match the schema");
    expect(() => ours({ message: 'Thing', data: broken })).toThrow("Response doesn't match the schema");
  });

  it('checks an answer around one shared value twice at most, its data made once per value', () => {
    let checks = 0;
    const counted = thingSchema.refine(() => ++checks > 0);
    const { ours } = serializers(answerOf(z.object({ thing: counted })));
    const thingData = sharedData('thing');
    const shared = { id: 1, name: 'Lamp', tags: [], shop: null, status: 'active' };
    for (let time = 0; time < 3; time++) {
      expect(ours({ message: 'Thing', data: thingData(shared) })).toBe('{"message":"Thing","data":{"thing":{"id":1,"name":"Lamp","tags":[],"shop":null,"status":"active"}}}');
    }
    expect(checks).toBe(2);
    // A new value (the cache loaded it again) is a new answer, checked again.
    ours({ message: 'Thing', data: thingData({ ...shared }) });
    expect(checks).toBe(3);
  });

  it('follows recursive schemas', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const nodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(nodeSchema) }));
    const { ours, library } = serializers(answerOf(nodeSchema));
    const answer = { message: 'Tree', data: { name: 'a', children: [{ name: 'b', children: [], x: 1 }] } };
    expect(ours(answer)).toBe(library(answer));
  });
});
