import { STANDARD_JOB_TIMING, type JobTiming } from '../platform/jobs.ts';

/** Background jobs for tests that wait on them: idle workers look every half second, a failed mail is tried again after 1–2 s. */
export const quickJobTiming = (overrides: Partial<JobTiming> = {}): JobTiming => ({ ...STANDARD_JOB_TIMING, pollSeconds: 0.5, mailRetrySeconds: 1, ...overrides });
