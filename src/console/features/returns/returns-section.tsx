import { Route, Routes } from 'react-router';
import { ReturnDetailPage } from './return-detail-page.tsx';
import { ReturnsPage } from './returns-page.tsx';

/** `/console/returns/*`: the list and a return's page; its steps need `orders.write`. */
export function ReturnsSection() {
  return (
    <Routes>
      <Route index element={<ReturnsPage />} />
      <Route path=":id" element={<ReturnDetailPage />} />
    </Routes>
  );
}
