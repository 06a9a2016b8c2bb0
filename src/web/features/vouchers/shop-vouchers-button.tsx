import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { isSignedIn, useAuth } from '../session/session-store.ts';

const VouchersDialog = lazy(() => import('./vouchers-dialog.tsx').then((module) => ({ default: module.VouchersDialog })));

interface ShopVouchersButtonProps {
  shopId: number;
  shopName: string;
  className: string;
}

/** Opens the shop's vouchers (loaded on first use); vouchers belong to an account, so a visitor is asked to log in. */
export function ShopVouchersButton({ shopId, shopName, className }: ShopVouchersButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    if (!isSignedIn()) {
      useAuth.getState().openDialog('login');
      return;
    }
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      {/* The shop's name is heard after the visible word, never instead of it: speech users say what they see (WCAG 2.5.3). */}
      <button type="button" onClick={show} aria-haspopup="dialog" className={className}>
        {t('Vouchers')}
        <span className="sr-only">
          {' '}
          <bdi>{shopName}</bdi>
        </span>
      </button>
      {loaded && (
        <Suspense>
          <VouchersDialog shopId={shopId} shopName={shopName} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
