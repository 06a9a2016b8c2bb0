import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { shopDecisionReasonSchema, type ShopApplication, type ShopDecisionReason } from '../../../shared/shops.contract.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { Field, invalidProps, showServerErrors, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { auditLogKey } from '../audit/audit-queries.ts';

export type ShopAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

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

const needsReason = (action: ShopAction): action is 'reject' | 'suspend' => action === 'reject' || action === 'suspend';

async function decide(action: ShopAction, id: number, reason: string) {
  const params = { id: String(id) };
  if (action === 'reject') return api.call('POST /console/shops/:id/reject', { params, body: { reason } });
  if (action === 'suspend') return api.call('POST /console/shops/:id/suspend', { params, body: { reason } });
  if (action === 'approve') return api.call('POST /console/shops/:id/approve', { params });
  return api.call('POST /console/shops/:id/reinstate', { params });
}

/** Asks before a decision on a shop; rejecting and suspending need a reason, which is mailed to the owner. */
export function ShopDecisionDialog({ shop, action, onClose }: { shop: ShopApplication; action: ShopAction; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const texts = actionTexts(action, shop.name, t);
  const form = useForm<ShopDecisionReason>({ resolver: needsReason(action) ? zodResolver(shopDecisionReasonSchema) : undefined, defaultValues: { reason: '' } });
  const decision = useMutation({
    mutationFn: ({ reason }: ShopDecisionReason) => decide(action, shop.id, reason),
    onSuccess: async () => {
      showToast(texts.done);
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['console', 'shop-applications'] }), queryClient.invalidateQueries({ queryKey: auditLogKey })]);
    },
    onError: (error) => showServerErrors(error, form.setError, ['reason']),
  });
  const error = form.formState.errors.reason?.message;

  return (
    <ConsoleDialog open onOpenChange={(open) => !open && onClose()} title={texts.title} description={texts.description}>
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => decision.mutate(values))(event)} className="flex flex-col gap-4">
        {needsReason(action) && (
          <Field id="decision-reason" label={t('Reason')} error={error}>
            <textarea {...form.register('reason')} {...invalidProps('decision-reason', error)} className={textareaClass} />
          </Field>
        )}
        <DialogButtons busy={decision.isPending} confirm={texts.button} />
      </form>
    </ConsoleDialog>
  );
}
