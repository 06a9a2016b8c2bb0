import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { AuthUser } from '../session/session-store.ts';
import { UserBadge } from './user-badge.tsx';

interface SidebarLink {
  to: string;
  label: string;
  /** Pages below this link that also mark it active (an order's details, an address form). */
  alsoActiveUnder?: string;
}

function useSidebarLinks(): SidebarLink[] {
  const { t } = useTranslation();
  return [
    { to: '/dashboard', label: t('Dashboard') },
    { to: '/order-history', label: t('Order History'), alsoActiveUnder: '/order-history/' },
    { to: '/wishlist', label: t('Wishlist') },
    { to: '/profile', label: t('My Profile') },
    { to: '/manage-address', label: t('Manage Address'), alsoActiveUnder: '/manage-address/' },
    { to: '/support-tickets', label: t('Support Ticket'), alsoActiveUnder: '/support-ticket/' },
    { to: '/terms-and-conditions', label: t('Terms & Conditions') },
    { to: '/privacy-policy', label: t('Privacy Policy') },
  ];
}

const isActive = (link: SidebarLink, pathname: string) =>
  pathname === link.to || (link.alsoActiveUnder !== undefined && pathname.startsWith(link.alsoActiveUnder));

/** The account area's sidebar: who is signed in and the account pages. */
export function AccountSidebar({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const links = useSidebarLinks();
  return (
    <aside className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
      <UserBadge user={user} size={64} className="flex items-center gap-3 border-b border-slate-200 pb-4 lg:flex-col lg:text-center" />
      <nav aria-label={t('My Account')} className="pt-3">
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {links.map((link) => {
            const active = isActive(link, path);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 ${
                    active ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
