import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import type { StaffInvitation } from '../../../shared/console.contract.ts';
import { roleName } from '../access/role-name.ts';
import { showToast } from '../../ui/toast.tsx';
import { useWithdrawInvitation } from './staff-queries.ts';

/** The invitations nobody has answered yet, as they were sent (decision 049); the sender may take one back. */
export function OpenInvitations({ invitations }: { invitations: StaffInvitation[] }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawInvitation();

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
            <button type="button" className={textButtonClass} disabled={withdraw.isPending} onClick={() =>
                // Awaited rather than `mutate`'s callbacks: the last invitation taken back takes this list away, and the toast must still come.
                void withdraw.mutateAsync(invitation).then(
                  () => showToast(t('The invitation to {{email}} is withdrawn.', { email: invitation.email })),
                  (error: Error) => showToast(error.message, 'error'),
                )
              } aria-label={t('Withdraw the invitation to {{email}}', { email: invitation.email })}>
              {t('Withdraw')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
