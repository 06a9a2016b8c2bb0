import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { ticketIssueTypes, ticketStatuses, type TicketIssueType, type TicketStatus } from '../../../shared/support-tickets.ts';
import type { ConsoleTicket } from '../../../shared/tickets-console.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { pageQuery } from '../../ui/page-query.ts';
import { positiveId } from '../../ui/url-list.tsx';

/** What the queue shows, as kept in the page's address (`?status=open&assignee=me`). */
export interface TicketListFilters {
  status?: TicketStatus;
  issue_type?: TicketIssueType;
  shop_id?: number;
  /** `me`, `none` or a person's id. */
  assignee?: string;
  search?: string;
}

/** The filters of an address's query; what is not a valid filter is left out rather than sent to be refused. */
export function ticketFiltersFromSearch(params: URLSearchParams): TicketListFilters {
  const assignee = params.get('assignee');
  return {
    status: ticketStatuses.find((known) => known === params.get('status')),
    issue_type: ticketIssueTypes.find((known) => known === params.get('issue_type')),
    shop_id: positiveId(params.get('shop_id')),
    assignee: assignee === 'me' || assignee === 'none' || positiveId(assignee) ? assignee! : undefined,
    search: params.get('search')?.trim() || undefined,
  };
}

/** Every query of the support screens; replies and state changes go through the same keys. */
export const ticketQueries = {
  all: ['console', 'tickets'] as const,
  lists: () => [...ticketQueries.all, 'list'] as const,
  /** The keyset page that starts at `cursor` (undefined: the first); the page shown stays while the next loads. */
  list: (filters: TicketListFilters, cursor: string | undefined) =>
    queryOptions({
      ...pageQuery([...ticketQueries.lists(), filters], cursor),
      queryFn: async ({ signal }) => (await api.call('GET /console/tickets', { query: { ...filters, cursor }, signal })).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => (await api.call('GET /console/tickets/:id', { params: { id: String(id) }, signal })).data,
    }),
};

/** A change to the ticket: its page shows the answer at once; the queue and the History are read again. */
function useTicketChange<Input>(id: number, send: (params: { id: string }, input: Input) => Promise<{ message: string; data: ConsoleTicket }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send({ id: String(id) }, input),
    onSuccess: ({ data }) => {
      client.setQueryData(ticketQueries.detail(id).queryKey, data);
      return Promise.all([client.invalidateQueries({ queryKey: ticketQueries.lists() }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}

export const useReplyToTicket = (id: number) => useTicketChange(id, (params, body: FormData) => api.call('POST /console/tickets/:id/messages', { params, body }));
export const useAssignTicket = (id: number) => useTicketChange(id, (params, userId: number | null) => api.call('POST /console/tickets/:id/assign', { params, body: { user_id: userId } }));
export const useCloseTicket = (id: number) => useTicketChange(id, (params) => api.call('POST /console/tickets/:id/close', { params }));
export const useReopenTicket = (id: number) => useTicketChange(id, (params) => api.call('POST /console/tickets/:id/reopen', { params }));
