import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '../../shared/contract-messages.ts';
import { validationFailed, type FieldErrors } from './errors.ts';

interface Issue {
  message: string;
  /** Where the value sits, as the request named it. */
  path: PropertyKey[];
}

/** docs/design.md §4 field errors: every message of a field under its dotted path (`_` for the whole input). */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The routes' request validator: fastify-type-provider-zod's, reading a missing body or query as an
 * empty object, so a call without one is told which fields are required. A failure is the 422 of
 * docs/design.md §4 with every field's messages (the error handler maps it, see `validationAnswer`).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => validate(data ?? {});
};

/** The 422 for the validator's error (each item names its field as a JSON pointer). */
export function validationAnswer(items: ReadonlyArray<{ instancePath: string; message?: string }>) {
  return validationFailed(
    fieldErrorsOf(items.map((item) => ({ message: item.message ?? 'The given data was invalid.', path: item.instancePath.split('/').slice(1).filter(Boolean) }))),
  );
}

/**
 * Parses input a route cannot declare for Fastify to check: multipart form fields, and bodies whose
 * rules depend on the store's settings or on who asks (see `checkedByHandler`). Failure is the same
 * 422 as the route validator's.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationFailed(fieldErrorsOf(result.error.issues));
}

/**
 * A request body the handler checks with `parseInput` because its rules are only known at request
 * time (registration under the store's phone rules, a guest's checkout or a customer's): the route
 * passes it on unchecked, typed `unknown`, and the OpenAPI document still shows the contract.
 */
export function checkedByHandler(schema: z.ZodType) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.unknown().meta(jsonSchema);
}
