import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf } from '../../shared/api-answers.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { documentApiRoutes } from './api-documentation.ts';
import { validatorCompiler } from './validation.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
}

async function readDocument() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApiDocument>();
}

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await readDocument();
    const result = await new Validator().validate({ ...document });

    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has every API call, each with tags, a summary and a JSON success answer or a stated media type', async () => {
    const operations = operationsOf(await readDocument());
    const api = operations.filter(({ path }) => path.startsWith('/api/'));

    expect(api.length).toBeGreaterThanOrEqual(64);
    expect(api.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['GET /api/home', 'POST /api/login', 'POST /api/place-order', 'POST /api/cart/checkout', 'GET /api/events', 'POST /api/payments/stripe/webhook', 'PATCH /api/admin/settings']),
    );
    for (const { name, operation } of operations) {
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      expect(operation.summary, name).toBeTruthy();
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, name).toBeGreaterThan(0);
      for (const [, answer] of success) expect(Object.keys(answer.content ?? {}).length, name).toBeGreaterThan(0);
    }
    // The storefront's pages and files are in the document too, with their media types.
    expect(operations.map(({ name }) => name)).toEqual(expect.arrayContaining(['GET /robots.txt', 'GET /sitemap.xml', 'GET /media/placeholder/{kind}/{file}']));
  });

  it('documents the requests from the contract: path parameters, queries, bodies and their rules', async () => {
    const document = await readDocument();
    const login = document.paths['/api/login']!.post!;
    const body = login.requestBody!.content['application/json'] as { schema: { properties: Record<string, { maxLength?: number }>; required: string[] } };
    expect(body.schema.required).toEqual(['phone', 'password']);
    expect(body.schema.properties.phone?.maxLength).toBe(254);

    const products = document.paths['/api/products']!.get!;
    expect(products.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page', 'per_page', 'search', 'sort_type']));

    for (const { name, path, operation } of operationsOf(document)) {
      const inPath = [...path.matchAll(/\{([\w*]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(declared.sort(), name).toEqual(inPath.sort());
    }

    // A body whose rules depend on who asks still shows them: a guest's contact fields or a shopper's address.
    const placeOrder = document.paths['/api/place-order']!.post!;
    expect(JSON.stringify(placeOrder.requestBody)).toContain('address_id');
    expect(JSON.stringify(placeOrder.requestBody)).toContain('post_code');
    expect(placeOrder.parameters?.map((parameter) => parameter.name)).toContain('idempotency-key');
    // Pictures come as multipart forms.
    expect(Object.keys(document.paths['/api/profile']!.post!.requestBody!.content)).toEqual(['application/json', 'multipart/form-data']);
  });

  it('states how to sign in: a bearer token, or the web session cookie', async () => {
    const document = await readDocument();
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
    });
    expect(document.paths['/api/orders']!.get!.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/products']!.get!.security).toEqual([{}, { bearerAuth: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/master']!.get!.security).toBeUndefined();
  });

  it('shows the error shape of docs/design.md §4 on every API call', async () => {
    const document = await readDocument();
    for (const { name, path, operation } of operationsOf(document)) {
      if (!path.startsWith('/api/')) continue;
      expect(JSON.stringify(operation.responses['4XX'] ?? operation.responses['4xx']), name).toContain('ErrorAnswer');
    }
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from the store itself, under its content security policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script, 'no script from another site').not.toMatch(/^(https?:)?\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    for (const script of scripts) {
      const asset = await ctx.app.inject({ method: 'GET', url: new URL(script, 'http://store.test/api/docs/').pathname });
      expect(asset.statusCode, script).toBe(200);
    }
    const initializer = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('/api/openapi.json');
  });
});

describe('routes under /api', () => {
  const withApiRoutes = async (declare: (api: FastifyInstance) => void) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(
      async (api) => {
        documentApiRoutes(api);
        declare(api);
      },
      { prefix: '/api' },
    );
    await app.ready();
    return app;
  };

  it('cannot be registered without their schema', async () => {
    await expect(withApiRoutes((api) => api.get('/undocumented/:id', async () => ({})))).rejects.toThrow(
      'GET /api/undocumented/:id declares no tags, summary, success answer, params in its schema (decision 021)',
    );

    const documented = await withApiRoutes((api) =>
      api.get('/documented/:id', { schema: { tags: ['Test'], summary: 'documented', params: z.object({ id: z.string() }), response: { 200: answerOf(z.object({})) } } }, async () => ({ message: '', data: {} })),
    );
    expect(documented.hasRoute({ method: 'GET', url: '/api/documented/:id' })).toBe(true);
    await documented.close();
  });
});
