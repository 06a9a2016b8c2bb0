import { scoped } from './request-scope.ts';
import { COOKIE_SESSION_HEADER } from '../../shared/constants.ts';

/** The transport to `/api`: returns the parsed body or throws an ApiError; what to do about errors is the app's business. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** How long the server asked to wait before trying again (a 429's `retry_after`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The first message of a field, as the forms show it under the field (spec §5). */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

interface ClientContext {
  locale(): string;
  /** Whether the storefront shows a shopper signed in: a 401 then means the session is over. */
  signedIn(): boolean;
  onUnauthorized(): void;
  /** How a request reaches the API: the browser's fetch, or on the server the app itself (server-render.tsx). */
  fetch: typeof fetch;
}

/** One per shopper (request-scope.ts): on the server each render calls the API as its own shopper. */
const clientContext = scoped(
  (): ClientContext => ({ locale: () => 'en', signedIn: () => false, onUnauthorized: () => undefined, fetch: (...args) => fetch(...args) }),
);

export function configureApiClient(next: Partial<ClientContext>) {
  Object.assign(clientContext(), next);
}

type Query = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

/**
 * One call; the session travels in its httpOnly cookie, which the browser sends by itself, and sign-in
 * calls are asked to answer with that cookie rather than a token (decision 017).
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const context = clientContext();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': context.locale(),
    [COOKIE_SESSION_HEADER.name]: COOKIE_SESSION_HEADER.value,
    ...options.headers,
  };
  const signedIn = context.signedIn();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await context.fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error, please try again.');
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const { message, errors, retry_after } = (payload ?? {}) as { message?: string; errors?: FieldErrors; retry_after?: unknown };
    if (response.status === 401 && signedIn) context.onUnauthorized();
    throw new ApiError(response.status, message ?? response.statusText, errors, typeof retry_after === 'number' ? retry_after : undefined);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** The DESIGN §4 success envelope. */
export interface Envelope<Data> {
  message: string;
  data: Data;
}
