import { useTranslation } from '../../../client/lib/i18n.ts';
import { customerBlockSchema, type ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCustomerBlock } from './customer-queries.ts';

/** Blocks (every session ends, no sign-in or order) or unblocks a customer, with a reason kept in the history. */
export function CustomerBlockDialog({ customer, onClose }: { customer: ConsoleCustomerDetail; onClose(): void }) {
  const { t } = useTranslation();
  const block = customer.blocked === null;
  const change = useCustomerBlock(customer.id, block);
  return (
    <ReasonDialog
      title={block ? t('Block {{name}}?', { name: customer.name }) : t('Unblock {{name}}?', { name: customer.name })}
      description={block ? t('Every session of this customer ends now; they cannot sign in or order until unblocked.') : t('The customer can sign in and order again.')}
      confirm={block ? t('Block') : t('Unblock')}
      schema={customerBlockSchema}
      save={async (reason) => {
        await change.mutateAsync(reason);
        showToast(block ? t('{{name}} is blocked.', { name: customer.name }) : t('{{name}} is unblocked.', { name: customer.name }));
      }}
      onClose={onClose}
    />
  );
}
