import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { Country } from '../../../shared/settings.contract.ts';
import { currentLanguageTag, useTranslation } from '../../../client/lib/i18n.ts';

const controlClass =
  'h-11 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700 disabled:bg-slate-100';
/** docs/product/storefront.md §5: a field the server refused gets a red border and its first message below. */
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

/** A country chosen by name (docs/product/storefront.md §3: registration sends the country by name). */
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

/** The country's name in the page's language, the store's own name when the browser has none. */
export function countryName(country: Pick<Country, 'code' | 'name'>): string {
  try {
    return new Intl.DisplayNames(currentLanguageTag(), { type: 'region' }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

/** Countries whose name (the store's or the page language's) holds the query, or whose code starts with its digits. */
export function matchingCountries(countries: Country[], query: string): Country[] {
  const words = query.trim().toLocaleLowerCase();
  const digits = digitsOnly(words);
  if (digits && /^\+?\d+$/.test(words)) return countries.filter((country) => digitsOnly(country.phone_code).startsWith(digits));
  return countries.filter((country) => [country.name, countryName(country)].some((name) => name.toLocaleLowerCase().includes(words)));
}

interface CountryComboboxProps {
  label: string;
  error: string | undefined;
  /** What the box shows while the list is closed: the chosen country's name or code. */
  shown: string;
  onChoose(country: Country): void;
  countries: Country[];
  placeholder: string;
  autoComplete: string;
  /** Each option also shows the calling code. */
  withPhoneCode?: boolean;
  required?: boolean;
  dir?: 'ltr';
}

/**
 * A country chosen from a list (names, no flags: emoji flags are empty boxes without an emoji font) that narrows as one types a name or a calling code (an
 * ARIA combobox: arrows move, Enter chooses, Escape closes).
 */
export function CountryCombobox({ label, error, shown, onChoose, countries, placeholder, autoComplete, withPhoneCode = false, required = false, dir }: CountryComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-countries`;
  // What the shopper is typing; null while the list is closed and the box shows the choice.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const options = query === null ? [] : matchingCountries(countries, query);
  const optionId = (country: Country) => `${id}-${country.id}`;

  const choose = (country: Country) => {
    onChoose(country);
    setQuery(null);
  };
  const move = (step: number) => {
    if (query === null) setQuery('');
    setActive((current) => (options.length ? (current + step + options.length) % options.length : 0));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && query !== null) {
      event.preventDefault();
      const country = options[active];
      if (country) choose(country);
    } else if (event.key === 'Escape' && query !== null) {
      event.preventDefault();
      setQuery(null);
    }
  };

  return (
    <FieldShell id={id} label={label} error={error}>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={query !== null}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[active] ? optionId(options[active]) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          value={query ?? shown}
          placeholder={placeholder}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onClick={() => setQuery((current) => current ?? '')}
          onKeyDown={onKeyDown}
          onBlur={() => setQuery(null)}
          autoComplete={autoComplete}
          required={required}
          dir={dir}
          className={`${controlClass} ${borderClass(error)}`}
        />
        {query !== null && (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute start-0 top-full z-20 mt-1 max-h-64 w-72 max-w-[80vw] overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
          >
            {options.map((country, index) => (
              <li
                key={country.id}
                id={optionId(country)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the box, whose blur would close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900 ${index === active ? 'bg-primary-50' : ''}`}
              >
                <span className="min-w-0 flex-1 truncate">{countryName(country)}</span>
                {withPhoneCode && (
                  <>
                    {' '}
                    <span dir="ltr" className="text-slate-600">
                      {country.phone_code}
                    </span>
                  </>
                )}
              </li>
            ))}
            {options.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">{t('No country matches')}</li>}
          </ul>
        )}
      </div>
    </FieldShell>
  );
}

interface PhoneCodeFieldProps {
  label: string;
  error: string | undefined;
  value: string;
  onValue(phoneCode: string): void;
  countries: Country[];
  required?: boolean;
}

/** The calling code, chosen by a country's name or code. */
export function PhoneCodeField({ label, error, value, onValue, countries, required = false }: PhoneCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <CountryCombobox
      label={label}
      error={error}
      shown={value}
      onChoose={(country) => onValue(country.phone_code)}
      countries={countries}
      placeholder={t('Code')}
      autoComplete="tel-country-code"
      withPhoneCode
      required={required}
      dir="ltr"
    />
  );
}

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

interface PhoneFieldProps {
  label: string;
  error: string | undefined;
  value: string;
  onValue(phone: string): void;
  /** The store's phoneMinLength, phoneMaxLength and phoneRequired (docs/product/storefront.md §3, §5). */
  rules: { phoneMinLength: number; phoneMaxLength: number; phoneRequired: boolean };
}

/** A national phone number (docs/product/storefront.md §5): typing keeps the digits only, up to the store's maximum length. */
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
