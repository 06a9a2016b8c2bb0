import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import type { TicketList, TicketThread } from '../../../shared/support.contract.ts';
import { api, type Envelope } from '../../lib/api-client.ts';

/** Ticket numbers are case-blind; one spelling per ticket keeps one cache entry per ticket. */
const ticketKey = (ticketNo: string) => ticketNo.trim().toUpperCase();
const ticketPath = (ticketNo: string) => `/support-tickets/${encodeURIComponent(ticketKey(ticketNo))}`;

/** The storefront page of a ticket. */
export const ticketPagePath = (ticketNo: string) => `/support-ticket/${encodeURIComponent(ticketKey(ticketNo))}`;

/** Keys and fetchers of the shopper's support tickets; replies, closing and live updates go through the same keys. */
export const supportQueries = {
  all: () => ['support-tickets'] as const,
  lists: () => [...supportQueries.all(), 'list'] as const,
  list: ({ page, perPage = PAGE_SIZE }: { page: number; perPage?: number }) =>
    queryOptions({
      queryKey: [...supportQueries.lists(), { page, perPage }],
      queryFn: ({ signal }) => api.get<Envelope<TicketList>>('/support-tickets', { page, per_page: perPage }, signal).then((body) => body.data),
      placeholderData: (previous) => previous,
    }),
  details: () => [...supportQueries.all(), 'detail'] as const,
  detail: (ticketNo: string) =>
    queryOptions({
      queryKey: [...supportQueries.details(), ticketKey(ticketNo)],
      queryFn: ({ signal }) => api.get<Envelope<TicketThread>>(ticketPath(ticketNo), undefined, signal).then((body) => body.data),
    }),
};

export const supportRequests = {
  open: (form: FormData) => api.post<Envelope<TicketThread>>('/support-tickets', form),
  reply: (ticketNo: string, form: FormData) => api.post<Envelope<TicketThread>>(`${ticketPath(ticketNo)}/messages`, form),
  close: (ticketNo: string) => api.post<Envelope<TicketThread>>(`${ticketPath(ticketNo)}/close`),
};
