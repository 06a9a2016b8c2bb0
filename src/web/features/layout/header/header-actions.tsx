import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { BagIcon, HeartIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useAuth } from '../../session/session-store.ts';
import { useCart } from '../../cart/cart-store.ts';
import { useSettings } from '../../settings/settings-store.ts';

/** `icon`: the main bar's icon with a count badge; `row`: a labelled row in the mobile menu. */
export type ActionVariant = 'icon' | 'row';

export const headerIconButton =
  'relative flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700';

/** A full-width row in the mobile menu. */
export const menuRowClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-start font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-700';

function ActionContent({ icon, label, count, variant }: { icon: ReactNode; label: string; count: number; variant: ActionVariant }) {
  if (variant === 'row') {
    return (
      <>
        {icon}
        <span className="flex-1">{label}</span>
        <span className="min-w-6 rounded-full bg-primary-50 px-2 py-0.5 text-center text-xs font-semibold text-primary-800">{count}</span>
      </>
    );
  }
  return (
    <>
      {icon}
      <span className="sr-only">{label}</span>
      <span className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-700 px-1 text-[11px] leading-none font-semibold text-white">
        {count}
      </span>
    </>
  );
}

/** The wishlist needs a signed-in shopper; anyone else gets the login dialog instead. */
export function WishlistLink({ variant, onChoose }: { variant: ActionVariant; onChoose?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  const count = useAuth((state) => state.favoriteProducts);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onChoose?.();
    if (signedIn) return;
    event.preventDefault();
    useAuth.getState().openDialog('login');
  };
  return (
    <Link to="/wishlist" onClick={onClick} className={variant === 'icon' ? headerIconButton : menuRowClass}>
      <ActionContent icon={<HeartIcon className="size-6" />} label={t('Wishlist')} count={count} variant={variant} />
    </Link>
  );
}

export function CartButton({ variant, onChoose }: { variant: ActionVariant; onChoose?: () => void }) {
  const { t } = useTranslation();
  const count = useCart((state) => state.total);
  const onClick = () => {
    onChoose?.();
    useSettings.getState().setBasketCanvas(true);
  };
  return (
    <button type="button" onClick={onClick} className={variant === 'icon' ? headerIconButton : menuRowClass}>
      <ActionContent icon={<BagIcon className="size-6" />} label={t('My Cart')} count={count} variant={variant} />
    </button>
  );
}
