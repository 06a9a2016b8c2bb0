import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { ResetPasswordInput } from '../../../shared/account.contract.ts';

/** The invitations to the signed-in person's e-mail (`GET /api/console-invitations`). */
export const myInvitationsQuery = queryOptions({
  queryKey: ['console', 'my-invitations'],
  queryFn: async ({ signal }) => (await api.call('GET /console-invitations', { signal })).data.invitations,
  retry: false,
});

/** Accepts with a new account's password (the invitation's token): the answer signs the person in. */
export const useAcceptWithPassword = () => useMutation({ mutationFn: (body: ResetPasswordInput) => api.call('POST /console-invitations/accept', { body }) });

/** Accepts an invitation to the signed-in person's e-mail. */
export const useAcceptInvitation = () => useMutation({ mutationFn: (id: number) => api.call('POST /console-invitations/:id/accept', { params: { id: String(id) } }) });

/** Declines an invitation; the list is asked again. */
export function useDeclineInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('POST /console-invitations/:id/decline', { params: { id: String(id) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: myInvitationsQuery.queryKey }),
  });
}
