import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { addressInputSchema, type Address } from '../../../shared/account.contract.ts';
import type { Country } from '../../../shared/settings.contract.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { CountryCombobox, countryName, PhoneField, TextField } from '../../components/form/form-fields.tsx';
import { schemaFieldErrors } from '../../components/form/schema-errors.ts';
import { useCountries } from '../settings/settings-queries.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { useSettings } from '../settings/settings-store.ts';
import { refreshAddresses } from './account-queries.ts';

/** The form's fields as `POST /addresses` takes them: the country by its id, null until one is chosen. */
export type AddressValues = Omit<Address, 'id' | 'country'> & { country_id: number | null };

const emptyAddress: AddressValues = {
  name: '',
  phone: '',
  area: '',
  flat_no: '',
  address_type: 'home',
  address_line: '',
  address_line2: '',
  post_code: '',
  city: '',
  state: '',
  country_id: null,
  is_default: false,
};

function startingValues(address: Address | undefined, initialValues: Partial<AddressValues> | undefined): AddressValues {
  if (!address) return { ...emptyAddress, ...initialValues };
  const { id: _id, country, ...saved } = address;
  return { ...saved, country_id: country?.id ?? null };
}

interface AddressFormProps {
  /** The address being edited; without it the form adds a new one. */
  address?: Address;
  /** Starting values of a new address (the checkout may pass the shopper's name and phone). */
  initialValues?: Partial<AddressValues>;
  /** After the server saved it (and the address list was reloaded). */
  onSaved(address: Address): void;
  /** Shown beside the save button (a Cancel link or button). */
  secondaryAction?: ReactNode;
}

/** docs/design.md §4 address: adds or edits one, then reloads the addresses (auth state and cart address follow). */
export function AddressForm({ address, initialValues, onSaved, secondaryAction }: AddressFormProps) {
  const { t } = useTranslation();
  const phoneRules = useSettings(useShallow(({ phoneMinLength, phoneMaxLength }) => ({ phoneMinLength, phoneMaxLength })));
  const [values, setValues] = useState(() => startingValues(address, initialValues));
  const countries = useCountries();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');
  const typeName = useId();
  const typeErrorId = useId();

  const update = (changes: Partial<AddressValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Without a country the draft is no address the API takes: the contract's messages show at once, every field's as the server would word them.
    if (values.country_id === null) {
      form.refuse(schemaFieldErrors(addressInputSchema, values));
      return;
    }
    const body = { ...values, country_id: values.country_id };
    const answer = await form.run(() =>
      address ? api.call('PUT /addresses/:id', { params: { id: address.id }, body }) : api.call('POST /addresses', { body }),
    );
    if (!answer) return;
    notify.success(answer.message);
    await refreshAddresses().catch(() => undefined);
    onSaved(answer.data.address);
  };

  const text = (field: Exclude<keyof AddressValues, 'country_id'>, label: string, extra: { required?: boolean; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      error={form.errorOf(field)}
      value={String(values[field])}
      onValue={(value) => update({ [field]: value })}
      name={field}
      {...extra}
    />
  );

  const typeError = form.errorOf('address_type');
  const types = [
    { value: 'home', label: t('Home address') },
    { value: 'office', label: t('Office address') },
    { value: 'other', label: t('Other address') },
  ] as const;
  // The default address stays the default until another one takes the flag.
  const alreadyDefault = address?.is_default === true;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('Name'), { required: true, autoComplete: 'name' })}
        <PhoneField
          label={t('Phone')}
          error={form.errorOf('phone')}
          value={values.phone}
          onValue={(phone) => update({ phone })}
          rules={{ ...phoneRules, phoneRequired: true }}
        />
        {text('area', t('Area'), { required: true, autoComplete: 'address-level3' })}
        {text('flat_no', t('Flat / House No.'), { autoComplete: 'address-line3' })}
        {text('address_line', t('Address Line'), { required: true, autoComplete: 'address-line1' })}
        {text('address_line2', t('Address Line 2'), { autoComplete: 'address-line2' })}
        {text('city', t('City'), { required: true, autoComplete: 'address-level2' })}
        {text('state', t('State / Region'), { autoComplete: 'address-level1' })}
        {text('post_code', t('Post Code'), { autoComplete: 'postal-code' })}
        <AddressCountryField countries={countries} value={values.country_id} error={form.errorOf('country_id')} onCountry={(country) => update({ country_id: country.id })} />
      </div>
      <fieldset aria-describedby={typeError ? typeErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('Address Type')}</legend>
        <div className="flex flex-wrap gap-2">
          {types.map((type) => (
            <label key={type.value} className="cursor-pointer">
              <input
                type="radio"
                name={typeName}
                value={type.value}
                checked={values.address_type === type.value}
                onChange={() => update({ address_type: type.value })}
                className="peer sr-only"
              />
              <span className="flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm text-slate-800 peer-checked:border-primary-700 peer-checked:bg-primary-50 peer-checked:font-semibold peer-checked:text-primary-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-700 hover:border-primary-700">
                {type.label}
              </span>
            </label>
          ))}
        </div>
        {typeError && (
          <p id={typeErrorId} className="mt-1 text-sm text-red-700">
            {typeError}
          </p>
        )}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="is_default"
          checked={values.is_default || alreadyDefault}
          disabled={alreadyDefault}
          onChange={(event) => update({ is_default: event.target.checked })}
          className="size-4 accent-primary-700"
        />
        {alreadyDefault ? t('This is your default address') : t('Make this my default address')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
          {t('Save Address')}
        </button>
        {secondaryAction}
      </div>
    </form>
  );
}

/** The address's country, searched by name among the store's countries (long list); a guest's at checkout too. */
export function AddressCountryField({ countries, value, error, onCountry }: { countries: Country[]; value: number | null; error: string | undefined; onCountry(country: Country): void }) {
  const { t } = useTranslation();
  const chosen = countries.find((country) => country.id === value);
  return (
    <CountryCombobox
      label={t('Country')}
      error={error}
      shown={chosen ? countryName(chosen) : ''}
      onChoose={onCountry}
      countries={countries}
      placeholder={t('Search country')}
      autoComplete="country-name"
      required
    />
  );
}
