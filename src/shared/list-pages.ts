import { z } from 'zod';
import { text } from './text-fields.ts';

/** A query parameter that may be left out; empty (a cleared filter) counts as left out. */
export const optional = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `next_cursor` of the page before, asked with the same filters. */
export const pageCursor = optional(text('cursor', { max: 500 }));

/** How many rows a keyset page holds: 1 to 100, `size` when not asked. */
export const pageLimit = (size: number) =>
  z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be an integer.')
    .min(1, 'The limit must be at least 1.')
    .max(100, 'The limit must not be greater than 100.')
    .default(size);

/** A console list's tab count is exact below this many rows, the planner's estimate from it on (decision 035). */
export const TAB_COUNT_EXACT_BELOW = 1000;

/** A console list's rows per tab (status) under its other filters: exact below `TAB_COUNT_EXACT_BELOW`, estimated from it on. */
export const tabCountsSchema = <Status extends string>(statuses: readonly Status[]) =>
  z.object(Object.fromEntries(statuses.map((status) => [status, z.number().int()])) as Record<Status, z.ZodNumber>);

/** A console list's page when it names no size of its own. */
export const consolePageLimit = pageLimit(25);
