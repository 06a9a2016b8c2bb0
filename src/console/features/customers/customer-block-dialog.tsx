import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { customerBlockSchema, type ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { useCustomerBlock } from './customer-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/** Blocks (every session ends, no sign-in or order) or unblocks a customer, with a reason kept in the history. */
export function CustomerBlockDialog({ customer }: { customer: ConsoleCustomerDetail }) {
  const { t } = useTranslation();
  const block = customer.blocked === null;
  const change = useCustomerBlock(customer.id, block);
  return (
    <TextDialog
      trigger={
        <button type="button" className={block ? secondaryButtonClass : primaryButtonClass}>
          {block ? t('Block') : t('Unblock')}
        </button>
      }
      title={<WithUserText text={block ? t('Block {{name}}?') : t('Unblock {{name}}?')} values={{ name: customer.name }} />}
      description={block ? t('Every session of this customer ends now; they cannot sign in or order until unblocked.') : t('The customer can sign in and order again.')}
      name="reason"
      label={t('Reason')}
      schema={customerBlockSchema}
      confirm={block ? t('Block') : t('Unblock')}
      mutation={change}
      onSubmit={async (reason) => {
        await change.mutateAsync(reason);
        return block ? t('{{name}} is blocked.', { name: customer.name }) : t('{{name}} is unblocked.', { name: customer.name });
      }}
    />
  );
}
