import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { RETURN_LIMITS, RETURN_PHOTOS_FIELD, type OrderReturns } from '../../../shared/returns.contract.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { SelectField } from '../../components/form/form-fields.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { pictureProblem } from '../../../client/lib/picture-problem.ts';
import { notify } from '../../lib/toast.ts';
import { TextAreaField } from '../contact/contact-form.tsx';
import { orderQueries } from './order-queries.ts';
import { returnQueries } from './return-queries.ts';

function ReturnRequestForm({ orderId, lines, onDone }: { orderId: number; lines: OrderReturns['lines']; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string>();

  const choosePhotos = (files: File[]) => {
    const problem = files.map(pictureProblem).find(Boolean) ?? (files.length > RETURN_LIMITS.photos ? t({ one: 'You can attach at most {{count}} image.', other: 'You can attach at most {{count}} images.' }, { count: RETURN_LIMITS.photos }) : undefined);
    setPhotoProblem(problem);
    setPhotos(problem ? [] : files);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = Object.entries(quantities)
      .map(([id, quantity]) => ({ order_item_id: Number(id), quantity: Number(quantity) }))
      .filter((line) => line.quantity > 0);
    const body = new FormData();
    body.append('lines', JSON.stringify(chosen));
    body.append('reason', reason);
    for (const photo of photos) body.append(RETURN_PHOTOS_FIELD, photo);
    const answer = await form.run(() => returnQueries.request(orderId, body));
    if (!answer) return;
    notify.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    onDone();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-4">
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('What would you like to return?')}</legend>
        {lines
          .filter((line) => line.returnable_quantity > 0)
          .map((line) => (
            <SelectField
              key={line.order_item_id}
              label={line.name}
              name={`quantity-${line.order_item_id}`}
              error={undefined}
              value={quantities[line.order_item_id] ?? '0'}
              onValue={(quantity) => {
                setQuantities({ ...quantities, [line.order_item_id]: quantity });
                form.clearError('lines');
              }}
            >
              {Array.from({ length: line.returnable_quantity + 1 }, (_, quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </SelectField>
          ))}
        {form.errorOf('lines') && <p className="text-sm text-red-700">{t(form.errorOf('lines')!)}</p>}
      </fieldset>
      <TextAreaField label={t('Reason for the return')} error={form.errorOf('reason')} value={reason} onValue={(text) => { setReason(text); form.clearError('reason'); }} name="reason" rows={4} maxLength={RETURN_LIMITS.reason} required />
      <div>
        <label className="mb-1 block text-sm font-medium text-slate-700">
          {t('Photos (optional)')}
          <input type="file" accept="image/*" multiple className="mt-1 block text-sm" onChange={(event) => choosePhotos([...(event.target.files ?? [])])} />
        </label>
        {(photoProblem ?? form.errorOf(RETURN_PHOTOS_FIELD)) && <p className="text-sm text-red-700">{photoProblem ?? form.errorOf(RETURN_PHOTOS_FIELD)}</p>}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('Cancel')}
        </button>
        <button type="submit" disabled={!form.sendable || Boolean(photoProblem)} aria-busy={form.busy || undefined} className={primaryButtonClass}>
          {t('Request return')}
        </button>
      </div>
    </form>
  );
}

/** "Request a return": how many of each line, why, and up to three pictures. */
export function ReturnRequestDialog({ orderId, lines, open, onClose }: { orderId: number; lines: OrderReturns['lines']; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('Request a return')} className="sm:max-w-xl">
      {open && <ReturnRequestForm orderId={orderId} lines={lines} onDone={onClose} />}
    </ModalDialog>
  );
}
