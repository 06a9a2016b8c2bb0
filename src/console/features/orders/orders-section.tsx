import { Route, Routes } from 'react-router';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OrdersPage } from './orders-page.tsx';

/** `/console/orders/*`: the list and an order's page. The store's staff also see and choose shops; moving an order needs `orders.write`. */
export function OrdersSection({ me }: { me: ConsoleMe }) {
  return (
    <Routes>
      <Route index element={<OrdersPage storeWide={me.scope === 'store'} />} />
      <Route path=":id" element={<OrderDetailPage />} />
    </Routes>
  );
}
