import type { z } from 'zod';
import { validationFailed, type FieldErrors } from './errors.ts';

/** Parses untrusted input with a shared zod contract; failure is a 422 with every field's messages. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationFailed(errors);
}
