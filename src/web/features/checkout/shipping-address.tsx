import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Address } from '../../../shared/account.contract.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { accountQueries } from '../account/account-queries.ts';
import { AddressForm } from '../account/address-form.tsx';
import { useAuth } from '../session/session-store.ts';
import { useCart } from '../cart/cart-store.ts';
import { AddressLines } from '../account/address-lines.tsx';

/** Which address dialog is open: the list to choose from, or the form for a new or an existing address. */
type AddressDialog = { kind: 'choose' } | { kind: 'form'; address?: Address } | null;

const chooseAddress = (id: number) => useCart.setState({ address: id });

function AddressChoice({ addresses, selectedId, onEdit, onAdd }: { addresses: Address[]; selectedId: number | null; onEdit(address: Address): void; onAdd(): void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="space-y-3 p-4">
      <ul className="space-y-2">
        {addresses.map((address) => (
          <li key={address.id} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-primary-700 has-checked:bg-primary-50">
            <label className="flex flex-1 cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={name}
                checked={address.id === selectedId}
                onChange={() => chooseAddress(address.id)}
                className="mt-1 size-4 accent-primary-700"
              />
              <span className="sr-only">{address.name}</span>
              <AddressLines address={address} />
            </label>
            <button type="button" onClick={() => onEdit(address)} className={`${secondaryButtonClass} h-8 px-3`} aria-label={t('Edit {{name}}', { name: address.name })}>
              {t('Edit')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onAdd} className={`${secondaryButtonClass} w-full`}>
        {t('Add New Address')}
      </button>
    </div>
  );
}

/**
 * The shipping address of the order (the cart store's `address`): the default is chosen when the
 * addresses load; the shopper may pick another, edit one, or add one without leaving the checkout.
 */
export function ShippingAddress({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const selectedId = useCart((state) => state.address);
  const { data: addresses } = useQuery(accountQueries.addresses(user?.id));
  const [dialog, setDialog] = useState<AddressDialog>(null);
  const headingId = useId();
  const errorId = useId();
  const selected = addresses?.find((address) => address.id === selectedId);
  const close = () => setDialog(null);

  return (
    <section aria-labelledby={headingId} aria-describedby={error ? errorId : undefined} className={`rounded-lg border bg-white p-4 ${error ? 'border-red-600' : 'border-slate-200'}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('Shipping Address')}
        </h2>
        {addresses && addresses.length > 0 && (
          <div className="flex gap-2">
            {selected && (
              <button type="button" onClick={() => setDialog({ kind: 'form', address: selected })} className={`${secondaryButtonClass} h-9`}>
                {t('Edit')}
              </button>
            )}
            <button type="button" onClick={() => setDialog({ kind: 'choose' })} aria-haspopup="dialog" className={`${secondaryButtonClass} h-9`}>
              {t('Change')}
            </button>
          </div>
        )}
      </div>
      {!addresses ? (
        <div aria-busy="true" className="h-20 animate-pulse rounded-md bg-slate-100 motion-reduce:animate-none" />
      ) : selected ? (
        <div data-testid="shipping-address">
          <AddressLines address={selected} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">{addresses.length === 0 ? t('You have no saved addresses') : t('Please select a shipping address')}</p>
          <button type="button" onClick={() => setDialog(addresses.length === 0 ? { kind: 'form' } : { kind: 'choose' })} className={primaryButtonClass}>
            {addresses.length === 0 ? t('Add New Address') : t('Change')}
          </button>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ModalDialog open={dialog?.kind === 'choose'} onClose={close} title={t('Choose a shipping address')} className="sm:max-w-lg">
        {addresses && (
          <AddressChoice
            addresses={addresses}
            selectedId={selectedId}
            onEdit={(address) => setDialog({ kind: 'form', address })}
            onAdd={() => setDialog({ kind: 'form' })}
          />
        )}
      </ModalDialog>
      <ModalDialog
        open={dialog?.kind === 'form'}
        onClose={close}
        title={dialog?.kind === 'form' && dialog.address ? t('Edit Address') : t('Add New Address')}
        className="sm:max-w-2xl"
      >
        {dialog?.kind === 'form' && (
          <div className="p-4">
            <AddressForm
              key={dialog.address?.id ?? 'new'}
              address={dialog.address}
              initialValues={{ name: user?.name ?? '', phone: user?.phone ?? '' }}
              onSaved={(address) => {
                chooseAddress(address.id);
                close();
              }}
            />
          </div>
        )}
      </ModalDialog>
    </section>
  );
}
