import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import type { DashboardAnswer, DashboardFigure, DashboardRange } from '../../../shared/dashboard.contract.ts';
import { roleName } from '../access/role-name.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { dashboardQueries, type DashboardPeriod } from './dashboard-queries.ts';

/** The charting library is loaded with the dashboard only. */
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const chipClass =
  'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 aria-pressed:border-primary-700 aria-pressed:bg-primary-50 aria-pressed:text-primary-900 border-slate-300 bg-white text-slate-700';
const money = (amount: number) => formatNumber(amount, 2);

/** `/console`: who is signed in, and for those who read orders the dashboard of the store, or of their shop (decision 055). */
export function DashboardPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Dashboard')}>
      <p className="text-slate-700">
        {t('Welcome, {{name}}.', { name: me.user.name })}{' '}
        {me.shop ? t('You work at {{shop}} as {{role}}.', { shop: me.shop.name, role: roleName(me.role) }) : t('You work for the store as {{role}}.', { role: roleName(me.role) })}
      </p>
      {me.permissions.includes('orders.read') && <Dashboard />}
    </PageFrame>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>({ range: '7d' });
  const figures = useQuery(dashboardQueries.figures(period));
  const answer = figures.data;
  return (
    <div className="mt-4 space-y-6">
      <RangePicker period={period} onChange={setPeriod} />
      {figures.isError && !answer ? (
        <LoadFailed onRetry={() => void figures.refetch()} />
      ) : !answer ? (
        <p role="status" aria-busy="true">{t('Loading…')}</p>
      ) : (
        <>
          <FigureCards answer={answer} />
          <Suspense fallback={<p role="status" aria-busy="true">{t('Loading…')}</p>}>
            <DashboardCharts answer={answer} />
          </Suspense>
          <div className="grid gap-4 lg:grid-cols-2">
            <RankedList title={t('Top products')} rows={answer.top_products.map((row) => ({ id: row.id, name: row.name, figure: `${money(row.revenue)} · ${t('Units: {{count}}', { count: formatNumber(row.units) })}` }))} />
            {answer.shop_id === null && <RankedList title={t('Top shops')} rows={answer.top_shops.map((row) => ({ id: row.id, name: row.name, figure: `${money(row.revenue)} · ${t('Orders: {{count}}', { count: formatNumber(row.orders) })}` }))} />}
            {answer.low_stock && <RankedList title={t('Low stock')} rows={answer.low_stock.map((row) => ({ id: row.sku, name: `${row.product} (${row.sku})`, figure: formatNumber(row.stock) }))} />}
            <WorkWaiting answer={answer} />
          </div>
        </>
      )}
    </div>
  );
}

function RangePicker({ period, onChange }: { period: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(period.range === 'custom');
  const names: Record<DashboardRange, string> = { today: t('Today'), '7d': t('Last 7 days'), '30d': t('Last 30 days'), custom: t('Chosen days') };
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ range: 'custom', from: String(data.get('from')), to: String(data.get('to')) });
  };
  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('Period')} className="flex flex-wrap gap-2">
        {(['today', '7d', '30d'] as const).map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={!custom && period.range === range}
            className={chipClass}
            onClick={() => {
              setCustom(false);
              onChange({ range });
            }}
          >
            {names[range]}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={chipClass} onClick={() => setCustom(true)}>
          {names.custom}
        </button>
      </div>
      {custom && (
        <form onSubmit={choose} className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm text-slate-700">
            {t('From')}
            <input type="date" name="from" required defaultValue={period.from} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col text-sm text-slate-700">
            {t('To')}
            <input type="date" name="to" required defaultValue={period.to} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <button type="submit" className="rounded bg-primary-700 px-3 py-1.5 text-sm font-medium text-white">
            {t('Show')}
          </button>
        </form>
      )}
    </div>
  );
}

/** The change against the period before, in words: a screen reader hears the same as the eye sees. */
function change(figure: DashboardFigure, t: ReturnType<typeof useTranslation>['t']) {
  if (figure.previous === 0) return figure.current === 0 ? t('No change from the period before') : t('New since the period before');
  const percent = Math.round(((figure.current - figure.previous) / Math.abs(figure.previous)) * 100);
  if (percent === 0) return t('No change from the period before');
  return percent > 0 ? t('Up {{percent}}% from the period before', { percent: formatNumber(percent) }) : t('Down {{percent}}% from the period before', { percent: formatNumber(-percent) });
}

function FigureCards({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const cards = [
    { name: t('Revenue'), figure: answer.figures.revenue, shown: money },
    { name: t('Orders'), figure: answer.figures.orders, shown: formatNumber },
    { name: t('Average order value'), figure: answer.figures.average_order_value, shown: money },
    { name: t('New customers'), figure: answer.figures.new_customers, shown: formatNumber },
    { name: t('Refunds'), figure: answer.figures.refunds, shown: money },
    { name: t('Commission'), figure: answer.figures.commission, shown: money },
  ];
  return (
    <section aria-labelledby="dashboard-figures">
      <h2 id="dashboard-figures" className="mb-2 text-lg font-semibold text-slate-900">
        {t('{{from}} to {{to}}, in {{currency}}', { from: answer.from, to: answer.to, currency: answer.currency })}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <div key={card.name} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{card.name}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{card.shown(card.figure.current)}</dd>
            <dd className="text-sm text-slate-600">{change(card.figure, t)}</dd>
          </div>
        ))}
        {answer.balance && (
          <>
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-600">{t('Balance')}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{money(answer.balance.available)}</dd>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-600">{t('Pending earnings')}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{money(answer.balance.pending)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

function RankedList({ title, rows }: { title: string; rows: Array<{ id: number | string; name: string; figure: string }> }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('None in this period')}</p>
      ) : (
        <ol className="space-y-1">
          {rows.map((row) => (
            <li key={row.id} className="flex justify-between gap-3 text-sm">
              <bdi>{row.name}</bdi>
              <span className="text-slate-700">{row.figure}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function WorkWaiting({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const waiting = answer.work_waiting;
  const rows = [
    { name: t('Shop applications'), count: waiting.shop_applications },
    { name: t('Product approvals'), count: waiting.product_approvals },
    { name: t('Returns requested'), count: waiting.returns },
    { name: t('Open tickets'), count: waiting.tickets },
    { name: t('Withdrawals waiting'), count: waiting.withdrawals },
  ].filter((row): row is { name: string; count: number } => row.count !== null);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-900">{t('Work waiting')}</h2>
      <dl className="space-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.name} className="flex justify-between gap-3">
            <dt>{row.name}</dt>
            <dd className="font-medium">{formatNumber(row.count)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
