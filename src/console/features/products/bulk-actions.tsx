import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { productBulkSchema, recordId, type ProductBulk } from '../../../shared/catalog-console.contract.ts';
import { ConfirmDialog, ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { Field, inputClass, invalidProps, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { catalogueChoices, useBulkProducts } from './product-queries.ts';

/**
 * The bar over the products list while rows are selected: publish, unpublish, move to a category,
 * adjust prices by a percent and archive, each on every selected product at once.
 */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone(): void }) {
  const { t } = useTranslation();
  const bulk = useBulkProducts();
  /** One bulk call: the toast says how many products it changed, and the selection is done. */
  const run = async (body: Omit<ProductBulk, 'ids'>) => {
    const answer = await bulk.mutateAsync({ ids, ...body });
    showToast(t({ one: '{{count}} product changed', other: '{{count}} products changed' }, { count: answer.data.changed }));
    onDone();
  };
  const runQuietly = (body: Omit<ProductBulk, 'ids'>) => run(body).catch((error: unknown) => showServerErrors(error, () => undefined, []));
  const trigger = (label: string) => (
    <button type="button" disabled={bulk.isPending} className={secondaryButtonClass}>
      {label}
    </button>
  );

  return (
    <div role="toolbar" aria-label={t('Bulk actions')} className="flex flex-wrap items-center gap-2 rounded-lg border border-primary-200 bg-primary-50 px-3 py-2">
      <p className="text-sm font-medium text-primary-900">{t({ one: '{{count}} product selected', other: '{{count}} products selected' }, { count: ids.length })}</p>
      <button type="button" disabled={bulk.isPending} onClick={() => void runQuietly({ action: 'publish' })} className={secondaryButtonClass}>
        {t('Publish')}
      </button>
      <button type="button" disabled={bulk.isPending} onClick={() => void runQuietly({ action: 'unpublish' })} className={secondaryButtonClass}>
        {t('Unpublish')}
      </button>
      <MoveDialog trigger={trigger(t('Move to category'))} busy={bulk.isPending} run={run} />
      <PriceDialog trigger={trigger(t('Adjust price'))} busy={bulk.isPending} run={run} />
      <ConfirmDialog
        trigger={trigger(t('Archive'))}
        title={t('Archive the selected products?')}
        description={t('They leave the storefront; nothing is deleted.')}
        confirmLabel={t('Archive')}
        mutation={bulk}
        onConfirm={() => run({ action: 'archive' })}
      />
      <button type="button" onClick={onDone} className={`${textButtonClass} ms-auto`}>
        {t('Clear selection')}
      </button>
    </div>
  );
}

interface ActionDialogProps {
  trigger: ReactNode;
  /** The bulk call is pending. */
  busy: boolean;
  run(body: Omit<ProductBulk, 'ids'>): Promise<unknown>;
}

const moveSchema = z.object({ category_id: recordId('category id'), sub_category_id: recordId('sub category id').optional() });
type MoveValues = z.input<typeof moveSchema>;
const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

function MoveDialog({ trigger, busy, run }: ActionDialogProps) {
  const { t } = useTranslation();
  const categories = useQuery(catalogueChoices.categories);
  const form = useForm<MoveValues>({ resolver: zodResolver(moveSchema) });
  const dialog = useFormDialog(() => form.reset());
  const categoryId = useWatch({ control: form.control, name: 'category_id' });
  const subCategories = categories.data?.find((category) => category.id === categoryId)?.sub_categories ?? [];
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await run({ action: 'move', category_id: values.category_id, sub_category_id: values.sub_category_id ?? null });
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, ['category_id', 'sub_category_id']);
    }
  });
  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={trigger} title={t('Move to category')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field id="bulk-category" label={t('Category')} error={errors.category_id?.message}>
          <select
            {...form.register('category_id', { setValueAs: idOrUndefined, onChange: () => form.setValue('sub_category_id', undefined) })}
            {...invalidProps('bulk-category', errors.category_id?.message)}
            className={inputClass}
          >
            <option value="">{t('Choose a category')}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="bulk-sub-category" label={t('Sub-category')} error={errors.sub_category_id?.message}>
          <select {...form.register('sub_category_id', { setValueAs: idOrUndefined })} {...invalidProps('bulk-sub-category', errors.sub_category_id?.message)} className={inputClass}>
            <option value="">{t('No sub-category')}</option>
            {subCategories.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.name}
              </option>
            ))}
          </select>
        </Field>
        <DialogButtons busy={busy} confirm={t('Move')} />
      </form>
    </ConsoleDialog>
  );
}

const priceSchema = z.object({ percent: productBulkSchema.shape.percent.unwrap() });
type PriceValues = z.input<typeof priceSchema>;

function PriceDialog({ trigger, busy, run }: ActionDialogProps) {
  const { t } = useTranslation();
  const form = useForm<PriceValues>({ resolver: zodResolver(priceSchema) });
  const dialog = useFormDialog(() => form.reset());
  const error = form.formState.errors.percent?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await run({ action: 'adjust_price', percent: values.percent });
      dialog.close();
    } catch (failure) {
      showServerErrors(failure, form.setError, ['percent']);
    }
  });
  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={trigger} title={t('Adjust price')} description={t("Every variant's price and discount price changes by this percent, rounded to the cent: −10 lowers them by a tenth.")}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field id="bulk-percent" label={t('Percent')} error={error}>
          <input type="number" step="0.01" dir="ltr" {...form.register('percent', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })} {...invalidProps('bulk-percent', error)} className={inputClass} />
        </Field>
        <DialogButtons busy={busy} confirm={t('Apply')} />
      </form>
    </ConsoleDialog>
  );
}
