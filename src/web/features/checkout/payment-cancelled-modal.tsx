import { useId } from 'react';
import { Link } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';

/**
 * The ways on after an order was placed or its payment given up: Order History, or more shopping. A
 * guest has no order history: the link to their order (`guestOrderUrl`, one order) stands in for it.
 */
export function AfterOrderLinks({ guest = false, guestOrderUrl }: { guest?: boolean; guestOrderUrl?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-wrap justify-center gap-3">
      {!guest ? (
        <Link to="/order-history" data-autofocus className={primaryButtonClass}>
          {t('Order History')}
        </Link>
      ) : (
        guestOrderUrl && (
          <Link to={guestOrderUrl} data-autofocus className={primaryButtonClass}>
            {t('View your order')}
          </Link>
        )
      )}
      <Link to="/products" className={secondaryButtonClass}>
        {t('Continue Shopping')}
      </Link>
    </div>
  );
}

/** Back from a cancelled online payment: nothing was charged and the order is cancelled. */
export function PaymentCancelledModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('Payment cancelled')} describedBy={textId}>
      <div className="space-y-5 p-6 text-center">
        <p id={textId} className="text-slate-700">
          {t('You cancelled the payment, so nothing was charged and the order was cancelled.')}
        </p>
        <AfterOrderLinks />
      </div>
    </ModalDialog>
  );
}
