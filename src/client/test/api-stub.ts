import { vi } from 'vitest';

/** What a stubbed call answers: a status and the JSON body the API would send. */
export interface StubAnswer {
  status?: number;
  body: unknown;
}

/** A request the stub saw: its method, path (without /api and the query) and parsed JSON body (a multipart one as its FormData). */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query's parameters. */
  query: Record<string, string>;
  body: unknown;
  /** Its headers, lower-cased. */
  headers: Record<string, string>;
}

type Responder = StubAnswer | ((request: SeenRequest) => StubAnswer | Promise<StubAnswer>);

/**
 * The network for component tests: `fetch` answers the API calls named `"POST /place-order"` with
 * the given answers, and records every call. A call nobody answers gets a 501 whose message names
 * it, so a test that forgot one sees it in the page rather than passing by accident.
 */
export function stubApi(routes: Record<string, Responder>) {
  const seen: SeenRequest[] = [];
  const answers = new Map(Object.entries(routes));
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://store.test');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
      headers: Object.fromEntries(new Headers(init.headers)),
    };
    seen.push(request);
    const responder = answers.get(`${request.method} ${request.path}`);
    const answer = responder === undefined ? { status: 501, body: { message: `No stubbed answer for ${request.method} ${request.path}` } } : typeof responder === 'function' ? await responder(request) : responder;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    /** Replaces or adds answers while the test runs. */
    answer: (more: Record<string, Responder>) => Object.entries(more).forEach(([route, responder]) => answers.set(route, responder)),
    /** The calls made to one route, in order. */
    calls: (route: string) => seen.filter((request) => `${request.method} ${request.path}` === route),
  };
}

/** A docs/design.md §4 success body. */
export const ok = (data: unknown, message = 'Success') => ({ body: { message, data } });

/** A docs/design.md §4 refusal with field errors. */
export const refused = (status: number, message: string, errors?: Record<string, string[]>) => ({ status, body: { message, ...(errors ? { errors } : {}) } });

/** An answer that waits until the test lets it go, to see the page while the call is in flight. */
export function heldAnswer(answer: StubAnswer) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { responder: async () => (await released, answer), release };
}
