import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { withdrawalRequestSchema, type WithdrawalRequest } from '../../../shared/withdrawals.contract.ts';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { FormField, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useRequestWithdrawal, withdrawalQueries } from './withdrawal-queries.ts';

/** The amount's input starts empty. */
type RequestFormValues = Omit<WithdrawalRequest, 'amount'> & { amount?: number };
const empty: RequestFormValues = { payout_details: '' };

/**
 * A seller's request to be paid: their shop's available balance and the store's minimum, then the
 * amount and where to pay it, checked by the shared schema; the server's refusals show under their fields.
 */
export function WithdrawalRequestForm() {
  const { t } = useTranslation();
  const terms = useQuery(withdrawalQueries.terms);
  const request = useRequestWithdrawal();
  const form = useForm<RequestFormValues, unknown, WithdrawalRequest>({
    resolver: zodResolver(withdrawalRequestSchema) as unknown as Resolver<RequestFormValues, unknown, WithdrawalRequest>,
    defaultValues: empty,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      showToast(t((await request.mutateAsync(values)).message));
      form.reset(empty);
    } catch (error) {
      showServerErrors(error, form.setError, ['amount', 'payout_details']);
    }
  });

  return (
    <Section title={t('Request a withdrawal')}>
      {terms.data && (
        <Facts
          rows={[
            [t('Available balance'), formatNumber(terms.data.available, 2)],
            [t('Minimum withdrawal'), formatNumber(terms.data.minimum, 2)],
          ]}
        />
      )}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-lg flex-col gap-4">
          <FormField<RequestFormValues> name="amount" type="number" label={t('Amount')} options={{ setValueAs: numberOr(undefined) }} />
          <FormField<RequestFormValues>
            name="payout_details"
            type="textarea"
            label={t('Payout details')}
            hint={t('An IBAN and the account holder’s name. Only the last four characters are shown afterwards.')}
          />
          <div>
            <button type="submit" disabled={request.isPending} className={primaryButtonClass}>
              {t('Request withdrawal')}
            </button>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}
