import { z } from 'zod';
import './contract-messages.ts';

/** docs/design.md §4: every JSON success is `{ message, data }`. */
export const answerOf = <Data extends z.ZodType>(data: Data) => z.object({ message: z.string(), data });

/** The data of a success that has nothing more to say. */
export const noDataSchema = z.object({});

/** docs/design.md §4 error body: field errors on a 422 (first message per field shown), seconds to wait on a 429. */
export const errorAnswerSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    retry_after: z.number().int().optional(),
  })
  .meta({ id: 'ErrorAnswer', example: { message: 'The email field is required.', errors: { email: ['The email field is required.'] } } });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
