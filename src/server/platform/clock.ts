import { setTimeout as wait } from 'node:timers/promises';

/** The time source of every rule that expires (codes, tokens, rate windows); tests pass a clock they can move. */
export interface Clock {
  now(): Date;
  /** Waits before going on (a login slowed down after many failures); a test clock moves on by that much at once. */
  sleep(milliseconds: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date(), sleep: (milliseconds) => wait(milliseconds) };
