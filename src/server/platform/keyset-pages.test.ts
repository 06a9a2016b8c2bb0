import { sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { afterPosition, encodeCursor, isRecordId, isTimeKey, keysetPage, readCursor } from './keyset-pages.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error instanceof HttpError ? [error.statusCode, error.message] : error;
  }
  return 'accepted';
};
const tampered = (cursor: string) => refusal(() => readCursor<[string, number]>(cursor, isTimeKey, isRecordId));

describe('readCursor', () => {
  it('reads back the position a page ended at, and no cursor as the first page', () => {
    expect(readCursor<[string, number]>(encodeCursor(['2026-03-01T10:00:00.123456Z', 42]), isTimeKey, isRecordId)).toEqual(['2026-03-01T10:00:00.123456Z', 42]);
    expect(readCursor<[number]>(undefined, isRecordId)).toBeUndefined();
  });

  it('refuses with 422 a cursor the list did not write: not base64 JSON, another shape, a part out of range', () => {
    expect(tampered('nonsense!')).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(Buffer.from('not json').toString('base64url'))).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(encodeCursor([42]))).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(encodeCursor(['2026-03-01T10:00:00Z', 42, 'extra']))).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(encodeCursor(['yesterday', 42]))).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(encodeCursor(['2026-03-01T10:00:00Z', 0]))).toEqual([422, 'The cursor is invalid.']);
    expect(tampered(encodeCursor({ id: 42 } as never))).toEqual([422, 'The cursor is invalid.']);
  });
});

describe('keysetPage', () => {
  const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];

  it('answers the first `limit` rows and a cursor after the last of them while one more row came', () => {
    const { page, next_cursor } = keysetPage(rows, 2, (row) => [row.id]);
    expect(page).toEqual([{ id: 9 }, { id: 7 }]);
    expect(readCursor<[number]>(next_cursor!, isRecordId)).toEqual([7]);
  });

  it('answers no cursor on the last page', () => {
    expect(keysetPage(rows, 3, (row) => [row.id])).toEqual({ page: rows, next_cursor: null });
  });
});

describe('afterPosition', () => {
  const entries = pgTable('entries', { id: integer('id'), createdAt: timestamp('created_at') });
  const rendered = (condition: ReturnType<typeof afterPosition>) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(condition);
    return { sql: text, params };
  };

  it('compares the sort columns as one row: after the position ascending, before it descending', () => {
    expect(rendered(afterPosition('asc', [entries.id], [7]))).toEqual({ sql: '("entries"."id") > ($1)', params: [7] });
    expect(rendered(afterPosition('desc', [entries.createdAt, entries.id], [sql`${'2026-03-01T10:00:00Z'}::timestamptz`, 7]))).toEqual({
      sql: '("entries"."created_at", "entries"."id") < ($1::timestamptz, $2)',
      params: ['2026-03-01T10:00:00Z', 7],
    });
  });
});
