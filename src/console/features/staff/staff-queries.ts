import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { StaffChange, StaffInvitation, StaffInvite } from '../../../shared/console.contract.ts';
import { auditLogKey } from '../audit/audit-queries.ts';

/** The caller's staff (the store's, or their shop's people) and the invitations still open (`GET /api/console/staff`). */
export const staffQuery = queryOptions({
  queryKey: ['console', 'staff'],
  queryFn: async ({ signal }) => (await api.call('GET /console/staff', { signal })).data,
});

/** A shop's people and open invitations, as the store's staff see them (`GET /api/console/staff?shop_id=`). */
export const shopPeopleQuery = (shopId: number) =>
  queryOptions({
    queryKey: [...staffQuery.queryKey, 'shop', shopId],
    queryFn: async ({ signal }) => (await api.call('GET /console/staff', { query: { shop_id: shopId }, signal })).data,
  });

/** Asks the staff lists (the caller's and any shop's) and the audit log again after a change. */
function useStaffChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: staffQuery.queryKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
}

/** Invites a person by e-mail; answers the invitation sent. */
export function useInviteStaff() {
  const changed = useStaffChanged();
  return useMutation({ mutationFn: async (body: StaffInvite) => (await api.call('POST /console/staff', { body })).data.invitation, onSuccess: changed });
}

/** Takes back an invitation nobody has answered (`DELETE /api/console/staff/invitations/{id}`). */
export function useWithdrawInvitation() {
  const changed = useStaffChanged();
  return useMutation({ mutationFn: (invitation: StaffInvitation) => api.call('DELETE /console/staff/invitations/:id', { params: { id: String(invitation.id) } }), onSuccess: changed });
}

/** Changes a member's role or permissions; answers the member as changed. */
export function useChangeMember(id: number) {
  const changed = useStaffChanged();
  return useMutation({ mutationFn: async (body: StaffChange) => (await api.call('PATCH /console/staff/:id', { params: { id: String(id) }, body })).data.member, onSuccess: changed });
}

/** Removes a member (`DELETE /api/console/staff/{id}`): the console closes to them at once. */
export function useRemoveMember() {
  const changed = useStaffChanged();
  return useMutation({ mutationFn: (memberId: number) => api.call('DELETE /console/staff/:id', { params: { id: String(memberId) } }), onSuccess: changed });
}

/** The signed-in member leaves their console (`DELETE /api/console-membership`). */
export function useLeaveConsole() {
  return useMutation({ mutationFn: () => api.call('DELETE /console-membership') });
}
