import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../client/lib/api-client.ts';
import { resendWaitSeconds } from './resend-wait.ts';

/** The failure the API client throws for an answer with this status and body. */
async function failureFor(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
  return api.call('POST /send-otp', { body: { phone: 'ana@example.com' } }).catch((error: unknown) => error);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a resend the server refuses', () => {
  it('counts down the seconds a 429 names instead of showing an error', async () => {
    const tooSoon = await failureFor(429, { message: 'Too many attempts. Please try again later.', retry_after: 42 });
    expect(resendWaitSeconds(tooSoon)).toBe(42);
  });

  it('is shown as an error when the server names no wait, or the failure is another', async () => {
    const failures = [
      await failureFor(429, { message: 'Too many attempts. Please try again later.' }),
      await failureFor(429, { message: 'Too many attempts. Please try again later.', retry_after: '42' }),
      await failureFor(422, { message: 'The phone or email format is invalid.', errors: { phone: ['The phone or email format is invalid.'] } }),
      await failureFor(503, { message: 'Service temporarily unavailable. Please try again.', retry_after: 5 }),
      new Error('not from the API'),
    ];
    for (const failure of failures) expect(resendWaitSeconds(failure)).toBeUndefined();
  });
});
