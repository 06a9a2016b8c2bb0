import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { consoleMeQuery } from '../access/console-me.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

export const settingsQuery = queryOptions({
  queryKey: ['console', 'settings'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/settings', { signal })).data.settings,
});

/** Saves the settings a section changed; the page shows the answer, and what reads them (the console's `me`, the audit log) is asked again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PATCH /console/settings'>) => api.call('PATCH /console/settings', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(settingsQuery.queryKey, data.settings);
      void Promise.all([client.invalidateQueries({ queryKey: consoleMeQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}

export const languagesQuery = queryOptions({
  queryKey: ['console', 'languages'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/languages', { signal })).data.languages,
});

/** Enables, disables or makes a language the default; the page shows the answer, and the audit log is asked again. */
export function useChangeLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PATCH /console/languages'>) => api.call('PATCH /console/languages', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(languagesQuery.queryKey, data.languages);
      void client.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}

export const storeProfileQuery = queryOptions({
  queryKey: ['console', 'store-profile'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/store-profile', { signal })).data.profile,
});

/** Saves the whole profile; the page shows the answer, and the audit log is asked again. */
export function useSaveStoreProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: EndpointBody<'PUT /console/store-profile'>) => api.call('PUT /console/store-profile', { body: profile }),
    onSuccess: ({ data }) => {
      client.setQueryData(storeProfileQuery.queryKey, data.profile);
      void client.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}

export const deliveryTaxQuery = queryOptions({
  queryKey: ['console', 'settings', 'delivery-tax'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/settings/delivery-tax', { signal })).data.settings,
});

/** Saves the delivery and tax settings; the page shows the answer, and the audit log is asked again. */
export function useSaveDeliveryTax() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PATCH /console/settings/delivery-tax'>) => api.call('PATCH /console/settings/delivery-tax', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(deliveryTaxQuery.queryKey, data.settings);
      void client.invalidateQueries({ queryKey: auditLogKey });
    },
  });
}

export const commissionPayoutsQuery = queryOptions({
  queryKey: ['console', 'settings', 'commission-payouts'] as const,
  queryFn: async ({ signal }) => (await api.call('GET /console/settings/commission-payouts', { signal })).data.settings,
});

/** Saves the commission rate and withdrawal minimum; the page shows the answer, and what shows the rate (the console's `me`, the audit log) is asked again. */
export function useSaveCommissionPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointBody<'PATCH /console/settings/commission-payouts'>) => api.call('PATCH /console/settings/commission-payouts', { body: change }),
    onSuccess: ({ data }) => {
      client.setQueryData(commissionPayoutsQuery.queryKey, data.settings);
      void Promise.all([client.invalidateQueries({ queryKey: consoleMeQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
