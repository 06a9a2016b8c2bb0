import { Route, Routes } from 'react-router';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { ProductEditorPage } from './product-editor-page.tsx';
import { ProductsPage } from './products-page.tsx';

/** `/console/products/*`: the list, a new product and a product's editor. The store's staff also see and choose shops. */
export function ProductsSection({ me }: { me: ConsoleMe }) {
  const storeWide = me.scope === 'store';
  const canWrite = me.permissions.includes('catalogue.write');
  return (
    <Routes>
      <Route index element={<ProductsPage storeWide={storeWide} canWrite={canWrite} />} />
      <Route path="new" element={<ProductEditorPage storeWide={storeWide} canWrite={canWrite} />} />
      <Route path=":id" element={<ProductEditorPage storeWide={storeWide} canWrite={canWrite} />} />
    </Routes>
  );
}
