import { ApiError } from '../../../client/lib/api-client.ts';

/**
 * The seconds the server asked to wait when it refused a code for coming too soon (429 with
 * `retry_after`), for the code dialog to count down instead of showing an error; undefined otherwise.
 */
export function resendWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = error.retryAfterSeconds;
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

/** When the resend button comes back, as the countdown reads it. */
export const resendTimeAfter = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
