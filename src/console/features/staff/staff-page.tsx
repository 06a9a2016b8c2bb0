import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { sellerStaffPermissions, type ConsoleMe, type SellerStaffPermission, type StaffMember } from '../../../shared/console.contract.ts';
import { roleName } from '../access/role-name.ts';
import { TableBox } from '../../ui/data-table.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { InviteForm } from './invite-form.tsx';
import { OpenInvitations } from './open-invitations.tsx';
import { ChangeMemberDialog, RemoveMemberDialog } from './member-dialogs.tsx';
import { sellerPermissionName } from './permission-name.ts';
import { staffQuery } from './staff-queries.ts';

const isSellerPermission = (permission: string): permission is SellerStaffPermission => (sellerStaffPermissions as readonly string[]).includes(permission);

/** What a member may do, as the list shows it: a store role, or a shop staff member's permissions. */
function grantOf(member: StaffMember): string {
  if (member.role !== 'shop_staff') return roleName(member.role);
  const granted = member.permissions.filter(isSellerPermission).map(sellerPermissionName);
  return granted.length > 0 ? granted.join(', ') : roleName(member.role);
}

/** `/console/staff`: the store's staff (for its owner) or a shop's people (for the shop's owner). */
export function StaffPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const staff = useQuery(staffQuery);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  return (
    <PageFrame title={t('Staff')}>
      <InviteForm scope={me.scope} />
      {staff.isPending ? (
        <p className="text-slate-600">{t('Loading…')}</p>
      ) : staff.isError ? (
        <LoadFailed onRetry={() => void staff.refetch()} />
      ) : staff.data.staff.length === 0 ? (
        <EmptyState message={t('No members yet.')} />
      ) : (
        <TableBox label={t('Staff')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('Staff')}</caption>
            <thead className="bg-slate-50 text-start text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t('Name')}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t('Email')}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t('Role or permissions')}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium"><span className="sr-only">{t('Actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {staff.data.staff.map((member) => {
                const fixed = member.role === 'shop_owner' || member.id === me.user.id;
                return (
                  <tr key={member.id} className="border-t border-slate-100">
                    <td className="px-4 py-2 font-medium text-slate-900">{member.name}</td>
                    <td className="px-4 py-2 text-slate-700"><bdi>{member.email ?? '—'}</bdi></td>
                    <td className="px-4 py-2 text-slate-700">{grantOf(member)}</td>
                    <td className="px-4 py-2">
                      {!fixed && (
                        <div className="flex justify-end gap-3">
                          <button type="button" className={textButtonClass} onClick={() => setChanging(member)} aria-label={t('Change {{name}}', { name: member.name })}>
                            {t('Change')}
                          </button>
                          <button type="button" className={textButtonClass} onClick={() => setRemoving(member)} aria-label={t('Remove {{name}}', { name: member.name })}>
                            {t('Remove')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableBox>
      )}
      {staff.data && staff.data.invitations.length > 0 && <OpenInvitations invitations={staff.data.invitations} />}
      {changing && <ChangeMemberDialog member={changing} scope={me.scope} onClose={() => setChanging(null)} />}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </PageFrame>
  );
}
