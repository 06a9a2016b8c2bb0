import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { BannerStatus, ConsoleBanner } from '../../../shared/home-content.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ListSearch } from '../../ui/list-search.tsx';
import { MoveButtons, moved } from '../../ui/move-buttons.tsx';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { showToast } from '../../ui/toast.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { bannerFiltersFrom, bannerQueries, useReorderBanners } from './home-content-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleBanner>();
const noRows: ConsoleBanner[] = [];
const PANEL_ID = 'banner-status-panel';

export function useBannerStatusLabels(): Record<BannerStatus, string> {
  const { t } = useTranslation();
  return useMemo(() => ({ active: t('Shown'), scheduled: t('Scheduled'), ended: t('Ended'), inactive: t('Switched off') }), [t]);
}

/** `/console/content/banners`: the home page's banners in its order, by status and title; moved up or down in the whole list. */
export function BannersPage() {
  const { t } = useTranslation();
  const { filters, filtered, setFilters } = useUrlList(bannerFiltersFrom);
  const list = useQuery(bannerQueries.list(filters));
  const banners = list.data ?? noRows;
  const reorder = useReorderBanners();
  const statusLabels = useBannerStatusLabels();
  const tabs: Array<{ value: BannerStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as BannerStatus, label }))];

  const columns = useMemo(() => {
    const move = async (index: number, by: -1 | 1) => showToast(t((await reorder.mutateAsync(moved(banners.map((banner) => banner.id), index, by))).message));
    return column.columns([
      column.accessor('image', {
        header: () => t('Picture'),
        cell: (info) => <img src={info.getValue()} alt={info.row.original.image_alt} width={96} height={32} className="aspect-[3/1] w-24 rounded bg-slate-100 object-cover" />,
      }),
      column.accessor('title', {
        header: () => t('Title'),
        cell: (info) => (
          <Link to={`/content/banners/${info.row.original.id}`} className="font-medium text-primary-800 hover:underline">
            <bdi>{info.getValue()}</bdi>
          </Link>
        ),
      }),
      column.accessor('link', { header: () => t('Link'), cell: (info) => <span dir="ltr">{info.getValue()}</span> }),
      column.accessor('status', { header: () => t('Status'), cell: (info) => statusLabels[info.getValue()] }),
      column.display({
        id: 'window',
        header: () => t('Shown from – until'),
        cell: (info) => {
          const { starts_at, ends_at } = info.row.original;
          const moment = (iso: string | null) => (iso ? formatTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : t('Open'));
          return `${moment(starts_at)} – ${moment(ends_at)}`;
        },
      }),
      column.accessor('missing_translations', {
        header: () => t('Translations'),
        cell: (info) => <MissingTranslations missing={info.getValue()} />,
      }),
      // Moving needs the whole list: a filtered one would hide the neighbours a banner moves past.
      ...(filtered
        ? []
        : [
            column.display({
              id: 'order',
              header: () => t('Order'),
              cell: (info) => <MoveButtons name={info.row.original.title} index={info.row.index} count={banners.length} disabled={reorder.isPending} onMove={(by) => void move(info.row.index, by)} />,
            }),
          ]),
    ]);
  }, [t, banners, reorder, statusLabels, filtered]);
  const table = useTable({ features, columns, data: banners, getRowId: (banner) => String(banner.id) });
  const selected = filters.status ?? 'all';

  return (
    <PageFrame title={t('Banners')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search by title')} />
        <Link to="/content/banners/new" className={primaryButtonClass}>
          {t('New banner')}
        </Link>
      </div>
      <StatusTabs label={t('Banner status')} tabs={tabs} selected={selected} onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${selected}`} className="flex flex-col gap-4">
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            table={table}
            caption={t('Banners')}
            loading={list.isPending}
            loadingMessage={t('Loading banners…')}
            empty={<EmptyState message={filtered ? t('No banners match these filters.') : t('No banners yet.')} />}
          />
        )}
      </div>
    </PageFrame>
  );
}
