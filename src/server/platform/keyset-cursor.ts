import { validationFailed } from './errors.ts';

/** Where a keyset page ends: the next page starts after (or before) this row. */
export interface KeysetPosition {
  createdAt: Date;
  id: number;
}

/** `<created_at ISO>~<id>`, base64url so it is one opaque word. */
export const encodeCursor = ({ createdAt, id }: KeysetPosition) => Buffer.from(`${createdAt.toISOString()}~${id}`).toString('base64url');

export function decodeCursor(cursor: string): KeysetPosition {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('~');
  const createdAt = new Date(time ?? '');
  const position = { createdAt, id: Number(id) };
  if (Number.isNaN(createdAt.getTime()) || !Number.isSafeInteger(position.id) || position.id < 1) throw validationFailed({ cursor: ['The cursor is invalid.'] });
  return position;
}
