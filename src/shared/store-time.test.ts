import { describe, expect, it } from 'vitest';
import { instantToZonedLocal, isTimeZone, timeZones, timeZoneSchema, zonedLocalToInstant } from './store-time.ts';

describe('store time', () => {
  it('reads a clock time in the store zone as the instant it is', () => {
    expect(zonedLocalToInstant('2026-12-07T12:00', 'Asia/Tehran')).toBe('2026-12-07T08:30:00.000Z');
    expect(zonedLocalToInstant('2026-12-07T12:00', 'UTC')).toBe('2026-12-07T12:00:00.000Z');
    expect(zonedLocalToInstant('2026-07-01T09:15', 'Europe/London')).toBe('2026-07-01T08:15:00.000Z');
  });

  it('shows an instant as the store zone clock shows it', () => {
    expect(instantToZonedLocal('2026-12-07T08:30:00.000Z', 'Asia/Tehran')).toBe('2026-12-07T12:00');
    expect(instantToZonedLocal('2026-12-31T23:30:00.000Z', 'Asia/Dubai')).toBe('2027-01-01T03:30');
  });

  it('goes back and forth to the same time', () => {
    const local = '2026-03-29T10:45';
    expect(instantToZonedLocal(zonedLocalToInstant(local, 'Europe/Paris')!, 'Europe/Paris')).toBe(local);
  });

  it('refuses a text that is no time', () => {
    expect(zonedLocalToInstant('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(zonedLocalToInstant('tomorrow', 'UTC')).toBeNull();
    expect(zonedLocalToInstant('2026-12-07T24:00', 'UTC')).toBeNull();
  });

  it('knows the IANA zones, UTC first', () => {
    expect(timeZones()[0]).toBe('UTC');
    expect(isTimeZone('Asia/Tehran')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneSchema.safeParse('Mars/Olympus').error?.issues[0]?.message).toBe('The selected time zone is invalid.');
  });
});
