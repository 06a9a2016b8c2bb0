import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

export const paymentsSignInQuery = queryOptions({
  queryKey: ['console', 'payments-sign-in'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/payments-sign-in', { signal })).data,
});

/** Saves the whole form; the page shows the answer, and the audit log is asked again. */
export function useSavePaymentsSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PUT /console/payments-sign-in'>) => api.call('PUT /console/payments-sign-in', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(paymentsSignInQuery.queryKey, data);
      void client.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}

export const currenciesQuery = queryOptions({
  queryKey: ['console', 'currencies'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/currencies', { signal })).data.currencies,
});

/** Any change of a currency: the list is asked again (a new default re-expresses every rate), and the audit log. */
export function useCurrencyChange<Input, Answer extends { message: string }>(change: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void Promise.all([client.invalidateQueries({ queryKey: currenciesQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
