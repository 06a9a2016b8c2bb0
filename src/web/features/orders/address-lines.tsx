import { useTranslation } from '../../lib/i18n.ts';
import type { OrderAddress } from '../../../shared/orders.contract.ts';

/** A delivery address as a label would print it: name, phone, street, area and post code. */
export function AddressLines({ address }: { address: OrderAddress }) {
  const { t } = useTranslation();
  const street = [address.flat_no, address.address_line, address.address_line2].filter(Boolean).join(', ');
  const area = [address.area, address.post_code].filter(Boolean).join(' ');
  return (
    <address className="space-y-0.5 text-sm not-italic text-slate-700">
      <p className="font-medium text-slate-900">{address.name}</p>
      <p>
        <span className="sr-only">{t('Phone')}: </span>
        <span dir="ltr">{address.phone}</span>
      </p>
      <p>{street}</p>
      <p>{area}</p>
    </address>
  );
}
