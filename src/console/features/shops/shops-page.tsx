import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../client/lib/api-client.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import { shopStatuses, type ShopStatus } from '../../../shared/console.contract.ts';
import type { ShopApplication } from '../../../shared/shops.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { RequirePermission } from '../access/can.tsx';
import { EntityHistory } from '../audit/entity-history.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { actionsFor, actionTexts, ShopDecisionDialog, type ShopAction } from './shop-decision-dialog.tsx';
import { shopStatusName } from './shop-status-name.ts';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { LoadMore } from '../../ui/load-more.tsx';

/** The shops in one status, oldest application first, a page at a time. */
const shopApplicationsQuery = (status: ShopStatus) =>
  infiniteQueryOptions({
    queryKey: ['console', 'shop-applications', status],
    queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/shop-applications', { query: { status, ...(pageParam && { cursor: pageParam }) }, signal })).data,
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

const isStatus = (value: string | null): value is ShopStatus => (shopStatuses as readonly (string | null)[]).includes(value);

/** `/console/shops`: the store's review of shops, by status, with approve / reject / suspend / reinstate. */
export function ShopsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status: ShopStatus = isStatus(raw) ? raw : 'pending';
  const shops = useInfiniteQuery(shopApplicationsQuery(status));
  const [deciding, setDeciding] = useState<{ shop: ShopApplication; action: ShopAction } | null>(null);
  const list = shops.data?.pages.flatMap((page) => page.shops) ?? [];

  return (
    <PageFrame title={t('Shops approval')}>
      <StatusTabs
        label={t('Shop status')}
        tabs={shopStatuses.map((value) => ({ value, label: shopStatusName(value) }))}
        selected={status}
        onSelect={(value) => setSearch({ status: value })}
        panelId="shops-panel"
      />
      <div id="shops-panel" role="tabpanel" aria-labelledby={`tab-${status}`} className="flex flex-col gap-4">
        {shops.isPending ? (
          <p className="text-slate-600">{t('Loading…')}</p>
        ) : shops.isError ? (
          <LoadFailed onRetry={() => void shops.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState message={t('No shops here.')} />
        ) : (
          <ul className="flex flex-col gap-4">
            {list.map((shop) => (
              <ShopCard key={shop.id} shop={shop} onDecide={(action) => setDeciding({ shop, action })} />
            ))}
          </ul>
        )}
        <LoadMore pages={shops} />
      </div>
      {deciding && <ShopDecisionDialog shop={deciding.shop} action={deciding.action} onClose={() => setDeciding(null)} />}
    </PageFrame>
  );
}

function ShopCard({ shop, onDecide }: { shop: ShopApplication; onDecide(action: ShopAction): void }) {
  const { t } = useTranslation();
  const [historyOpen, setHistoryOpen] = useState(false);
  const headingId = `shop-${shop.id}-name`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {shop.name}
          </h2>
          <p className="text-sm text-slate-600">
            {shopStatusName(shop.status)} · {t('Applied on {{date}}', { date: formatTime(shop.created_at, { dateStyle: 'medium' }) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actionsFor[shop.status].map((action) => (
            <button key={action} type="button" className={secondaryButtonClass} onClick={() => onDecide(action)}>
              {actionTexts(action, shop.name, t).button}
            </button>
          ))}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t('Owner')}</dt>
        <dd className="text-slate-800">{shop.owner ? <bdi>{`${shop.owner.name}${shop.owner.email ? ` <${shop.owner.email}>` : ''}`}</bdi> : '—'}</dd>
        <dt className="font-medium text-slate-700">{t('Shop Email')}</dt>
        <dd className="text-slate-800"><bdi>{shop.email}</bdi></dd>
        <dt className="font-medium text-slate-700">{t('Phone')}</dt>
        <dd className="text-slate-800"><bdi>{shop.phone}</bdi></dd>
        <dt className="font-medium text-slate-700">{t('Address')}</dt>
        <dd className="text-slate-800">{shop.address}</dd>
        <dt className="font-medium text-slate-700">{t('Delivery Charge')}</dt>
        <dd className="text-slate-800">{formatNumber(shop.delivery_charge, 2)}</dd>
        {shop.description && (
          <>
            <dt className="font-medium text-slate-700">{t('Description')}</dt>
            <dd className="whitespace-pre-line text-slate-800">{shop.description}</dd>
          </>
        )}
        {shop.status_reason && (
          <>
            <dt className="font-medium text-slate-700">{t('Reason')}</dt>
            <dd className="text-slate-800">{shop.status_reason}</dd>
          </>
        )}
      </dl>
      <RequirePermission permission="audit.read">
        <div className="flex flex-col gap-2">
          <button type="button" aria-expanded={historyOpen} className={`${textButtonClass} self-start`} onClick={() => setHistoryOpen((open) => !open)}>
            {t('History')}
          </button>
          {historyOpen && <EntityHistory entityType="shop" entityId={shop.id} />}
        </div>
      </RequirePermission>
    </li>
  );
}
