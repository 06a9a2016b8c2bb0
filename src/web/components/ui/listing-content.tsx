import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';

interface ListingContentProps<Item> {
  /** The page of items; undefined until the first answer. */
  items: Item[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** An older page shows while the next one loads. */
  isRefreshing: boolean;
  /** The grid of items, or its skeleton when given undefined. */
  renderItems(items: Item[] | undefined): ReactNode;
  failedMessage: string;
  onRetry(): void;
  emptyMessage: string;
  /** What the shopper can do about an empty page (clear the filters). */
  emptyAction?: { label: string; onClick(): void };
  /** Given when the list has items but this page is past its end (an old link): says so and leads to the first page. */
  pastEnd?: { message: string; firstPage: To };
}

/** The four states of a paginated listing: items (dimmed while the next page loads), failure, loading, empty. */
export function ListingContent<Item>({
  items,
  isPending,
  isError,
  isRefreshing,
  renderItems,
  failedMessage,
  onRetry,
  emptyMessage,
  emptyAction,
  pastEnd,
}: ListingContentProps<Item>) {
  const { t } = useTranslation();
  if (items && items.length > 0) {
    return (
      <div aria-busy={isRefreshing} className={`transition-opacity ${isRefreshing ? 'opacity-60' : ''}`}>
        {renderItems(items)}
      </div>
    );
  }
  if (isError && !items) {
    return (
      <EmptyState
        message={failedMessage}
        action={
          <button type="button" onClick={onRetry} className={primaryButtonClass}>
            {t('Try again')}
          </button>
        }
      />
    );
  }
  if (isPending) return renderItems(undefined);
  if (pastEnd) {
    return (
      <EmptyState
        message={pastEnd.message}
        action={
          <Link to={pastEnd.firstPage} className={primaryButtonClass}>
            {t('Go to the first page')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      message={emptyMessage}
      action={
        emptyAction && (
          <button type="button" onClick={emptyAction.onClick} className={primaryButtonClass}>
            {emptyAction.label}
          </button>
        )
      }
    />
  );
}
