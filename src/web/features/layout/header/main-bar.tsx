import { useSettings } from '../../settings/settings-store.ts';
import { AccountMenu } from './account-menu.tsx';
import { CartButton, headerIconButton, WishlistLink } from './header-actions.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { MobileSearch, SearchForm } from './search-form.tsx';
import { StoreLogo } from './store-logo.tsx';

export function MainBar({ onLogout }: { onLogout: () => void }) {
  const logo = useSettings((state) => state.logo);
  return (
    <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-4">
      <div className="-ms-2 lg:hidden">
        <MobileMenu buttonClassName={headerIconButton} onLogout={onLogout} />
      </div>
      <StoreLogo src={logo} />
      <div className="hidden flex-1 md:block lg:px-8">
        <SearchForm />
      </div>
      <div className="ms-auto flex items-center gap-1 sm:gap-2 md:ms-0">
        <div className="md:hidden">
          <MobileSearch buttonClassName={headerIconButton} />
        </div>
        <div className="hidden sm:block">
          <WishlistLink variant="icon" />
        </div>
        <CartButton variant="icon" />
        <div className="hidden sm:block">
          <AccountMenu onLogout={onLogout} />
        </div>
      </div>
    </div>
  );
}
