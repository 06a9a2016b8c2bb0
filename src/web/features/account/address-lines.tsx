import type { Address } from '../../../shared/account.contract.ts';
import type { OrderAddress } from '../../../shared/orders.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { countryName } from '../../components/form/form-fields.tsx';
import { useCountries } from '../settings/settings-queries.ts';
import { phoneWithCode } from './phone-with-code.ts';

/** A saved address (its country one of `/countries`) or an order's copy of one (the country's name and code). */
export type ShownAddress = Address | OrderAddress;

/** The address as a label prints it, without name and phone: street; area, city, state and post code; country (in the page's language). */
export function addressParts(address: ShownAddress): { street: string; place: string; country: string } {
  const country = 'country_code' in address ? { name: address.country, code: address.country_code } : address.country;
  return {
    street: [address.flat_no, address.address_line, address.address_line2].filter(Boolean).join(', '),
    place: [address.area, address.city, [address.state, address.post_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    country: country?.name ? countryName(country) : '',
  };
}

/** The calling code of the address's country: a saved address has it; an order's copy names the country by its ISO code. */
export function usePhoneCodeOf(address: ShownAddress): string | undefined {
  const countries = useCountries();
  if (!('country_code' in address)) return address.country?.phone_code;
  return address.country_code ? countries.find((country) => country.code === address.country_code)?.phone_code : undefined;
}

/** A delivery address as a label would print it: name, phone, street, place and country. */
export function AddressLines({ address }: { address: ShownAddress }) {
  const { t } = useTranslation();
  const { street, place, country } = addressParts(address);
  const phoneCode = usePhoneCodeOf(address);
  return (
    <address className="space-y-0.5 text-sm not-italic text-slate-700">
      <p dir="auto" className="font-medium text-slate-900">{address.name}</p>
      <p>
        <span className="sr-only">{t('Phone')}: </span>
        <span dir="ltr">{phoneWithCode(address.phone, phoneCode)}</span>
      </p>
      <p dir="auto">{street}</p>
      <p dir="auto">{place}</p>
      {country && <p>{country}</p>}
    </address>
  );
}
