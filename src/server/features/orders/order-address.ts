import type { addresses, countries } from '../../db/schema.ts';
import type { OrderAddress } from '../../../shared/orders.contract.ts';

/** The delivery address as the order keeps it: a copy, so later edits of the address book never change a placed order. */
export function orderAddressSnapshot(address: typeof addresses.$inferSelect, country: typeof countries.$inferSelect | null): OrderAddress {
  return {
    name: address.name,
    phone: address.phone,
    area: address.area,
    flat_no: address.flatNo,
    address_type: address.addressType,
    address_line: address.addressLine,
    address_line2: address.addressLine2,
    post_code: address.postCode,
    city: address.city,
    state: address.state,
    country: country?.name ?? '',
    country_code: country?.code ?? '',
  };
}

/** Orders placed before the city, state and country were kept have none of them: they read as empty. */
export function storedOrderAddress(address: Partial<OrderAddress> & Omit<OrderAddress, 'city' | 'state' | 'country' | 'country_code'>): OrderAddress {
  return { city: '', state: '', country: '', country_code: '', ...address };
}

/** One line for a label or a mail: street, then city, state and post code, then the country. */
export function orderAddressText(address: OrderAddress): string {
  const place = [address.city, address.state, address.post_code].filter(Boolean).join(' ');
  return [address.flat_no, address.address_line, address.address_line2, address.area, place, address.country].filter(Boolean).join(', ');
}
