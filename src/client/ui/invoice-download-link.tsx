import { useTranslation } from '../lib/i18n.ts';
import { endpointUrl } from '../../shared/endpoint-url.ts';
import { secondaryButtonClass } from './button-styles.ts';

type InvoiceOf =
  | { endpoint: 'GET /orders/:id/invoice' | 'GET /console/orders/:id/invoice'; params: { id: number } }
  | { endpoint: 'GET /guest-orders/:key/invoice'; params: { key: string } };

/**
 * Downloads an order's PDF invoice: the shopper's (`GET /orders/:id/invoice`, the session cookie
 * goes with the plain link), a guest's by their order link's key, or the console's.
 */
export function InvoiceDownloadLink({ endpoint, params }: InvoiceOf) {
  const { t } = useTranslation();
  return (
    <a href={endpointUrl(endpoint, params).url} download className={secondaryButtonClass}>
      {t('Download invoice')}
    </a>
  );
}
