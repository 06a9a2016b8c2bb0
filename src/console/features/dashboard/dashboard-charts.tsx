import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel } from '../../../client/lib/order-status-labels.ts';
import type { DashboardAnswer } from '../../../shared/dashboard.contract.ts';

/** The chart library's colours: the theme's primary and a slate for refunds. */
const PRIMARY = 'var(--color-primary-700)';
const MUTED = 'var(--color-slate-500)';

/** A chart drawn for the eye; the table after it carries the same figures for a screen reader. */
function ChartFrame({ title, children, table }: { title: string; children: React.ReactElement; table: React.ReactNode }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold text-slate-900">{title}</figcaption>
      <div aria-hidden="true" className="h-64" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

/**
 * The dashboard's charts (loaded with the dashboard only): revenue and refunds by day, and the
 * period's orders by status. Right to left, time runs from the right.
 */
export default function DashboardCharts({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const money = (amount: number) => formatNumber(amount, 2);
  const statuses = answer.orders_by_status.map((row) => ({ ...row, name: orderStatusLabel(row.status) }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFrame
        title={t('Revenue by day')}
        table={
          <table>
            <caption>{t('Revenue by day')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Day')}</th>
                <th scope="col">{t('Revenue')}</th>
                <th scope="col">{t('Orders')}</th>
                <th scope="col">{t('Refunds')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.series.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{money(day.revenue)}</td>
                  <td>{formatNumber(day.orders)}</td>
                  <td>{money(day.refunds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <LineChart data={answer.series} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" reversed={rtl} tickFormatter={(day: string) => day.slice(5)} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(value: number) => formatNumber(value)} />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Line type="monotone" dataKey="revenue" name={t('Revenue')} stroke={PRIMARY} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="refunds" name={t('Refunds')} stroke={MUTED} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartFrame>
      <ChartFrame
        title={t('Orders by status')}
        table={
          <table>
            <caption>{t('Orders by status')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Status')}</th>
                <th scope="col">{t('Orders')}</th>
              </tr>
            </thead>
            <tbody>
              {statuses.map((row) => (
                <tr key={row.status}>
                  <th scope="row">{row.name}</th>
                  <td>{formatNumber(row.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <BarChart data={statuses} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" reversed={rtl} />
          <YAxis orientation={rtl ? 'right' : 'left'} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="orders" name={t('Orders')} fill={PRIMARY} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
    </div>
  );
}
