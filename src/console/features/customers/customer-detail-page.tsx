import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel, paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import type { ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { formatTime } from '../../ui/date.ts';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { showToast } from '../../ui/toast.tsx';
import { ReadOnlyNote, useCan } from '../access/can.tsx';
import { EntityHistory } from '../audit/entity-history.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { BlockedBadge } from './blocked-badge.tsx';
import { CustomerBlockDialog } from './customer-block-dialog.tsx';
import { customerQueries, useCustomerPasswordReset } from './customer-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

const money = (amount: number) => formatNumber(amount, 2);

/** `/console/customers/:id`: who the customer is, what they ordered and asked, and the store's actions on the account. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const customerId = Number(useParams().id);
  const customer = useQuery({ ...customerQueries.detail(customerId), enabled: Number.isSafeInteger(customerId) && customerId > 0 });
  if (!customer.data) {
    return <DetailPageState query={customer} texts={{ title: t('Customer'), notFound: t('Customer not found'), back: { to: '/customers', label: t('Back to customers') }, loading: t('Loading customers…') }} />;
  }
  return <CustomerDetail customer={customer.data} />;
}

function CustomerActions({ customer }: { customer: ConsoleCustomerDetail }) {
  const { t } = useTranslation();
  const passwordReset = useCustomerPasswordReset(customer.id);
  return (
    <>
      {!customer.is_staff && <CustomerBlockDialog customer={customer} />}
      {!customer.blocked && (
        <ConfirmDialog
          trigger={
            <button type="button" className={secondaryButtonClass}>
              {t('Send password reset code')}
            </button>
          }
          title={<WithUserText text={t('Send a password reset code to {{name}}?')} values={{ name: customer.name }} />}
          description={t('The customer gets a code by e-mail (or text) to set a new password; you never see it.')}
          confirmLabel={t('Send code')}
          mutation={passwordReset}
          onConfirm={async () => showToast(t('A password reset code was sent to {{contact}}.', { contact: (await passwordReset.mutateAsync()).data.sent_to }))}
        />
      )}
    </>
  );
}

function CustomerDetail({ customer }: { customer: ConsoleCustomerDetail }) {
  const { t } = useTranslation();
  const canWrite = useCan('customers.write');
  const canReadAudit = useCan('audit.read');
  return (
    <PageFrame title={customer.name}>
      <div className="flex flex-wrap items-center gap-3">
        {customer.blocked && <BlockedBadge />}
        <span className="text-sm text-slate-600">{t('Joined {{date}}', { date: formatTime(customer.created_at, { dateStyle: 'medium' }) })}</span>
        <Link to="/customers" className={textButtonClass}>
          {t('Back to customers')}
        </Link>
        {canWrite && <CustomerActions customer={customer} />}
      </div>
      {!canWrite && <ReadOnlyNote />}
      {customer.blocked && (
        <p role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <WithUserText text={t('Blocked {{date}}: {{reason}}')} values={{ date: formatTime(customer.blocked.at), reason: customer.blocked.reason }} />
        </p>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t('Profile')}>
          <Facts
            rows={[
              [t('E-mail'), <span key="email" dir="ltr">{customer.email ?? '—'}</span>],
              [t('Phone'), <span key="phone" dir="ltr">{customer.phone ? `${customer.phone_code ?? ''} ${customer.phone}`.trim() : '—'}</span>],
              [t('Country'), customer.country ?? '—'],
              [t('Verified'), customer.is_verified ? t('Yes') : t('No')],
              [t('Account'), `#${customer.id}`],
            ]}
          />
        </Section>
        <Section title={t('Spending')}>
          <Facts
            rows={[
              [t('Total spent'), <strong key="spent">{money(customer.total_spent)}</strong>],
              [t('Orders'), formatNumber(customer.order_count)],
            ]}
          />
          <p className="text-xs text-slate-500">{t('Paid or delivered orders, cancelled ones left out.')}</p>
        </Section>
      </div>

      <Section title={t('Latest orders')}>
        {customer.orders.length === 0 ? (
          <p className="text-sm text-slate-600">{t('No orders yet.')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 text-start font-semibold">{t('Order')}</th>
                <th scope="col" className="py-1 text-start font-semibold">{t('Date')}</th>
                <th scope="col" className="py-1 text-start font-semibold">{t('Shop')}</th>
                <th scope="col" className="py-1 text-start font-semibold">{t('Status')}</th>
                <th scope="col" className="py-1 text-start font-semibold">{t('Payment')}</th>
                <th scope="col" className="py-1 text-end font-semibold">{t('Total')}</th>
              </tr>
            </thead>
            <tbody>
              {customer.orders.map((order) => (
                <tr key={order.id} className="border-t border-slate-100">
                  <td className="py-1">
                    <Link to={`/orders/${order.id}`} className="font-medium text-primary-800 hover:underline" dir="ltr">
                      {order.order_number}
                    </Link>
                  </td>
                  <td className="py-1">{formatTime(order.created_at, { dateStyle: 'medium' })}</td>
                  <td className="py-1">
                    <bdi>{order.shop.name}</bdi>
                  </td>
                  <td className="py-1">{orderStatusLabel(order.status)}</td>
                  <td className="py-1">{paymentStatusLabel(order.payment_status)}</td>
                  <td className="py-1 text-end">{money(order.payable_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {customer.order_count > customer.orders.length && (
          <Link to={`/orders?customer_id=${customer.id}`} className={textButtonClass}>
            {t('Every order of this customer')}
          </Link>
        )}
      </Section>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t('Addresses')}>
          {customer.addresses.length === 0 ? (
            <p className="text-sm text-slate-600">{t('No addresses yet.')}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {customer.addresses.map((address) => (
                <li key={address.id}>
                  <address className="not-italic text-slate-800">
                    {[address.name, address.phone, address.address_line, address.address_line2, [address.city, address.post_code].filter(Boolean).join(' '), address.country?.name].filter(Boolean).join(', ')}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={t('Support tickets')}>
          {customer.tickets.length === 0 ? (
            <p className="text-sm text-slate-600">{t('No support tickets yet.')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {customer.tickets.map((ticket) => (
                <li key={ticket.id} className="flex flex-wrap gap-2">
                  <span dir="ltr" className="font-medium">{ticket.ticket_no}</span>
                  <span dir="auto">{ticket.subject}</span>
                  <span className="text-slate-500">{formatTime(ticket.created_at, { dateStyle: 'medium' })}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {canReadAudit && (
        <Section title={t('History')}>
          <EntityHistory entityType="customer" entityId={customer.id} />
        </Section>
      )}
    </PageFrame>
  );
}
