import { vi } from 'vitest';

/** Stubs the global fetch so that every call gets this answer; returns the mock to inspect the calls. */
export function answerEveryCall(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
