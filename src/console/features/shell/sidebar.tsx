import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsolePage } from '../navigation/console-navigation.ts';
import { menuTriggerClass } from './menu-styles.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-700 ${
    isActive ? 'bg-primary-50 text-primary-900' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** The pages this person may open, in the console's order; `onNavigate` runs when one is chosen. */
function PageLinks({ pages, onNavigate }: { pages: readonly ConsolePage[]; onNavigate?(): void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Console pages')} className="px-3 pb-4">
      <ul className="flex flex-col gap-1">
        {pages.map((page) => (
          <li key={page.id}>
            <NavLink to={page.path} end={page.path === '/'} className={linkClass} onClick={onNavigate}>
              {t(page.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** From the `md` width up, the pages stand in a column at the start side; below it they wait in `SidebarDrawer`. */
export function Sidebar({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation();
  return (
    <aside className="hidden border-e border-slate-200 bg-white md:block">
      <p className="px-6 py-4 text-lg font-semibold text-slate-900">{t('Console')}</p>
      <PageLinks pages={pages} />
    </aside>
  );
}

/**
 * On a narrow screen (a phone, where sellers answer orders) the pages open from a menu button as a
 * drawer at the start side: focus stays in it, Escape or choosing a page closes it, focus goes back
 * to the button.
 */
export function SidebarDrawer({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Widened past `md` (a tablet turned), the column shows the pages: a drawer left open would only trap the focus.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 48rem)');
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${menuTriggerClass} md:hidden`}>
        <span aria-hidden="true" className="text-lg leading-none">
          ☰
        </span>
        {t('Menu')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-2xl focus:outline-none md:hidden">
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <Dialog.Title className="px-3 py-2 text-lg font-semibold text-slate-900">{t('Console')}</Dialog.Title>
            <Dialog.Close className={menuTriggerClass}>{t('Close menu')}</Dialog.Close>
          </div>
          <PageLinks pages={pages} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
