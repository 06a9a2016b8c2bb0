import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe, StaffMember } from '../../../shared/console.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { InviteForm } from './invite-form.tsx';
import { OpenInvitations } from './open-invitations.tsx';
import { ChangeMemberDialog, RemoveMemberDialog } from './member-dialogs.tsx';
import { grantOf } from './permission-name.ts';
import { staffQuery } from './staff-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StaffMember>();
const noMembers: StaffMember[] = [];

/** `/console/staff`: the store's staff (for its owner) or a shop's people (for the shop's owner). */
export function StaffPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const staff = useQuery(staffQuery);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', { header: () => t('Name'), cell: (info) => <bdi className="font-medium text-slate-900">{info.getValue()}</bdi> }),
        column.accessor('email', { header: () => t('Email'), cell: (info) => <bdi>{info.getValue() ?? '—'}</bdi> }),
        column.accessor(grantOf, { id: 'grant', header: () => t('Role or permissions') }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('Actions')}</span>,
          cell: ({ row: { original: member } }) =>
            // A shop's owner and the person themself are not changed or removed here.
            member.role !== 'shop_owner' &&
            member.id !== me.user.id && (
              <div className="flex justify-end gap-3">
                <ChangeMemberDialog member={member} scope={me.scope} />
                <RemoveMemberDialog member={member} />
              </div>
            ),
        }),
      ]),
    [t, me.user.id, me.scope],
  );
  const table = useTable({ features, data: staff.data?.staff ?? noMembers, columns, getRowId: (member) => String(member.id) });

  return (
    <PageFrame title={t('Staff')}>
      <InviteForm scope={me.scope} />
      {staff.isError ? (
        <LoadFailed onRetry={() => void staff.refetch()} />
      ) : (
        <DataTable table={table} caption={t('Staff')} loading={staff.isPending} loadingMessage={t('Loading…')} empty={<EmptyState message={t('No members yet.')} />} />
      )}
      {staff.data && staff.data.invitations.length > 0 && <OpenInvitations invitations={staff.data.invitations} />}
    </PageFrame>
  );
}
