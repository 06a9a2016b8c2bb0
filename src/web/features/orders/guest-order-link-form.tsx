import { useRef, useState, type FormEvent } from 'react';
import { guestOrderLinkRequestSchema, type GuestOrderLinkRequest } from '../../../shared/orders.contract.ts';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { schemaFieldErrors } from '../../components/form/schema-errors.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { CheckIcon } from '../../components/ui/icons.tsx';

/**
 * A guest asks for a fresh link to their order by e-mail: with the key of the expired link they
 * opened (`orderKey`), the e-mail alone; otherwise the e-mail and the order number. The store
 * answers the same whatever the e-mail (decision 050), and that answer is what the guest reads.
 */
export function GuestOrderLinkForm({ orderKey }: { orderKey?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty field is left out, as a missing one: the contract then names every missing field at once.
    const given = (value: string) => value.trim() || undefined;
    const body = { email: given(email), ...(orderKey ? { key: orderKey } : { order_number: given(orderNumber) }) };
    const errors = schemaFieldErrors(guestOrderLinkRequestSchema, body);
    if (Object.keys(errors).length > 0) return form.refuse(errors);
    // The contract has just accepted it.
    const answer = await form.run(() => api.call('POST /guest-orders/link', { body: body as GuestOrderLinkRequest }));
    if (answer) setSent(answer.message);
  };

  const edited = (setValue: (value: string) => void) => (value: string) => {
    setValue(value);
    setSent(null);
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label={orderKey ? t('Send me a new link') : t('Find my order')} className="flex max-w-md flex-col gap-4">
      <TextField {...form.field('email', email, edited(setEmail))} label={t('Email')} type="email" autoComplete="email" maxLength={254} dir="ltr" required />
      {!orderKey && (
        <div>
          <TextField {...form.field('order_number', orderNumber, edited(setOrderNumber))} label={t('Order number')} maxLength={20} dir="ltr" required />
          <p className="mt-1 text-sm text-slate-600">{t('Your order number starts with OS and is in your order confirmation.')}</p>
        </div>
      )}
      <div>
        <button type="submit" disabled={!form.sendable} className={primaryButtonClass}>
          {form.busy ? t('Sending...') : orderKey ? t('Send me a new link') : t('Send me a link')}
        </button>
      </div>
      {sent && (
        <div role="status" className="flex items-start gap-3 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          <CheckIcon className="mt-0.5 size-5 shrink-0" />
          <p>{sent}</p>
        </div>
      )}
    </form>
  );
}
