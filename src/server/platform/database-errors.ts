import { DrizzleQueryError } from 'drizzle-orm';
import { validationFailed, type FieldErrors } from './errors.ts';

/**
 * PostgreSQL's report of a failure, as both drivers hand it over (node-postgres' and PGlite's
 * `DatabaseError`): a SQLSTATE code and severity, and the names of what it concerns. Its message,
 * `detail` and `where` quote the values involved (a failing row, an invalid input), so logs never
 * take them.
 */
interface PostgresError extends Error {
  code: string;
  severity: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** Each link of an error's `cause` chain (Drizzle wraps the driver's error as its `cause`). */
function* causeChain(error: unknown): Generator<Error> {
  for (let current = error; current instanceof Error; current = current.cause) yield current;
}

function postgresError(error: unknown): PostgresError | undefined {
  for (const link of causeChain(error)) {
    const { code, severity } = link as Partial<PostgresError>;
    if (typeof code === 'string' && typeof severity === 'string') return link as PostgresError;
  }
  return undefined;
}

/**
 * The unique constraint a failed insert or update broke, if that is why it failed: two requests can
 * both pass a "not taken yet" check, and the database index settles the race. Both drivers report
 * PostgreSQL's code 23505 with the constraint name.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const reported = postgresError(error);
  return reported?.code === '23505' ? (reported.constraint ?? '') : undefined;
}

/**
 * Runs a write whose checks cannot see a race (two writes taking one SKU or slug at once): a unique
 * index it violates becomes the 422 `taken` gives for that index; any other error stays as it is.
 */
export async function refusingTaken<Result>(work: () => Promise<Result>, taken: (constraint: string) => FieldErrors | undefined): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    const errors = constraint === undefined ? undefined : taken(constraint);
    if (errors) throw validationFailed(errors);
    throw error;
  }
}

/**
 * SQLSTATE classes that say the database cannot serve now rather than that the request was wrong:
 * 08 connection exception, 53 insufficient resources (too many connections, disk full), 57 operator
 * intervention (shutdown, terminated backend, cancelled statement).
 */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57']);
/** What node-postgres throws itself when a connection is lost or cannot be made; these carry no SQLSTATE. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|timeout expired$)/;
const NETWORK_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error means the database could not be reached or lost the connection (a restart,
 * failover, terminated backend, timeout): the request may well succeed when tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const reported = postgresError(error);
  if (reported) return reported.severity === 'FATAL' || reported.severity === 'PANIC' || UNAVAILABLE_CLASSES.has(reported.code.slice(0, 2));
  return [...causeChain(error)].some((link) => {
    const { code } = link as { code?: unknown };
    return LOST_CONNECTION.test(link.message) || (typeof code === 'string' && NETWORK_FAILURES.has(code));
  });
}

/** PostgreSQL's names for the SQLSTATE classes the store can meet (appendix A of its manual). */
const SQLSTATE_CLASSES: Record<string, string> = {
  '08': 'connection exception',
  '22': 'data exception',
  '23': 'integrity constraint violation',
  '25': 'invalid transaction state',
  '40': 'transaction rollback',
  '42': 'syntax error or access rule violation',
  '53': 'insufficient resources',
  '54': 'program limit exceeded',
  '55': 'object not in prerequisite state',
  '57': 'operator intervention',
  '58': 'system error',
  P0: 'PL/pgSQL error',
  XX: 'internal error',
};

/** A type rather than an interface: pino's serializers want a plain record. */
export type LoggableDatabaseError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
};

/** Where the failing call was made, without the message lines at the top of a stack (Drizzle's holds the query and its parameters). */
const stackFrames = (error: Error) => (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/**
 * What a log may say about a failed query: the SQLSTATE code with its class, the constraint, table
 * and column it concerns, and where the call was made. Never the statement, its parameters or
 * PostgreSQL's message and detail, which carry the values (a password hash, an e-mail, a phone).
 * Undefined when the error did not come from the database.
 */
export function loggableDatabaseError(error: unknown): LoggableDatabaseError | undefined {
  const reported = postgresError(error);
  const query = [...causeChain(error)].find((link) => link instanceof DrizzleQueryError);
  if (!reported && !query) return undefined;
  const outermost = error as Error;
  const frames = stackFrames(outermost);
  if (!reported) {
    // No answer from PostgreSQL: a lost or refused connection is told in node-postgres' own words,
    // which quote nothing; anything else only by its kind, as its message might quote a value.
    const cause = query!.cause instanceof Error ? query!.cause : undefined;
    const message = `query failed: ${cause && isDatabaseUnavailable(cause) ? cause.message : (cause?.name ?? 'no cause reported')}`;
    return { type: 'DatabaseError', message, stack: [message, ...frames].join('\n') };
  }
  const { code, constraint, table, column, routine } = reported;
  const message = `${SQLSTATE_CLASSES[code.slice(0, 2)] ?? 'database error'} (SQLSTATE ${code})`;
  return {
    type: 'DatabaseError',
    message,
    stack: [message, ...frames].join('\n'),
    code,
    ...(constraint && { constraint }),
    ...(table && { table }),
    ...(column && { column }),
    ...(routine && { routine }),
  };
}
