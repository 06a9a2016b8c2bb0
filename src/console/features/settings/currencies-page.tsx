import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api } from '../../../client/lib/api-client.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleCurrency, CurrencyCreate } from '../../../shared/currencies-console.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ConfirmDialog, ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { FormField, FormSelect, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { currenciesQuery, useCurrencyChange } from './money-settings-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleCurrency>();
const noCurrencies: ConsoleCurrency[] = [];

/** `/console/settings/currencies`: the store's currencies, retired ones too (decision 057). */
export function CurrenciesPage() {
  const { t } = useTranslation();
  const currencies = useQuery(currenciesQuery);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('code', { header: () => t('Code'), cell: (info) => <bdi className="font-medium text-slate-900">{info.getValue()}</bdi> }),
        column.accessor('symbol', { header: () => t('Symbol'), cell: (info) => <bdi>{info.getValue()}</bdi> }),
        column.accessor('position', { header: () => t('Symbol position'), cell: (info) => (info.getValue() === 'prefix' ? t('Before the amount') : t('After the amount')) }),
        column.accessor('rate', { header: () => t('Rate to the default currency'), cell: (info) => formatNumber(info.getValue()) }),
        column.accessor('decimals', { header: () => t('Decimals'), cell: (info) => formatNumber(info.getValue()) }),
        column.display({
          id: 'status',
          header: () => t('Status'),
          cell: ({ row: { original } }) => (original.is_default ? t('Default') : original.is_active ? t('Active') : t('Retired')),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('Actions')}</span>,
          cell: ({ row: { original } }) => <CurrencyActions currency={original} />,
        }),
      ]),
    [t],
  );
  const table = useTable({ features, data: currencies.data ?? noCurrencies, columns, getRowId: (currency) => String(currency.id) });
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t('Prices are kept in the default currency; shoppers see them converted at these rates.')}</p>
      <div>
        <CurrencyDialog />
      </div>
      {currencies.isError ? (
        <LoadFailed onRetry={() => void currencies.refetch()} />
      ) : (
        <DataTable table={table} caption={t('Currencies')} loading={currencies.isPending} loadingMessage={t('Loading…')} empty={<EmptyState message={t('No currencies yet.')} />} />
      )}
    </div>
  );
}

/** Adds a currency (no `currency`) or edits one: its code only when adding, its decimals never (they follow from the code). */
function CurrencyDialog({ currency }: { currency?: ConsoleCurrency }) {
  const { t } = useTranslation();
  const defaults = (): CurrencyCreate => ({ code: currency?.code ?? '', symbol: currency?.symbol ?? '', position: currency?.position ?? 'prefix', rate: currency?.rate ?? 1 });
  const form = useForm<CurrencyCreate>({ defaultValues: defaults() });
  const dialog = useFormDialog(() => form.reset(defaults()));
  const save = useCurrencyChange(({ code, ...fields }: CurrencyCreate) =>
    currency ? api.call('PATCH /console/currencies/:id', { params: { id: String(currency.id) }, body: fields }) : api.call('POST /console/currencies', { body: { code, ...fields } }),
  );
  const title = currency ? t('Edit {{code}}', { code: currency.code }) : t('Add a currency');
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(answer.message);
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, ['code', 'symbol', 'position', 'rate']);
    }
  });
  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={title}
      trigger={
        currency ? (
          <button type="button" className={textButtonClass} aria-label={title}>
            {t('Edit')}
          </button>
        ) : (
          <button type="button" className={primaryButtonClass}>
            {title}
          </button>
        )
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {!currency && <FormField<CurrencyCreate> name="code" label={t('ISO 4217 code')} hint={<p className="text-sm text-slate-600">{t('Three letters, such as EUR; its decimals follow from it.')}</p>} />}
          <FormField<CurrencyCreate> name="symbol" label={t('Symbol')} />
          <FormSelect<CurrencyCreate> name="position" label={t('Symbol position')}>
            <option value="prefix">{t('Before the amount')}</option>
            <option value="suffix">{t('After the amount')}</option>
          </FormSelect>
          <FormField<CurrencyCreate>
            name="rate"
            label={t('Rate to the default currency')}
            type="number"
            options={{ valueAsNumber: true }}
            hint={<p className="text-sm text-slate-600">{t('Units of this currency for one unit of the default currency.')}</p>}
          />
          <DialogButtons busy={save.isPending} confirm={t('Save')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}

/** Edit, retire or restore, and make default: each asks first where shoppers will notice. */
function CurrencyActions({ currency }: { currency: ConsoleCurrency }) {
  const { t } = useTranslation();
  const params = { id: String(currency.id) };
  const retire = useCurrencyChange(() => api.call(currency.is_active ? 'POST /console/currencies/:id/retire' : 'POST /console/currencies/:id/restore', { params }));
  const makeDefault = useCurrencyChange(() => api.call('POST /console/currencies/:id/make-default', { params }));
  const run = (mutation: { mutateAsync(input: undefined): Promise<{ message: string }> }) => async () => showToast((await mutation.mutateAsync(undefined)).message);
  const button = (label: string) => (
    <button type="button" className={textButtonClass} aria-label={`${label} ${currency.code}`}>
      {label}
    </button>
  );
  return (
    <div className="flex justify-end gap-3">
      <CurrencyDialog currency={currency} />
      {!currency.is_default && (
        <ConfirmDialog
          trigger={button(currency.is_active ? t('Retire') : t('Restore'))}
          title={currency.is_active ? t('Retire {{code}}?', { code: currency.code }) : t('Restore {{code}}?', { code: currency.code })}
          description={currency.is_active ? t('Shoppers will no longer see it; those who chose it see the default currency.') : t('Shoppers can choose it again.')}
          confirmLabel={currency.is_active ? t('Retire') : t('Restore')}
          mutation={retire}
          onConfirm={run(retire)}
        />
      )}
      {!currency.is_default && currency.is_active && (
        <ConfirmDialog
          trigger={button(t('Make default'))}
          title={t('Make {{code}} the default?', { code: currency.code })}
          description={t('Every rate is re-expressed to it. Prices are not converted: their amounts are read in the new default currency.')}
          confirmLabel={t('Make default')}
          mutation={makeDefault}
          onConfirm={run(makeDefault)}
        />
      )}
    </div>
  );
}
