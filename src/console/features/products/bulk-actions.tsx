import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../../client/lib/api-client.ts';
import { t, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { productBulkSchema, recordId, type ProductBulk } from '../../../shared/catalog-console.contract.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { Field, inputClass, invalidProps, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { auditLogKey } from '../audit/audit-queries.ts';
import { catalogueChoices, productQueries } from './product-queries.ts';

type Dialog = 'move' | 'adjust_price' | 'archive' | null;

/** One bulk call; the lists are asked again and the toast says how many products it changed. */
function useBulkAction(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulk) => api.call('POST /console/products/bulk', { body }),
    onSuccess: async (answer) => {
      showToast(t({ one: '{{count}} product changed', other: '{{count}} products changed' }, { count: answer.data.changed }));
      onDone();
      await Promise.all([client.invalidateQueries({ queryKey: productQueries.all }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}

/**
 * The bar over the products list while rows are selected: publish, unpublish, move to a category,
 * adjust prices by a percent and archive, each on every selected product at once.
 */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone(): void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const bulk = useBulkAction(() => {
    close();
    onDone();
  });
  const run = (body: Omit<ProductBulk, 'ids'>) => bulk.mutateAsync({ ids, ...body });
  const runQuietly = (body: Omit<ProductBulk, 'ids'>) => run(body).catch((error: unknown) => showServerErrors(error, () => undefined, []));

  return (
    <div role="toolbar" aria-label={t('Bulk actions')} className="flex flex-wrap items-center gap-2 rounded-lg border border-primary-200 bg-primary-50 px-3 py-2">
      <p className="text-sm font-medium text-primary-900">{t({ one: '{{count}} product selected', other: '{{count}} products selected' }, { count: ids.length })}</p>
      <button type="button" disabled={bulk.isPending} onClick={() => void runQuietly({ action: 'publish' })} className={secondaryButtonClass}>
        {t('Publish')}
      </button>
      <button type="button" disabled={bulk.isPending} onClick={() => void runQuietly({ action: 'unpublish' })} className={secondaryButtonClass}>
        {t('Unpublish')}
      </button>
      <button type="button" disabled={bulk.isPending} onClick={() => setDialog('move')} className={secondaryButtonClass}>
        {t('Move to category')}
      </button>
      <button type="button" disabled={bulk.isPending} onClick={() => setDialog('adjust_price')} className={secondaryButtonClass}>
        {t('Adjust price')}
      </button>
      <button type="button" disabled={bulk.isPending} onClick={() => setDialog('archive')} className={secondaryButtonClass}>
        {t('Archive')}
      </button>
      <button type="button" onClick={onDone} className={`${textButtonClass} ms-auto`}>
        {t('Clear selection')}
      </button>

      <MoveDialog open={dialog === 'move'} onClose={close} run={run} />
      <PriceDialog open={dialog === 'adjust_price'} onClose={close} run={run} />
      <ConsoleDialog open={dialog === 'archive'} onOpenChange={(open) => !open && close()} title={t('Archive the selected products?')} description={t('They leave the storefront; nothing is deleted.')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void runQuietly({ action: 'archive' });
          }}
        >
          <DialogButtons busy={bulk.isPending} confirm={t('Archive')} />
        </form>
      </ConsoleDialog>
    </div>
  );
}

interface ActionDialogProps {
  open: boolean;
  onClose(): void;
  run(body: Omit<ProductBulk, 'ids'>): Promise<unknown>;
}

const moveSchema = z.object({ category_id: recordId('category id'), sub_category_id: recordId('sub category id').optional() });
type MoveValues = z.input<typeof moveSchema>;
const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

function MoveDialog({ open, onClose, run }: ActionDialogProps) {
  const { t } = useTranslation();
  const categories = useQuery(catalogueChoices.categories);
  const form = useForm<MoveValues>({ resolver: zodResolver(moveSchema) });
  const categoryId = useWatch({ control: form.control, name: 'category_id' });
  const subCategories = categories.data?.find((category) => category.id === categoryId)?.sub_categories ?? [];
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await run({ action: 'move', category_id: values.category_id, sub_category_id: values.sub_category_id ?? null });
      form.reset();
    } catch (error) {
      showServerErrors(error, form.setError, ['category_id', 'sub_category_id']);
    }
  });
  return (
    <ConsoleDialog open={open} onOpenChange={(next) => !next && onClose()} title={t('Move to category')}>
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
        <DialogButtons busy={form.formState.isSubmitting} confirm={t('Move')} />
      </form>
    </ConsoleDialog>
  );
}

const priceSchema = z.object({ percent: productBulkSchema.shape.percent.unwrap() });
type PriceValues = z.input<typeof priceSchema>;

function PriceDialog({ open, onClose, run }: ActionDialogProps) {
  const { t } = useTranslation();
  const form = useForm<PriceValues>({ resolver: zodResolver(priceSchema) });
  const error = form.formState.errors.percent?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await run({ action: 'adjust_price', percent: values.percent });
      form.reset();
    } catch (failure) {
      showServerErrors(failure, form.setError, ['percent']);
    }
  });
  return (
    <ConsoleDialog open={open} onOpenChange={(next) => !next && onClose()} title={t('Adjust price')} description={t("Every variant's price and discount price changes by this percent, rounded to the cent: −10 lowers them by a tenth.")}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field id="bulk-percent" label={t('Percent')} error={error}>
          <input type="number" step="0.01" dir="ltr" {...form.register('percent', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })} {...invalidProps('bulk-percent', error)} className={inputClass} />
        </Field>
        <DialogButtons busy={form.formState.isSubmitting} confirm={t('Apply')} />
      </form>
    </ConsoleDialog>
  );
}
