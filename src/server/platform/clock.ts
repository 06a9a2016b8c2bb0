/** The time source of every rule that expires (codes, tokens, rate windows); tests pass a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
