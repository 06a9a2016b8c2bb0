import type { Clock } from '../platform/clock.ts';

/** A clock a test moves by hand, to step past expiries and rate windows without waiting. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now() {
    return new Date(this.current);
  }

  advance({ minutes = 0, seconds = 0, hours = 0, days = 0 }) {
    this.current += (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
  }

  /** Answers at once, the wait already passed: how long a request waited shows as the time it moved the clock on. */
  async sleep(milliseconds: number) {
    this.current += milliseconds;
  }
}
