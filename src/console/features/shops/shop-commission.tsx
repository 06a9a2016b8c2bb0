import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { shopCommissionSchema, type ShopApplication, type ShopCommission } from '../../../shared/shops.contract.ts';
import { Field, inputClass, invalidProps, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { consoleMeQuery } from '../access/console-me.ts';
import { useSetShopCommission } from './shop-queries.ts';

/**
 * On a shop of the store's review: the shop's own commission rate (decision 052), or what applies
 * without one; a button opens a small form that sets it, or clears it when left empty.
 */
export function ShopCommissionToggle({ shop }: { shop: Pick<ShopApplication, 'id' | 'name' | 'commission_rate'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-600">
        {shop.commission_rate === null ? t('Commission: the default') : t('Commission: {{rate}} %', { rate: formatNumber(shop.commission_rate) })}
      </p>
      <button type="button" aria-expanded={open} aria-controls={panelId} className={`${textButtonClass} self-start`} onClick={() => setOpen((shown) => !shown)}>
        {t('Commission of {{shop}}', { shop: shop.name })}
      </button>
      <div id={panelId}>{open && <ShopCommissionForm shop={shop} onSaved={() => setOpen(false)} />}</div>
    </div>
  );
}

function ShopCommissionForm({ shop, onSaved }: { shop: Pick<ShopApplication, 'id' | 'name' | 'commission_rate'>; onSaved(): void }) {
  const { t } = useTranslation();
  const storeRate = useQuery(consoleMeQuery).data?.commission_rate;
  const save = useSetShopCommission(shop.id);
  const form = useForm<ShopCommission>({ resolver: zodResolver(shopCommissionSchema) as Resolver<ShopCommission>, defaultValues: { commission_rate: shop.commission_rate } });
  const id = `shop-${shop.id}-commission`;
  const error = form.formState.errors.commission_rate?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(answer.message);
      onSaved();
    } catch (failure) {
      showServerErrors(failure, form.setError, ['commission_rate']);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('Commission of {{shop}}', { shop: shop.name })} className="flex flex-col gap-2">
      <Field
        id={id}
        label={t('Commission rate (%)')}
        error={error}
        hint={storeRate !== undefined && <p className="text-xs text-slate-600">{t('Empty: each product’s category rate, else the store default, {{rate}} %.', { rate: formatNumber(storeRate) })}</p>}
      >
        <input type="number" step="any" {...form.register('commission_rate', { setValueAs: numberOr(null) })} {...invalidProps(id, error)} className={inputClass} />
      </Field>
      <button type="submit" disabled={save.isPending} className={`${textButtonClass} self-start`}>
        {t('Save')}
      </button>
    </form>
  );
}
