import type { StoreSettings } from '../settings/store-settings.ts';

/** The store's phone length rule (settings phone_min_length..phone_max_length); answers the field message when broken. */
export function phoneLengthError(phone: string, settings: Pick<StoreSettings, 'phone_min_length' | 'phone_max_length'>, field = 'phone') {
  const { phone_min_length: min, phone_max_length: max } = settings;
  return phone.length < min || phone.length > max ? `The ${field} must be between ${min} and ${max} digits.` : undefined;
}
