import { TZDate } from '@date-fns/tz';
import { text } from './text-fields.ts';

/** The store's time zone before its owner picks one. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_INVALID = 'The selected time zone is invalid.';

/** The IANA time zones this runtime knows, `UTC` first (some runtimes leave it out of their list). */
export function timeZones(): string[] {
  return [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}

export const isTimeZone = (value: string): boolean => timeZones().includes(value);

/** The store setting `time_zone`: an IANA name such as `Asia/Tehran`. */
export const timeZoneSchema = text('time zone', { max: 64 }).refine(isTimeZone, TIME_ZONE_INVALID);

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * `2026-12-07T12:00` as a clock in `zone` reads it, to the ISO instant (`2026-12-07T08:30:00.000Z` in
 * Asia/Tehran). A time a clock change skips moves on by the change; null when the text is no such time.
 */
export function zonedLocalToInstant(local: string, zone: string): string | null {
  const parts = LOCAL_DATE_TIME.exec(local);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const moment = new TZDate(year, month - 1, day, hour, minute, zone);
  if (Number.isNaN(+moment) || moment.getMonth() !== month - 1) return null;
  return new Date(+moment).toISOString();
}

/** An ISO instant as a clock in `zone` shows it, `YYYY-MM-DDTHH:mm` (what a datetime-local field takes). */
export function instantToZonedLocal(instant: string, zone: string): string {
  const moment = new TZDate(Date.parse(instant), zone);
  return `${moment.getFullYear()}-${twoDigits(moment.getMonth() + 1)}-${twoDigits(moment.getDate())}T${twoDigits(moment.getHours())}:${twoDigits(moment.getMinutes())}`;
}
