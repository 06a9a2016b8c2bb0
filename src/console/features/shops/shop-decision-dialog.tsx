import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { shopDecisionReasonSchema, type ShopApplication } from '../../../shared/shops.contract.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useShopDecision, type ShopAction } from './shop-queries.ts';

/** The actions a shop in each status offers (decision 029's legal steps). */
export const actionsFor: Record<ShopApplication['status'], readonly ShopAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend'],
  suspended: ['reinstate'],
  rejected: [],
};

/** An action's button, its dialog's question and what the toast says after. */
export function actionTexts(action: ShopAction, shop: string, t: (key: string, values?: Record<string, string>) => string) {
  switch (action) {
    case 'approve':
      return { button: t('Approve'), title: t('Approve {{shop}}?', { shop }), description: t('The shop and its products open in the store.'), done: t('{{shop}} is approved.', { shop }) };
    case 'reject':
      return { button: t('Reject'), title: t('Reject {{shop}}?', { shop }), description: t('The owner gets the reason by e-mail and may apply again.'), done: t('{{shop}} is rejected.', { shop }) };
    case 'suspend':
      return { button: t('Suspend'), title: t('Suspend {{shop}}?', { shop }), description: t('The shop and its products are hidden; the owner gets the reason by e-mail.'), done: t('{{shop}} is suspended.', { shop }) };
    case 'reinstate':
      return { button: t('Reinstate'), title: t('Reinstate {{shop}}?', { shop }), description: t('The shop and its products open in the store again.'), done: t('{{shop}} is reinstated.', { shop }) };
  }
}

/** Asks before a decision on a shop; rejecting and suspending need a reason, which is mailed to the owner. */
export function ShopDecisionDialog({ shop, action }: { shop: ShopApplication; action: ShopAction }) {
  const { t } = useTranslation();
  const texts = actionTexts(action, shop.name, t);
  const decision = useShopDecision(action, shop.id);
  const trigger = (
    <button type="button" className={secondaryButtonClass}>
      {texts.button}
    </button>
  );
  if (action === 'reject' || action === 'suspend') {
    return (
      <TextDialog
        trigger={trigger}
        title={texts.title}
        description={texts.description}
        name="reason"
        label={t('Reason')}
        schema={shopDecisionReasonSchema}
        confirm={texts.button}
        mutation={decision}
        onSubmit={async (reason) => {
          await decision.mutateAsync(reason);
          return texts.done;
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      trigger={trigger}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.button}
      mutation={decision}
      onConfirm={async () => {
        await decision.mutateAsync('');
        showToast(texts.done);
      }}
    />
  );
}
