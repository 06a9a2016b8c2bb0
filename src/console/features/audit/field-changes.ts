import type { AuditEntry } from '../../../shared/console.contract.ts';

/** One changed value of an audit entry: its path in the record (`variants[2].price`), before and after (undefined: absent). */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The leaves where `before` and `after` differ, each named by its path: lists by index, records by key. */
function differences(path: string, before: unknown, after: unknown): FieldChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) => differences(`${path}[${index}]`, before[index], after[index])).flat();
  }
  if (isRecord(before) && isRecord(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => differences(`${path}.${key}`, before[key], after[key]));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}

/** An entry's changes field by field: a list or record that changed shows only what changed inside it, never the whole before and after. */
export function fieldChanges(changes: AuditEntry['changes']): FieldChange[] {
  return Object.entries(changes).flatMap(([field, { before, after }]) => differences(field, before, after));
}
