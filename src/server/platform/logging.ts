import { randomBytes } from 'node:crypto';
import { LogController, type FastifyError, type FastifyLoggerOptions, type FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';
import { loggableDatabaseError } from './database-errors.ts';

/** Body fields that hold a secret: passwords, one-time codes, reset and provider tokens. */
const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'otp', 'token', 'id_token', 'access_token'];

/** Headers that carry credentials. */
const SECRET_HEADERS = ['authorization', 'cookie', '"set-cookie"'];

/**
 * Logged values replaced by "[redacted]": secret fields and credential headers at the top of a line
 * or one or two objects down (a body, a form, a request's or an answer's headers).
 */
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`headers[${header}]`, `*.headers[${header}]`]),
];

/**
 * Path segments that are keys: a guest order's link (`/orders/guest/{key}`, `/api/guest-orders/{key}`
 * and its invoice) opens the order to whoever holds it, so its key never reaches a log. `link` is the
 * route that mails a fresh one (`POST /api/guest-orders/link`, no key in its path), never a key.
 */
const SECRET_PATH_SEGMENTS = /(\/guest-orders\/|\/orders\/guest\/)(?!link(?:[/?#\s"'`]|$))[^/?#\s"'`]+/g;

/** A text with the keys of any paths it names replaced by "[redacted]". */
const withoutPathSecrets = (text: string) => text.replace(SECRET_PATH_SEGMENTS, '$1[redacted]');

/** A request as the log shows it: the path without its query string, which can carry search terms, tokens or codes, nor the keys in it. */
function requestWithoutQuery(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutPathSecrets(request.url.split('?', 1)[0]!),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * What an error's line keeps of what pino serialises: its kind, message and stack (its causes'
 * appended), its codes, and the same of the errors it gathers. A library's error may carry more
 * (the payload it was given, the request it made, the answer it got): that is left out.
 */
const LOGGED_ERROR_FIELDS = ['type', 'message', 'stack', 'code', 'statusCode', 'errno', 'syscall', 'validationContext'] as const;

type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

function errorFields(error: unknown): LoggedError {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  // Something thrown that is not an error: its kind and text only.
  if (serialized === error) return { type: typeof error, message: String(error), stack: '' };
  const kept = Object.fromEntries(LOGGED_ERROR_FIELDS.filter((field) => serialized[field] !== undefined).map((field) => [field, serialized[field]])) as LoggedError;
  // A failed call's message or stack may name the path it asked for (a page's data), key and all.
  kept.message = withoutPathSecrets(String(kept.message ?? ''));
  kept.stack = withoutPathSecrets(String(kept.stack ?? ''));
  if (Array.isArray(serialized.aggregateErrors)) kept.aggregateErrors = (error as AggregateError).errors.map(errorFields);
  return kept;
}

/** Errors as pino shows them, without what a library put on them (errorFields); failed queries without their statement, parameters and PostgreSQL's detail, which carry the values. */
const errorWithoutValues = (error: FastifyError) => loggableDatabaseError(error) ?? errorFields(error);

/** The app's logger: its lines never carry passwords, hashes, tokens, codes or query parameters. */
export function loggerOptions(level: string, stream?: FastifyLoggerOptions['stream']): FastifyLoggerOptions & Pick<LoggerOptions, 'redact'> {
  return {
    level,
    stream,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: requestWithoutQuery, err: errorWithoutValues },
  };
}

const IN_PROCESS_CALL_HEADER = 'x-in-process-call';

/**
 * The server's calls to its own routes (a page's data, loaded as the shopper, decision 018) carry a
 * header with a value only this process knows: the log keeps the page's request line and leaves out
 * its in-process calls' (their failures are still logged). A client cannot quiet its own requests.
 */
export function quietInProcessCalls() {
  const mark = randomBytes(18).toString('base64url');
  return {
    headers: { [IN_PROCESS_CALL_HEADER]: mark },
    logController: new LogController({ disableRequestLogging: (request: FastifyRequest) => request.headers[IN_PROCESS_CALL_HEADER] === mark }),
  };
}

/** An e-mail address a log may show: its first character and domain ("a***@example.com"). */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address[0]}***${address.slice(at)}`;
}

/** A phone number a log may show: its last two digits ("***23"). */
export function maskPhone(phone: string): string {
  return `***${phone.slice(-2)}`;
}
