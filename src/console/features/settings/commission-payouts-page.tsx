import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { commissionPayoutSettingsSchema, type CommissionPayoutSettings } from '../../../shared/commission-payouts.contract.ts';
import { FormField, FormSection, numberOr, showServerErrors } from '../../ui/form.tsx';
import { QueryContent } from '../../ui/query-content.tsx';
import { showToast } from '../../ui/toast.tsx';
import { commissionPayoutsQuery, useSaveCommissionPayouts } from './settings-queries.ts';

/** `/console/settings/commission-payouts` (decisions 052, 053): the store's commission rate and the withdrawal minimum, every change audited. */
export function CommissionPayoutsPage() {
  const settings = useQuery(commissionPayoutsQuery);
  return (
    <div className="flex flex-col gap-6">
      <QueryContent query={settings}>{(data) => <CommissionPayoutsForm saved={data} />}</QueryContent>
    </div>
  );
}

function CommissionPayoutsForm({ saved }: { saved: CommissionPayoutSettings }) {
  const { t } = useTranslation();
  const save = useSaveCommissionPayouts();
  const form = useForm<CommissionPayoutSettings>({ defaultValues: saved, resolver: zodResolver(commissionPayoutSettingsSchema) });
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
      <form aria-label={t('Commission & payouts')} noValidate onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-6">
        <FormSection title={t('Commission')}>
          <FormField<CommissionPayoutSettings>
            name="commission_rate"
            label={t('Commission rate (%)')}
            type="number"
            options={{ setValueAs: numberOr(undefined) }}
            hint={hint(t('Taken on each order line whose shop and category have no rate of their own. Orders already placed keep the rate they were placed at.'))}
          />
        </FormSection>
        <FormSection title={t('Payouts')}>
          <FormField<CommissionPayoutSettings>
            name="withdrawal_minimum"
            label={t('Withdrawal minimum')}
            type="number"
            options={{ setValueAs: numberOr(undefined) }}
            hint={hint(t('The least a shop may ask to be paid out, in the store’s default currency.'))}
          />
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
