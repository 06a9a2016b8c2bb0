import { z } from 'zod';
import './contract-messages.ts';
import { hasControlCharacters } from './control-characters.ts';

/** Laravel-style texts, as the original API answered and the storefront shows under fields (docs/product/storefront.md §5). */
export const required = (field: string) => `The ${field} field is required.`;

export const notAllowedCharacters = (field: string) => `The ${field} field contains characters that are not allowed.`;

export interface TextOptions {
  max?: number;
  /** Free text over several lines (a message, a note): keeps tabs and line breaks, each break as one `\n`. */
  multiline?: boolean;
  /** Surrounding white space is dropped unless every character counts (a password). */
  trim?: boolean;
}

/**
 * The one rule for text a client sends, in a body, a query or a path: a string of at most `max`
 * characters with no control character, refused with a 422 naming the field. Empty is allowed;
 * see `requiredText`.
 */
export function text(field: string, { max = 255, multiline = false, trim = true }: TextOptions = {}) {
  let schema = z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${field} must be a string.`) });
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (trim) schema = schema.trim();
  return schema
    .refine((value) => !hasControlCharacters(value, { multiline }), { error: notAllowedCharacters(field), abort: true })
    .max(max, `The ${field} must not be greater than ${max} characters.`);
}

/** A text that must be given: missing or blank is "is required". */
export function requiredText(field: string, { min = 1, ...options }: TextOptions & { min?: number } = {}) {
  const schema = text(field, options).min(1, { error: required(field), abort: true });
  return min > 1 ? schema.min(min, `The ${field} must be at least ${min} characters.`) : schema;
}

/** An https address with a host name that has a dot: the only kind of link the store hands shoppers to open. */
export function isHttpsAddress(value: string) {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
}
