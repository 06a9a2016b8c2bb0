import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { scoped } from './request-scope.ts';

/** The shopper's query cache: one per page in the browser, one per request on the server (request-scope.ts). */
export const queryClient = scoped(
  () =>
    new QueryClient({
      mutationCache: new MutationCache({
        // A mutation's own onError tells the shopper about an ApiError; anything else is a bug, which must not vanish.
        onError: (error) => {
          if (!(error instanceof ApiError))
            queueMicrotask(() => {
              throw error;
            });
        },
      }),
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
