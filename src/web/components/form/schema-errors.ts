import type { z } from 'zod';
import type { FieldErrors } from '../../../client/lib/api-client.ts';
import { t } from '../../../client/lib/i18n.ts';

/**
 * What the server would answer for these values, checked before sending: the field errors of the
 * shared contract's schema, keyed and worded as the API's 422 (the texts are the API's, translated
 * from the same message files). The server checks again and has the last word.
 */
export function schemaFieldErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(t(issue.message));
  }
  return errors;
}
