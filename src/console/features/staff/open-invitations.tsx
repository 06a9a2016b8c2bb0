import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import type { StaffInvitation } from '../../../shared/console.contract.ts';
import { roleName } from '../access/role-name.ts';
import { showToast } from '../../ui/toast.tsx';
import { staffQuery } from './staff-queries.ts';

/** The invitations nobody has answered yet, as they were sent (decision 049); the sender may take one back. */
export function OpenInvitations({ invitations }: { invitations: StaffInvitation[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (invitation: StaffInvitation) => api.call('DELETE /console/staff/invitations/:id', { params: { id: String(invitation.id) } }),
    onSuccess: async (_answer, invitation) => {
      showToast(t('The invitation to {{email}} is withdrawn.', { email: invitation.email }));
      await queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
    },
    onError: (error) => showToast(error.message, 'error'),
  });

  return (
    <section aria-labelledby="open-invitations-title" className="flex flex-col gap-2">
      <h2 id="open-invitations-title" className="text-lg font-semibold text-slate-900">
        {t('Invitations waiting for an answer')}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
            <span className="text-slate-700">
              <bdi className="font-medium text-slate-900">{invitation.email}</bdi> · {roleName(invitation.role)}
            </span>
            <button type="button" className={textButtonClass} disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation)} aria-label={t('Withdraw the invitation to {{email}}', { email: invitation.email })}>
              {t('Withdraw')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
