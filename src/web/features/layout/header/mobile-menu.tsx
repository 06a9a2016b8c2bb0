import { useState, type MouseEvent } from 'react';
import { MenuIcon } from '../../../components/ui/icons.tsx';
import { DeferredModalDialog } from '../../../components/ui/deferred-modal-dialog.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { UserBadge } from '../../account/user-badge.tsx';
import { useAuth } from '../../session/session-store.ts';
import { AccountLinks, LoginButton } from './account-menu.tsx';
import { CartButton, menuRowClass, WishlistLink } from './header-actions.tsx';
import { NavItemLink, useNavItems } from './nav-links.tsx';

/** Below the desktop width: a hamburger that slides the menu in from the start side. */
export function MobileMenu({ buttonClassName, onLogout }: { buttonClassName: string; onLogout: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useAuth((state) => state.user);
  const items = useNavItems(['becomeSeller', 'products', 'mostPopular', 'bestDeal', 'blogs', 'shops', 'contact']);
  const close = () => setOpen(false);
  // Any link chosen in the menu leaves it.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) close();
  };

  return (
    <>
      <button type="button" aria-label={t('Open menu')} onClick={() => setOpen(true)} className={buttonClassName}>
        <MenuIcon className="size-6" />
      </button>
      <DeferredModalDialog open={open} onClose={close} title={t('Menu')} placement="start">
        <div className="space-y-4 p-3" onClick={closeOnLink}>
          {user ? (
            <div className="rounded-xl bg-slate-50 p-2">
              <UserBadge user={user} size={40} className="flex items-center gap-3 px-2 py-2" />
              <AccountLinks
                className={menuRowClass}
                onLogout={() => {
                  close();
                  onLogout();
                }}
              />
            </div>
          ) : (
            <LoginButton
              onChoose={close}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 py-2.5 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            />
          )}
          <div>
            <WishlistLink variant="row" onChoose={close} />
            <CartButton variant="row" onChoose={close} />
          </div>
          <nav aria-label={t('Menu')} className="border-t border-slate-200 pt-3">
            <ul>
              {items.map((item) => (
                <li key={item.label}>
                  <NavItemLink
                    item={item}
                    className={(active) => `${menuRowClass} ${active ? 'bg-primary-50 text-primary-800' : ''}`}
                  />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </DeferredModalDialog>
    </>
  );
}
