import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { StockVariant } from '../../../shared/catalog-console.contract.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { enrolmentCreateSchema, type ConsoleFlashSale, type EnrolmentCreateInput } from '../../../shared/flash-sales-console.contract.ts';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { formatTime } from '../../ui/date.ts';
import { FieldError, FormField, numberOr, showServerErrors } from '../../ui/form.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { FlashSaleEnrolments } from './flash-sale-enrolments.tsx';
import { enrolableVariantsQuery, flashSaleQueries, useEnrolVariants } from './flash-sale-queries.ts';
import { noSales, saleColumn, saleColumns, saleFeatures, useFlashSaleStatusLabels } from './flash-sales-page.tsx';

const column = saleColumn;
/** A time on the store's clock, the zone named with it. */
const storeClock = (timeZone: string) => (iso: string) => formatTime(iso, { dateStyle: 'medium', timeStyle: 'long', timeZone });
const sellerFiltersFrom = (params: URLSearchParams) => ({ show: params.get('show') === 'all' ? ('all' as const) : undefined });

/** `/console/flash-sales` for a shop's people: the store's sales open for enrolment (or all of them), with their shop's offers in each. */
export function SellerFlashSalesPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const sellerTime = storeClock(me.time_zone);
  const navigate = useNavigate();
  const { filters, setFilters, page } = useUrlList(sellerFiltersFrom);
  const list = useQuery(flashSaleQueries.list({ enrolling: filters.show !== 'all' }, page.cursor));
  const statusLabels = useFlashSaleStatusLabels();
  const tabs = [
    { value: 'enrolling' as const, label: t('Open for enrolment') },
    { value: 'all' as const, label: t('All') },
  ];

  const columns = useMemo(
    () =>
      column.columns([
        ...saleColumns(t, statusLabels, sellerTime),
        column.accessor('enrolment_ends_at', { header: () => t('Enrolment ends at'), cell: (info) => sellerTime(info.getValue()) }),
        column.accessor((sale) => sale.enrolment_counts, {
          id: 'yours',
          header: () => t('Your enrolments'),
          cell: (info) => t('{{approved}} approved, {{pending}} pending', { approved: formatNumber(info.getValue().approved), pending: formatNumber(info.getValue().pending) }),
        }),
      ]),
    [t, statusLabels, sellerTime],
  );
  const table = useTable({ features: saleFeatures, columns, data: list.data?.flash_sales ?? noSales, getRowId: (sale) => String(sale.id) });

  return (
    <PageFrame title={t('Flash sales')}>
      <TabbedTable
        tabsLabel={t('Flash sales to show')}
        tabs={tabs}
        selected={filters.show ?? 'enrolling'}
        onSelect={(tab) => setFilters({ show: tab === 'all' ? 'all' : undefined })}
        list={list}
        page={page}
        table={table}
        caption={t('Flash sales')}
        loading={list.isPending}
        loadingMessage={t('Loading flash sales…')}
        empty={<EmptyState message={filters.show === 'all' ? t('No flash sales yet.') : t('No flash sale is open for enrolment now.')} />}
        onRowClick={(row) => void navigate(`/flash-sales/${row.original.id}`)}
      />
    </PageFrame>
  );
}

/** `/console/flash-sales/:id` for a shop's people: the sale, the form to offer variants while enrolment is open, and their offers. */
export function SellerFlashSalePage({ me }: { me: ConsoleMe }) {
  const sellerTime = storeClock(me.time_zone);
  const { t } = useTranslation();
  const { id } = useParams();
  const sale = useQuery(flashSaleQueries.sale(Number(id)));
  const statusLabels = useFlashSaleStatusLabels();
  if (!sale.data) {
    return <DetailPageState query={sale} texts={{ title: t('Flash sale'), notFound: t('Flash sale not found'), back: { to: '/flash-sales', label: t('Back to the flash sales') }, loading: t('Loading flash sales…') }} />;
  }
  const current = sale.data;
  return (
    <PageFrame title={current.name}>
      <div className="flex flex-col gap-6">
        <Link to="/flash-sales" className={`${textButtonClass} self-start`}>
          {t('Back to the flash sales')}
        </Link>
        <Section title={t('Flash sale')}>
          <Facts
            rows={[
              [t('Status'), statusLabels[current.status]],
              [t('Starts at'), sellerTime(current.starts_at)],
              [t('Ends at'), sellerTime(current.ends_at)],
              [t('Enrolment'), t('{{from}} to {{until}}', { from: sellerTime(current.enrolment_starts_at), until: sellerTime(current.enrolment_ends_at) })],
              [t('Approval'), current.auto_approve ? t('Enrolments are approved at once.') : t('The store approves each enrolment.')],
            ]}
          />
        </Section>
        {current.enrolment_open ? <EnrolForm sale={current} shopId={me.shop?.id} /> : <p className="text-sm text-slate-700">{t('Enrolment in this flash sale is closed.')}</p>}
        <FlashSaleEnrolments sale={current} decides={false} />
      </div>
    </PageFrame>
  );
}

/** A variant picked to offer, with its name kept for its row (the request names only its id). */
type EnrolFormValues = { variants: Array<EnrolmentCreateInput['variants'][number] & { label: string }> };

const stockVariantLabel = (variant: StockVariant) => [variant.product.name, [variant.color, variant.size].filter(Boolean).join(' / ')].filter(Boolean).join(' · ');

/** Pick variants of the shop's products, then a sale price or a percentage off and an optional cap for each. */
function EnrolForm({ sale, shopId }: { sale: ConsoleFlashSale; shopId: number | undefined }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const candidates = useQuery(enrolableVariantsQuery(search));
  const enrol = useEnrolVariants(sale.id);
  const form = useForm<EnrolFormValues>({ resolver: zodResolver(enrolmentCreateSchema) as unknown as Resolver<EnrolFormValues>, defaultValues: { variants: [] } });
  const rows = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const picked = new Set(rows.fields.map((row) => row.variant_id));
  const offered = (candidates.data?.variants ?? []).filter((variant) => variant.product.status === 'active' && (shopId === undefined || variant.shop.id === shopId));

  const submit = form.handleSubmit(async ({ variants }) => {
    try {
      const answer = await enrol.mutateAsync({ variants: variants.map(({ variant_id, sale_price, percentage, stock_cap }) => ({ variant_id, sale_price, percentage, stock_cap })) });
      showToast(t(answer.message));
      form.reset({ variants: [] });
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <Section title={t('Enrol products')}>
      <div className="flex flex-col gap-4">
        <ListSearch search={search || undefined} onSearch={(next) => setSearch(next ?? '')} label={t('Search your products')} />
        {search !== '' && (
          <ul aria-label={t('Variants found')} className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
            {offered.length === 0 && !candidates.isPending && <li className="p-3 text-sm text-slate-600">{t('No active product of your shop matches.')}</li>}
            {offered.map((variant) => (
              <li key={variant.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="text-sm">
                  <bdi>{stockVariantLabel(variant)}</bdi> <span dir="ltr" className="text-slate-600">{variant.sku}</span>
                </span>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={picked.has(variant.id)}
                  onClick={() => rows.append({ variant_id: variant.id, label: stockVariantLabel(variant), sale_price: null, percentage: null, stock_cap: null })}
                >
                  {t('Add {{variant}}', { variant: stockVariantLabel(variant) })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            {rows.fields.map((row, index) => (
              <fieldset key={row.key} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  <bdi>{row.label}</bdi>
                </legend>
                <div className="grid gap-3 md:grid-cols-3">
                  <FormField<EnrolFormValues> name={`variants.${index}.sale_price`} type="number" label={t('Sale price')} options={{ setValueAs: numberOr(null) }} />
                  <FormField<EnrolFormValues> name={`variants.${index}.percentage`} type="number" label={t('Or percentage off')} options={{ setValueAs: numberOr(null) }} />
                  <FormField<EnrolFormValues> name={`variants.${index}.stock_cap`} type="number" label={t('Sale stock cap')} hint={<p className="text-sm text-slate-600">{t('Empty for no cap')}</p>} options={{ setValueAs: numberOr(null) }} />
                </div>
                <button type="button" className={`${textButtonClass} self-start`} onClick={() => rows.remove(index)}>
                  {t('Remove {{variant}}', { variant: row.label })}
                </button>
              </fieldset>
            ))}
            <FieldError error={form.formState.errors.variants?.root ?? form.formState.errors.variants} />
            <button type="submit" disabled={enrol.isPending} className={`${primaryButtonClass} self-start`}>
              {t('Enrol')}
            </button>
          </form>
        </FormProvider>
      </div>
    </Section>
  );
}
