import { useQuery } from '@tanstack/react-query';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { Country } from '../../../shared/settings.contract.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { settingsQueries } from '../settings/settings-queries.ts';

const controlClass =
  'h-11 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700 disabled:bg-slate-100';
/** Spec §5: a field the server refused gets a red border and its first message below. */
const borderClass = (error: string | undefined) => (error ? 'border-red-600' : 'border-slate-300 focus:border-primary-700');

interface FieldShellProps {
  id: string;
  label: string;
  error: string | undefined;
  /** The control itself. */
  children: ReactNode;
}

function FieldShell({ id, label, error, children }: FieldShellProps) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  label: string;
  error: string | undefined;
  onValue(value: string): void;
  /** Shown inside the box before the text, e.g. the phone code. */
  prefix?: string;
};

export function TextField({ label, error, onValue, prefix, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const field = (
    <input
      id={id}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error)}
      className={`${controlClass} ${borderClass(error)} ${prefix ? 'rounded-s-none' : ''} ${className}`}
      {...input}
    />
  );
  return (
    <FieldShell id={id} label={label} error={error}>
      {prefix ? (
        <div className="flex" dir="ltr">
          <span className="flex items-center rounded-s-md border border-e-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-700">
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> & {
  label: string;
  error: string | undefined;
  onValue(value: string): void;
};

export function SelectField({ label, error, onValue, children, className = '', ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${controlClass} ${borderClass(error)} ${className}`}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** The countries of `GET /countries` (one cached query for every form). */
export function useCountries(): Country[] {
  return useQuery(settingsQueries.countries()).data ?? [];
}

/** A country chosen by name (spec §3: registration sends the country by name). */
export function CountryField({
  countries,
  value,
  error,
  onCountry,
  autoFocus = false,
}: {
  countries: Country[];
  value: string;
  error: string | undefined;
  onCountry(country: Country | undefined): void;
  /** The field the dialog focuses when it opens. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('Country')}
      error={error}
      value={value}
      onValue={(name) => onCountry(countries.find((country) => country.name === name))}
      autoComplete="country-name"
      required
      data-autofocus={autoFocus || undefined}
    >
      <option value="">{t('Select country')}</option>
      {countries.map((country) => (
        <option key={country.id} value={country.name}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Each calling code once, in numeric order (several countries share +1, +7, +44…). */
export function phoneCodes(countries: Country[]): string[] {
  const codes = new Set(countries.map((country) => country.phone_code));
  return [...codes].sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
}

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

interface PhoneFieldProps {
  label: string;
  error: string | undefined;
  value: string;
  onValue(phone: string): void;
  /** The store's phoneMinLength, phoneMaxLength and phoneRequired (spec §3, §5). */
  rules: { phoneMinLength: number; phoneMaxLength: number; phoneRequired: boolean };
}

/** A national phone number (spec §5): typing keeps the digits only, up to the store's maximum length. */
export function PhoneField({ label, error, value, onValue, rules }: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      error={error}
      type="tel"
      inputMode="numeric"
      value={value}
      onValue={(phone) => onValue(digitsOnly(phone).slice(0, rules.phoneMaxLength))}
      name="phone"
      autoComplete="tel-national"
      minLength={rules.phoneMinLength}
      maxLength={rules.phoneMaxLength}
      required={rules.phoneRequired}
      dir="ltr"
    />
  );
}
