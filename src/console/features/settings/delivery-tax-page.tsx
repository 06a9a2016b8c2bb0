import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { deliveryTaxSettingsSchema, type DeliveryTaxSettings } from '../../../shared/delivery-tax.contract.ts';
import { FormField, FormSection, FormSwitch, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { deliveryTaxQuery, useSaveDeliveryTax } from './settings-queries.ts';
import { QueryContent } from '../../ui/query-content.tsx';

/** `/console/settings/delivery-tax` (decision 054): the store's tax rate, delivery charge and free delivery, every change audited. */
export function DeliveryTaxPage() {
  const settings = useQuery(deliveryTaxQuery);
  return (
    <div className="flex flex-col gap-6">
      <QueryContent query={settings}>{(data) => <DeliveryTaxForm saved={data} />}</QueryContent>
    </div>
  );
}

function DeliveryTaxForm({ saved }: { saved: DeliveryTaxSettings }) {
  const { t } = useTranslation();
  const save = useSaveDeliveryTax();
  const form = useForm<DeliveryTaxSettings>({ defaultValues: saved, resolver: zodResolver(deliveryTaxSettingsSchema) });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(answer.message);
      form.reset(answer.data.settings);
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });
  const hint = (text: string) => <p className="text-sm text-slate-600">{text}</p>;
  return (
    <FormProvider {...form}>
      <form aria-label={t('Delivery & tax')} noValidate onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-6">
        <FormSection title={t('Tax')}>
          <FormField<DeliveryTaxSettings>
            name="tax_rate"
            label={t('Tax rate (%)')}
            type="number"
            options={{ setValueAs: numberOr(undefined) }}
            hint={hint(t('Charged on top of prices, on the goods less the voucher discount. A product with its own rate keeps it.'))}
          />
        </FormSection>
        <FormSection title={t('Delivery')}>
          <FormField<DeliveryTaxSettings> name="delivery_charge" label={t('Delivery charge')} type="number" options={{ setValueAs: numberOr(undefined) }} hint={hint(t('Per shop order, where shops do not set their own.'))} />
          <FormField<DeliveryTaxSettings>
            name="free_delivery_threshold"
            label={t('Free delivery from')}
            type="number"
            options={{ setValueAs: numberOr(null) }}
            hint={hint(t('A shop order whose goods, after the voucher, reach this is delivered free. Empty: never free.'))}
          />
          <FormSwitch<DeliveryTaxSettings> name="shops_set_delivery" label={t('Shops set their own delivery charge')} />
        </FormSection>
        <div>
          <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
            {t('Save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
