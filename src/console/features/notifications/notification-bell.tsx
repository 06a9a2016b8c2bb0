import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsoleNotification } from '../../../shared/notifications.contract.ts';
import { showToast } from '../../ui/toast.tsx';
import { directionOf, useConsoleLanguage } from '../language/console-language.ts';
import { useLiveNotifications } from './live-notifications.ts';
import { markAllNotificationsRead, markNotificationRead, notificationsQuery } from './notification-queries.ts';
import { notificationPath, notificationText, relativeTime } from './notification-text.ts';

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The top bar's notification centre: the bell with the unread count, and a panel of the newest
 * notifications, kept up to date live. Choosing one marks it read and opens its record's page.
 */
export function NotificationBell({ triggerClass, contentClass, itemClass }: { triggerClass: string; contentClass: string; itemClass: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locale = useConsoleLanguage((state) => state.locale);
  const list = useInfiniteQuery(notificationsQuery);
  useLiveNotifications();
  const unread = list.data?.pages[0]?.unread_count ?? 0;
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const failed = (error: unknown) => showToast(error instanceof Error ? error.message : t('Something went wrong. Please try again.'), 'error');
  const showOlder = (event: Event) => {
    // The panel stays open while the older ones load below the newest.
    event.preventDefault();
    if (list.isFetchingNextPage) return;
    void list.fetchNextPage().then((result) => result.isFetchNextPageError && failed(result.error));
  };
  const open = (notification: ConsoleNotification) => {
    void navigate(notificationPath(notification));
    if (!notification.read_at) markNotificationRead(queryClient, notification.id).catch(failed);
  };
  const markAll = () => void markAllNotificationsRead(queryClient).catch(failed);

  return (
    <DropdownMenu.Root dir={directionOf(locale)}>
      <DropdownMenu.Trigger className={`relative ${triggerClass}`} aria-label={t('Notifications, {{unread}} unread', { unread: formatNumber(unread) })}>
        <BellIcon />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-0.5 end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
            {unread > 99 ? `${formatNumber(99)}+` : formatNumber(unread)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${contentClass} w-80 max-w-[calc(100vw-1rem)]`}>
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">{t('Notifications')}</DropdownMenu.Label>
            {unread > 0 && (
              <DropdownMenu.Item onSelect={markAll} className="cursor-pointer rounded px-2 py-1 text-xs font-medium text-primary-700 outline-none data-[highlighted]:bg-primary-50">
                {t('Mark all as read')}
              </DropdownMenu.Item>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {notifications.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">{t('No notifications yet.')}</p>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {notifications.map((notification) => (
                <DropdownMenu.Item
                  key={notification.id}
                  onSelect={() => open(notification)}
                  className={`${itemClass} flex-col items-start gap-0.5 ${notification.read_at ? '' : 'bg-primary-50/60 font-semibold'}`}
                >
                  <span className="flex w-full items-start gap-2">
                    {!notification.read_at && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary-700" />}
                    <span>{notificationText(notification)}</span>
                  </span>
                  <span className="text-xs font-normal text-slate-500">
                    <time dateTime={notification.created_at}>{relativeTime(notification.created_at)}</time>
                    {!notification.read_at && <span className="sr-only"> · {t('Unread')}</span>}
                  </span>
                </DropdownMenu.Item>
              ))}
              {list.hasNextPage && (
                <DropdownMenu.Item onSelect={showOlder} aria-disabled={list.isFetchingNextPage} className={`${itemClass} justify-center text-sm font-medium text-primary-700`}>
                  {t('Show older notifications')}
                </DropdownMenu.Item>
              )}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
