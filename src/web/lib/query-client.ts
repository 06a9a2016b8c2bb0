import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { scoped } from './request-scope.ts';

/** The shopper's query cache: one per page in the browser, one per request on the server (request-scope.ts). */
export const queryClient = scoped(
  () =>
    new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: 30_000,
          refetchOnWindowFocus: false,
          // A client error will not change by asking again.
          retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        },
      },
    }),
);
