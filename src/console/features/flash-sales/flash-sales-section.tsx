import { Route, Routes } from 'react-router';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { FlashSaleEditorPage } from './flash-sale-editor-page.tsx';
import { FlashSalesPage } from './flash-sales-page.tsx';
import { SellerFlashSalePage, SellerFlashSalesPage } from './seller-flash-sales.tsx';

/** `/console/flash-sales/*`: the store's staff run the sales; a shop's people enrol their products in them. */
export function FlashSalesSection({ me }: { me: ConsoleMe }) {
  if (me.scope === 'shop') {
    return (
      <Routes>
        <Route index element={<SellerFlashSalesPage me={me} />} />
        <Route path=":id" element={<SellerFlashSalePage me={me} />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<FlashSalesPage me={me} />} />
      <Route path=":id" element={<FlashSaleEditorPage me={me} />} />
    </Routes>
  );
}
