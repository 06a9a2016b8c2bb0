import { useId } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { AfterOrderLinks } from './payment-cancelled-modal.tsx';
import type { PlacedOrders } from '../../../shared/orders.contract.ts';

interface OrderConfirmModalProps {
  open: boolean;
  orders: PlacedOrders['orders'];
  onClose(): void;
}

/** docs/product/storefront.md §1 OrderConfirmModal: the order numbers, and the ways on — Order History or more shopping. */
export function OrderConfirmModal({ open, orders, onClose }: OrderConfirmModalProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('Order placed')} describedBy={textId}>
      <div className="flex flex-col items-center gap-4 p-6 text-center">
        <CheckIcon className="size-12 rounded-full bg-emerald-100 p-2.5 text-emerald-700" />
        <p id={textId} className="text-slate-700">
          {t('Thank you! Your order has been placed successfully.')}
        </p>
        <ul aria-label={t('Your orders')} className="space-y-1">
          {orders.map((order) => (
            <li key={order.id}>
              <Link to={order.guest_order_url ?? `/order-history/${order.id}`} className="font-semibold text-primary-800 underline-offset-2 hover:underline">
                {t('Order #{{number}}', { number: order.order_number })}
              </Link>
            </li>
          ))}
        </ul>
        {/* A guest's orders each have their link above; one order's is also the main way on. */}
        <AfterOrderLinks guest={orders.some((order) => order.guest_order_url)} guestOrderUrl={orders.length === 1 ? orders[0]?.guest_order_url : undefined} />
      </div>
    </ModalDialog>
  );
}
