import { Route, Routes, useParams } from 'react-router';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { EarningsOverviewPage } from './earnings-overview-page.tsx';
import { ShopLedgerPage } from './shop-ledger.tsx';

function StoreShopLedgerPage({ timeZone }: { timeZone: string }) {
  const { shopId } = useParams();
  return <ShopLedgerPage key={shopId} shopId={Number(shopId)} timeZone={timeZone} />;
}

/** `/console/earnings/*`: a seller's people see their shop's ledger; the store's staff see every shop's figures, and a shop's ledger. */
export function EarningsSection({ me }: { me: ConsoleMe }) {
  if (me.scope === 'shop') {
    return (
      <Routes>
        <Route index element={<ShopLedgerPage timeZone={me.time_zone} />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<EarningsOverviewPage />} />
      <Route path=":shopId" element={<StoreShopLedgerPage timeZone={me.time_zone} />} />
    </Routes>
  );
}
