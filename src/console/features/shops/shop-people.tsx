import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { StaffInvitation, StaffMember } from '../../../shared/console.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { RequirePermission } from '../access/can.tsx';
import { removalDescription } from '../staff/member-dialogs.tsx';
import { grantOf } from '../staff/permission-name.ts';
import { shopPeopleQuery, useRemoveMember, useWithdrawInvitation } from '../staff/staff-queries.ts';

/** One row of a shop's people: a member, or an invitation nobody has answered yet. */
type Person = { kind: 'member'; record: StaffMember } | { kind: 'invitation'; record: StaffInvitation };

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Person>();
const nobody: Person[] = [];

/**
 * On a shop of the store's review, for the store's staff who manage staff (decision 049): a button
 * that shows the shop's people and open invitations, each removable but the shop's owner.
 */
export function ShopPeopleToggle({ shop }: { shop: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <RequirePermission permission="staff.manage">
      <div className="flex flex-col gap-2">
        <button type="button" aria-expanded={open} aria-controls={panelId} className={`${textButtonClass} self-start`} onClick={() => setOpen((shown) => !shown)}>
          {t('People of {{shop}}', { shop: shop.name })}
        </button>
        <div id={panelId}>{open && <ShopPeople shop={shop} />}</div>
      </div>
    </RequirePermission>
  );
}

function ShopPeople({ shop }: { shop: { id: number; name: string } }) {
  const { t } = useTranslation();
  const people = useQuery(shopPeopleQuery(shop.id));
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const rows = useMemo<Person[]>(
    () =>
      people.data
        ? [...people.data.staff.map((record) => ({ kind: 'member' as const, record })), ...people.data.invitations.map((record) => ({ kind: 'invitation' as const, record }))]
        : nobody,
    [people.data],
  );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor((person) => person.record.name, { id: 'name', header: () => t('Name') }),
        column.accessor((person) => person.record.email, { id: 'email', header: () => t('Email'), cell: (info) => <bdi>{info.getValue() ?? '—'}</bdi> }),
        column.accessor((person) => grantOf(person.record), { id: 'grant', header: () => t('Role or permissions') }),
        column.accessor((person) => person.kind, {
          id: 'status',
          header: () => t('Status'),
          cell: ({ row: { original: person } }) =>
            person.kind === 'member' ? t('Member') : t('Invited, until {{date}}', { date: formatTime(person.record.expires_at, { dateStyle: 'medium' }) }),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('Actions')}</span>,
          cell: ({ row: { original: person } }) => {
            if (person.kind === 'invitation') {
              const { email } = person.record;
              return (
                <AskedAction
                  label={t('Withdraw the invitation to {{email}}', { email })}
                  action={t('Withdraw')}
                  title={t('Withdraw the invitation to {{email}}?', { email })}
                  description={t('The link in its mail stops working.')}
                  mutation={withdraw}
                  onConfirm={async () => {
                    await withdraw.mutateAsync(person.record);
                    showToast(t('The invitation to {{email}} is withdrawn.', { email }));
                  }}
                />
              );
            }
            const { name, role } = person.record;
            if (role === 'shop_owner') return null;
            return (
              <AskedAction
                label={t('Remove {{name}}', { name })}
                action={t('Remove')}
                title={t('Remove {{name}}', { name })}
                description={removalDescription(t)}
                mutation={remove}
                onConfirm={async () => {
                  await remove.mutateAsync(person.record.id);
                  showToast(t('{{name}} is removed.', { name }));
                }}
              />
            );
          },
        }),
      ]),
    [t, remove, withdraw],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (person) => `${person.kind}-${person.record.id}` });

  if (people.isError) return <LoadFailed onRetry={() => void people.refetch()} />;
  return (
    <DataTable
      table={table}
      caption={t('People of {{shop}}', { shop: shop.name })}
      loading={people.isPending}
      loadingMessage={t('Loading…')}
      empty={<EmptyState message={t('No members yet.')} />}
    />
  );
}

/** A row's action, named for the person it is about, asked first in a dialog whose confirm button says it again. */
function AskedAction({ label, action, title, description, mutation, onConfirm }: { label: string; action: string; title: string; description: string; mutation: { isPending: boolean }; onConfirm(): Promise<void> }) {
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={textButtonClass} aria-label={label}>
          {action}
        </button>
      }
      title={title}
      description={description}
      confirmLabel={action}
      mutation={mutation}
      onConfirm={onConfirm}
    />
  );
}
