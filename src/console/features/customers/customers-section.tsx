import { Route, Routes } from 'react-router';
import { CustomerDetailPage } from './customer-detail-page.tsx';
import { CustomersPage } from './customers-page.tsx';

/** `/console/customers/*`: the list and a customer's page; blocking and reset codes need `customers.write`. */
export function CustomersSection() {
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path=":id" element={<CustomerDetailPage />} />
    </Routes>
  );
}
