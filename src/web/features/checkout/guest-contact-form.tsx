import { useId } from 'react';
import type { GuestContact } from '../../../shared/orders.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { TextField } from '../../components/form/form-fields.tsx';

export const emptyGuestContact: GuestContact = { email: '', phone: '', name: '', address_line: '', city: '', post_code: '', country: '' };

interface GuestContactFormProps {
  value: GuestContact;
  /** The store's field errors, by field name. */
  errors: Partial<Record<keyof GuestContact, string>>;
  onChange(value: GuestContact): void;
}

/** What a guest gives at checkout instead of an account: where the confirmation goes and where to deliver. */
export function GuestContactForm({ value, errors, onChange }: GuestContactFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const field = (name: keyof GuestContact, label: string, extra: { type?: string; autoComplete: string; dir?: 'ltr' }) => (
    <TextField label={label} error={errors[name]} value={value[name]} onValue={(text) => onChange({ ...value, [name]: text })} name={name} required {...extra} />
  );
  return (
    <section aria-labelledby={headingId} data-testid="guest-contact" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('Contact and delivery')}
        </h2>
        <p className="text-sm text-slate-600">{t('We send the order confirmation with a link to your order to this e-mail.')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('email', t('Email'), { type: 'email', autoComplete: 'email', dir: 'ltr' })}
        {field('phone', t('Phone'), { type: 'tel', autoComplete: 'tel', dir: 'ltr' })}
        {field('name', t('Name'), { autoComplete: 'name' })}
        {field('address_line', t('Street address'), { autoComplete: 'street-address' })}
        {field('city', t('City'), { autoComplete: 'address-level2' })}
        {field('post_code', t('Postal code'), { autoComplete: 'postal-code', dir: 'ltr' })}
        {field('country', t('Country'), { autoComplete: 'country-name' })}
      </div>
    </section>
  );
}
