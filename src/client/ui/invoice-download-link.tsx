import { useTranslation } from '../lib/i18n.ts';
import { endpointUrl } from '../../shared/endpoint-url.ts';
import { secondaryButtonClass } from './button-styles.ts';

/**
 * Downloads an order's PDF invoice: the shopper's (`GET /orders/:id/invoice`) or the console's
 * (`GET /console/orders/:id/invoice`). A plain link: the session cookie goes with it.
 */
export function InvoiceDownloadLink({ endpoint, orderId }: { endpoint: 'GET /orders/:id/invoice' | 'GET /console/orders/:id/invoice'; orderId: number }) {
  const { t } = useTranslation();
  return (
    <a href={endpointUrl(endpoint, { id: orderId }).url} download className={secondaryButtonClass}>
      {t('Download invoice')}
    </a>
  );
}
