import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { shopProfileChangeSchema, type ShopProfile, type ShopProfileChange } from '../../../shared/shops.contract.ts';
import { Field, inputClass, invalidProps, showServerErrors, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCan } from '../access/can.tsx';
import { EntityHistory } from '../audit/entity-history.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { shopStatusName } from '../shops/shop-status-name.ts';
import { shopQuery, useSaveShopProfile } from './my-shop-queries.ts';

/** The profile as the form holds it: the shared schema's fields, and the places of the server's refusals of the pictures. */
type ProfileInput = z.input<typeof shopProfileChangeSchema> & { logo?: string; banner?: string };
const pictures = ['logo', 'banner'] as const;
const textFields = ['shop_name', 'description', 'address', 'shop_phone', 'shop_email', 'delivery_charge'] as const;

/** `/console/shop`: a seller's shop profile (the store's staff: `?shop_id=`), its status and why. */
export function MyShopPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const canReadAudit = useCan('audit.read');
  const [search] = useSearchParams();
  const requested = Number(search.get('shop_id')) || undefined;
  const shopId = me.scope === 'store' ? requested : undefined;
  const shop = useQuery({ ...shopQuery(shopId), enabled: me.scope === 'shop' || shopId !== undefined });

  return (
    <PageFrame title={t('My shop')}>
      {me.scope === 'store' && shopId === undefined ? (
        <EmptyState message={t('Your account works for the store, not a shop: open a shop from the shops approval page.')} />
      ) : shop.isPending ? (
        <p className="text-slate-600">{t('Loading…')}</p>
      ) : shop.isError ? (
        <LoadFailed onRetry={() => void shop.refetch()} />
      ) : (
        <>
          <ShopStatusNotice shop={shop.data} />
          <ShopProfileForm key={shop.data.id} shop={shop.data} shopId={shopId} />
          {canReadAudit && (
            <section aria-labelledby="shop-history" className="flex flex-col gap-3">
              <h2 id="shop-history" className="text-lg font-semibold text-slate-900">
                {t('History')}
              </h2>
              <EntityHistory entityType="shop" entityId={shop.data.id} />
            </section>
          )}
        </>
      )}
    </PageFrame>
  );
}

function ShopStatusNotice({ shop }: { shop: ShopProfile }) {
  const { t } = useTranslation();
  if (shop.status === 'approved') return null;
  const explanation = {
    pending: t('Your shop is waiting for the store’s approval. You may complete its profile meanwhile.'),
    rejected: t('Your shop was not approved. Correct its profile and save: that applies again.'),
    suspended: t('Your shop is suspended: it and its products are hidden from the store.'),
  }[shop.status];
  return (
    <div role="note" className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{t('Status: {{status}}', { status: shopStatusName(shop.status) })}</p>
      <p>{explanation}</p>
      {shop.status_reason && <p>{t('Reason: {{reason}}', { reason: shop.status_reason })}</p>}
    </div>
  );
}

function ShopProfileForm({ shop, shopId }: { shop: ShopProfile; shopId: number | undefined }) {
  const { t } = useTranslation();
  const form = useForm<ProfileInput, unknown, ShopProfileChange>({
    resolver: zodResolver(shopProfileChangeSchema) as unknown as Resolver<ProfileInput, unknown, ShopProfileChange>,
    defaultValues: { shop_name: shop.name, description: shop.description, address: shop.address, shop_phone: shop.phone, shop_email: shop.email, delivery_charge: shop.delivery_charge.toFixed(2) },
  });
  const save = useSaveShopProfile(shopId);
  const submit = form.handleSubmit(async (values, event) => {
    const body = new FormData();
    for (const field of textFields) if (values[field] !== undefined) body.set(field, String(values[field]));
    // The pictures chosen in the form's file inputs (an empty input gives an empty file).
    const chosen = new FormData(event?.target as HTMLFormElement);
    for (const picture of pictures) {
      const file = chosen.get(picture);
      if (file instanceof File && file.size > 0) body.set(picture, file);
    }
    try {
      await save.mutateAsync(body);
      showToast(t('The shop profile is saved.'));
    } catch (error) {
      showServerErrors(error, form.setError, [...textFields, ...pictures]);
    }
  });
  const { errors } = form.formState;
  const text = (field: (typeof textFields)[number], label: string, type = 'text') => (
    <Field id={`shop-${field}`} label={label} error={errors[field]?.message}>
      <input type={type} {...form.register(field)} {...invalidProps(`shop-${field}`, errors[field]?.message)} className={inputClass} />
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('shop_name', t('Shop Name'))}
        {text('shop_email', t('Shop Email'), 'email')}
        {text('shop_phone', t('Phone'), 'tel')}
        {text('delivery_charge', t('Delivery Charge'))}
      </div>
      {text('address', t('Address'))}
      <Field id="shop-description" label={t('Description')} error={errors.description?.message}>
        <textarea {...form.register('description')} {...invalidProps('shop-description', errors.description?.message)} className={textareaClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {pictures.map((picture) => (
          <Field key={picture} id={`shop-${picture}`} label={picture === 'logo' ? t('Logo') : t('Banner')} error={errors[picture]?.message}>
            <div className="flex items-center gap-3">
              {shop[picture] && <img src={shop[picture]} alt="" className="size-12 rounded object-cover" />}
              <input
                type="file"
                accept="image/*"
                name={picture}
                {...invalidProps(`shop-${picture}`, errors[picture]?.message)}
                className="text-sm"
              />
            </div>
          </Field>
        ))}
      </div>
      <div>
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {t('Save')}
        </button>
      </div>
    </form>
  );
}
