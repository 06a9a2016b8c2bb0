import { useId } from 'react';
import type { GuestContact } from '../../../shared/orders.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { AddressCountryField } from '../account/address-form.tsx';
import { useCountries } from '../settings/settings-queries.ts';

/** What the guest has typed: the country one of the store's by its id, null until chosen (as on an account's address). */
export type GuestContactDraft = Omit<GuestContact, 'country_id'> & { country_id: number | null };

export const emptyGuestContact: GuestContactDraft = { email: '', phone: '', name: '', address_line: '', city: '', state: '', post_code: '', country_id: null };

interface GuestContactFormProps {
  value: GuestContactDraft;
  /** The store's field errors, by field name. */
  errors: Partial<Record<keyof GuestContact, string>>;
  onChange(value: GuestContactDraft): void;
}

/** What a guest gives at checkout instead of an account: where the confirmation goes and where to deliver. */
export function GuestContactForm({ value, errors, onChange }: GuestContactFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const countries = useCountries();
  const field = (name: Exclude<keyof GuestContact, 'country_id'>, label: string, extra: { type?: string; autoComplete: string; dir?: 'ltr'; required?: boolean }) => (
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
        {field('state', t('State / Region'), { autoComplete: 'address-level1', required: false })}
        {field('post_code', t('Postal code'), { autoComplete: 'postal-code', dir: 'ltr' })}
        <AddressCountryField countries={countries} value={value.country_id} error={errors.country_id} onCountry={(country) => onChange({ ...value, country_id: country.id })} />
      </div>
    </section>
  );
}
