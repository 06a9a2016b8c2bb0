import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { voucherCreateSchema, type ConsoleVoucher, type VoucherCreate, type VoucherCreateInput } from '../../../shared/vouchers-console.contract.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { FormField, FormSelect, numberOr, RecordOptions, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { catalogueChoices } from '../products/product-queries.ts';
import { useSaveVoucher } from './voucher-queries.ts';

/** The dates as `datetime-local` inputs hold them (the browser's local time, to the minute); a new voucher's discount starts empty. */
type VoucherFormValues = Omit<VoucherCreateInput, 'discount' | 'starts_at' | 'expires_at'> & { discount?: number; starts_at: string; expires_at: string };

const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** An input's local time as the ISO moment the API takes; empty stays empty (refused as required). */
const isoMoment = (value: unknown) => (typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : value);

function valuesOf(voucher: ConsoleVoucher | undefined): VoucherFormValues {
  if (!voucher) return { code: '', discount_type: 'percentage', starts_at: '', expires_at: '' };
  return {
    code: voucher.code,
    discount_type: voucher.discount_type,
    discount: voucher.discount,
    min_order_amount: voucher.min_order_amount,
    max_discount_amount: voucher.max_discount_amount,
    total_limit: voucher.total_limit,
    limit_for_user: voucher.limit_for_user,
    starts_at: localInput(voucher.starts_at),
    expires_at: localInput(voucher.expires_at),
  };
}

interface VoucherDialogProps {
  /** Left out: a new voucher. */
  voucher?: ConsoleVoucher;
  /** The store's staff say which shop a new voucher belongs to; a seller's people always add to their own. */
  choosesShop: boolean;
  /** The button that opens it. */
  trigger: ReactNode;
}

/** Creates or edits a voucher, checked by the shared schema; the server's field errors show under their fields. */
export function VoucherDialog({ voucher, choosesShop, trigger }: VoucherDialogProps) {
  const { t } = useTranslation();
  const form = useForm<VoucherFormValues, unknown, VoucherCreate>({
    resolver: zodResolver(voucherCreateSchema) as unknown as Resolver<VoucherFormValues, unknown, VoucherCreate>,
    defaultValues: valuesOf(voucher),
  });
  const dialog = useFormDialog(() => form.reset(valuesOf(voucher)));
  const save = useSaveVoucher(voucher);
  const withShop = choosesShop && !voucher;
  const percentage = useWatch({ control: form.control, name: 'discount_type' }) === 'percentage';
  const fields: Path<VoucherFormValues>[] = [
    'code',
    'discount_type',
    'discount',
    'min_order_amount',
    'max_discount_amount',
    'total_limit',
    'limit_for_user',
    'starts_at',
    'expires_at',
    ...(withShop ? (['shop_id'] as const) : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(t(answer.message));
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });

  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={trigger} title={voucher ? t('Edit {{name}}', { name: voucher.code }) : t('New voucher')}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          {withShop && <ShopField />}
          <FormField<VoucherFormValues> name="code" label={t('Code')} hint={t('Letters, numbers and dashes; shoppers may type it in any case.')} className="sm:col-span-2" />
          <FormSelect<VoucherFormValues>
            name="discount_type"
            label={t('Discount type')}
            options={{ onChange: (event: { target: { value: string } }) => event.target.value === 'amount' && form.setValue('max_discount_amount', null) }}
          >
            <option value="percentage">{t('Percentage')}</option>
            <option value="amount">{t('Fixed amount')}</option>
          </FormSelect>
          <FormField<VoucherFormValues> name="discount" type="number" label={percentage ? t('Discount (%)') : t('Discount amount')} options={{ setValueAs: numberOr(undefined) }} />
          <FormField<VoucherFormValues> name="min_order_amount" type="number" label={t('Minimum order amount')} options={{ setValueAs: numberOr(undefined) }} />
          {percentage && (
            <FormField<VoucherFormValues> name="max_discount_amount" type="number" label={t('Maximum discount')} hint={t('Empty for no cap')} options={{ setValueAs: numberOr(null) }} />
          )}
          <FormField<VoucherFormValues> name="total_limit" type="number" label={t('Total uses')} hint={t('Empty for no limit')} options={{ setValueAs: numberOr(null) }} />
          <FormField<VoucherFormValues> name="limit_for_user" type="number" label={t('Uses per customer')} options={{ setValueAs: numberOr(undefined) }} />
          <FormField<VoucherFormValues> name="starts_at" type="datetime-local" label={t('Starts at')} options={{ setValueAs: isoMoment }} />
          <FormField<VoucherFormValues> name="expires_at" type="datetime-local" label={t('Expires at')} options={{ setValueAs: isoMoment }} />
          <div className="sm:col-span-2">
            <DialogButtons busy={save.isPending} confirm={voucher ? t('Save') : t('Create')} />
          </div>
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}

function ShopField() {
  const { t } = useTranslation();
  const shops = useQuery(catalogueChoices.shops);
  return (
    <div className="sm:col-span-2">
      <FormSelect<VoucherFormValues> name="shop_id" label={t('Shop')} options={{ setValueAs: numberOr(undefined) }}>
        <option value="">{t('Choose a shop')}</option>
        <RecordOptions records={shops.data} />
      </FormSelect>
    </div>
  );
}
