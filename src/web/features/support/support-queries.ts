import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { api } from '../../../client/lib/api-client.ts';

/** Ticket numbers are case-blind; one spelling per ticket keeps one cache entry per ticket. */
const ticketKey = (ticketNo: string) => ticketNo.trim().toUpperCase();
const ticketParams = (ticketNo: string) => ({ ticket_no: ticketKey(ticketNo) });

/** The storefront page of a ticket. */
export const ticketPagePath = (ticketNo: string) => `/support-ticket/${encodeURIComponent(ticketKey(ticketNo))}`;

/** Keys and fetchers of the shopper's support tickets; replies, closing and live updates go through the same keys. */
export const supportQueries = {
  all: () => ['support-tickets'] as const,
  lists: () => [...supportQueries.all(), 'list'] as const,
  list: ({ page, perPage = PAGE_SIZE }: { page: number; perPage?: number }) =>
    queryOptions({
      queryKey: [...supportQueries.lists(), { page, perPage }],
      queryFn: ({ signal }) => api.call('GET /support-tickets', { query: { page, per_page: perPage }, signal }).then((body) => body.data),
      placeholderData: (previous) => previous,
    }),
  details: () => [...supportQueries.all(), 'detail'] as const,
  detail: (ticketNo: string) =>
    queryOptions({
      queryKey: [...supportQueries.details(), ticketKey(ticketNo)],
      queryFn: ({ signal }) => api.call('GET /support-tickets/:ticket_no', { params: ticketParams(ticketNo), signal }).then((body) => body.data),
    }),
};

export const supportRequests = {
  open: (form: FormData) => api.call('POST /support-tickets', { body: form }),
  reply: (ticketNo: string, form: FormData) => api.call('POST /support-tickets/:ticket_no/messages', { params: ticketParams(ticketNo), body: form }),
  close: (ticketNo: string) => api.call('POST /support-tickets/:ticket_no/close', { params: ticketParams(ticketNo) }),
};
