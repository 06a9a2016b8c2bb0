import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { consoleMeQuery, signOut } from '../access/console-me.ts';
import { roleName } from '../access/role-name.ts';
import { directionOf, useConsoleLanguage } from '../language/console-language.ts';
import { LanguageMenu } from '../language/language-menu.tsx';
import { LeaveShopDialog } from '../staff/leave-shop-dialog.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import type { ConsolePage } from '../navigation/console-navigation.ts';
import { menuContentClass, menuItemClass, menuTriggerClass } from './menu-styles.ts';
import { SidebarDrawer } from './sidebar.tsx';

/** On a narrow screen the pages' menu; the palette's button (with its shortcut), the notifications, the language and the signed-in person's menu. */
export function TopBar({ me, pages, onOpenPalette }: { me: ConsoleMe; pages: readonly ConsolePage[]; onOpenPalette(): void }) {
  const { t } = useTranslation();
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 sm:px-4">
      <SidebarDrawer pages={pages} />
      <button
        type="button"
        onClick={onOpenPalette}
        aria-keyshortcuts="Meta+K Control+K"
        className="flex h-9 min-w-0 flex-1 items-center justify-between gap-4 rounded-md border border-slate-300 px-3 text-start text-sm text-slate-600 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-primary-700 sm:max-w-sm"
      >
        <span className="truncate">{t('Go to a page…')}</span>
        <kbd dir="ltr" className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 sm:inline">
          ⌘K
        </kbd>
      </button>
      <div className="ms-auto flex shrink-0 items-center gap-1">
        <NotificationBell triggerClass={menuTriggerClass} contentClass={menuContentClass} itemClass={menuItemClass} />
        <LanguageMenu triggerClass={menuTriggerClass} contentClass={menuContentClass} itemClass={menuItemClass} />
        <UserMenu me={me} />
      </div>
    </header>
  );
}

function UserMenu({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locale = useConsoleLanguage((state) => state.locale);
  const [leaving, setLeaving] = useState(false);
  // A shop's staff member may leave it (decision 049); a shop's owner cannot.
  const leavable = me.role === 'shop_staff' && me.shop;

  const endSession = async () => {
    await signOut();
    await queryClient.resetQueries({ queryKey: consoleMeQuery.queryKey });
  };

  return (
    <DropdownMenu.Root dir={directionOf(locale)}>
      <DropdownMenu.Trigger className={menuTriggerClass}>
        <span dir="auto" className="max-w-24 truncate sm:max-w-48">{me.user.name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">
            {me.user.email && <span dir="ltr" className="block">{me.user.email}</span>}
            {roleName(me.role)}
            {me.shop && (
              <>
                {' · '}
                <bdi>{me.shop.name}</bdi>
              </>
            )}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <a href="/">{t('Back to the store')}</a>
          </DropdownMenu.Item>
          {leavable && (
            <DropdownMenu.Item onSelect={() => setLeaving(true)} className={menuItemClass}>
              {t('Leave this shop')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item onSelect={() => void endSession()} className={menuItemClass}>
            {t('Sign out')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      {leavable && <LeaveShopDialog shopName={leavable.name} open={leaving} onOpenChange={setLeaving} />}
    </DropdownMenu.Root>
  );
}
