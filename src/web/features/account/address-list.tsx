import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from '../../../shared/account.contract.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { MapPinIcon, PhoneIcon } from '../../components/ui/icons.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { api, ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { addressParts } from './address-lines.tsx';
import { phoneWithCode } from './phone-with-code.ts';
import { accountQueries, refreshAddresses } from './account-queries.ts';

export const newAddressPath = '/manage-address/new';
export const editAddressPath = (id: number) => `/manage-address/${id}/edit`;

function useAddressTypeLabel() {
  const { t } = useTranslation();
  const labels: Record<Address['address_type'], string> = {
    home: t('Home address'),
    office: t('Office address'),
    other: t('Other address'),
  };
  return (type: Address['address_type']) => labels[type];
}

function DeleteAddressDialog({ address, onClose }: { address: Address | null; onClose(): void }) {
  const { t } = useTranslation();
  const textId = useId();
  const remove = useMutation({
    mutationFn: async (id: number) => {
      const answer = await api.call('DELETE /addresses/:id', { params: { id } });
      notify.success(answer.message);
      await refreshAddresses().catch(() => undefined);
    },
    onSuccess: onClose,
    onError: (error) => {
      if (error instanceof ApiError) notify.error(error.message);
    },
  });
  return (
    <ModalDialog
      open={address !== null}
      onClose={onClose}
      title={t('Delete Address')}
      describedBy={textId}
      hideClose
      footer={
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="button" onClick={() => address && remove.mutate(address.id)} disabled={remove.isPending} aria-busy={remove.isPending || undefined} className={primaryButtonClass}>
            {t('Yes')}
          </button>
        </div>
      }
    >
      <p id={textId} className="p-4 text-slate-700">
        {t('Are you sure you want to delete this address?')}
      </p>
    </ModalDialog>
  );
}

function AddressCard({ address, onDelete }: { address: Address; onDelete(): void }) {
  const { t } = useTranslation();
  const typeLabel = useAddressTypeLabel();
  const { street, place, country } = addressParts(address);
  return (
    <article
      aria-label={address.name}
      className={`flex h-full flex-col gap-3 rounded-xl border bg-white p-4 ${address.is_default ? 'border-primary-700' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 dir="auto" className="me-auto font-semibold text-slate-900">{address.name}</h2>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{typeLabel(address.address_type)}</span>
        {address.is_default && (
          <span className="rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white">{t('Default')}</span>
        )}
      </div>
      <p className="flex gap-2 text-sm text-slate-700">
        <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>{[street, place, country].filter(Boolean).join(', ')}</span>
      </p>
      <p className="flex gap-2 text-sm text-slate-700">
        <PhoneIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span dir="ltr">{phoneWithCode(address.phone, address.country?.phone_code)}</span>
      </p>
      <div className="mt-auto flex gap-2 pt-1">
        <Link to={editAddressPath(address.id)} className={secondaryButtonClass} aria-label={t('Edit {{name}}', { name: address.name })}>
          {t('Edit')}
        </Link>
        <button type="button" onClick={onDelete} className={secondaryButtonClass} aria-label={t('Delete {{name}}', { name: address.name })}>
          {t('Delete')}
        </button>
      </div>
    </article>
  );
}

/** Manage Address: the shopper's addresses, the default first and marked, each with edit and delete. */
export function AddressList() {
  const { t } = useTranslation();
  const userId = useAuth((state) => state.user?.id);
  const { data: addresses, error, refetch } = useQuery(accountQueries.addresses(userId));
  const [deleting, setDeleting] = useState<Address | null>(null);

  if (error) {
    return (
      <LoadFailed onRetry={() => void refetch()} />
    );
  }
  if (!addresses) return <div aria-busy="true" className="h-40 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none" />;
  if (addresses.length === 0) {
    return (
      <EmptyState
        message={t('You have no saved addresses')}
        action={
          <Link to={newAddressPath} className={primaryButtonClass}>
            {t('Add New Address')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {addresses.map((address) => (
          <li key={address.id}>
            <AddressCard address={address} onDelete={() => setDeleting(address)} />
          </li>
        ))}
      </ul>
      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
