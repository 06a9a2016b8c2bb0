// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleEnrolment, ConsoleFlashSale } from '../../../shared/flash-sales-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

/** Tehran keeps +03:30 all year: the store's clock reads 13:30 at 10:00 UTC. */
const tehranOwner: ConsoleMe = { ...storeOwner, time_zone: 'Asia/Tehran' };

const seller: ConsoleMe = { ...tehranOwner, scope: 'shop', role: 'shop_owner', shop: { id: 2, name: 'Lamp Corner', status: 'approved' }, permissions: [...shopOwnerPermissions] };

const sale = (extra: Partial<ConsoleFlashSale> = {}): ConsoleFlashSale => ({
  id: 5,
  name: 'Winter lights',
  banner: '/media/placeholder/flash/winter.svg',
  banner_alt: 'Lamps in the snow',
  translations: { ar: { name: 'أضواء الشتاء', banner_alt: 'مصابيح في الثلج' }, ir: { name: 'نورهای زمستان', banner_alt: 'چراغ‌ها در برف' } },
  starts_at: '2026-12-10T10:00:00.000Z',
  ends_at: '2026-12-12T10:00:00.000Z',
  enrolment_starts_at: '2026-12-01T10:00:00.000Z',
  enrolment_ends_at: '2026-12-09T10:00:00.000Z',
  auto_approve: false,
  status: 'scheduled',
  enrolment_open: true,
  ended_early_at: null,
  has_orders: false,
  enrolment_counts: { pending: 2, approved: 1, declined: 0 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const enrolment = (id: number, extra: Partial<ConsoleEnrolment> = {}): ConsoleEnrolment => ({
  id,
  flash_sale_id: 5,
  shop: { id: 2, name: 'Lamp Corner' },
  product: { id: 30, name: 'Brass lamp', thumbnail: '/media/placeholder/lamp.svg' },
  variant: { id: 300 + id, name: 'Gold / L', sku: `LAMP-${id}` },
  regular_price: 80,
  sale_price: 60,
  percentage: 25,
  stock_cap: 10,
  sold: 3,
  status: 'pending',
  decline_reason: null,
  decided_at: null,
  created_at: '2026-12-02T10:00:00.000Z',
  ...extra,
});

const emptyEnrolments = ok({ enrolments: [], next_cursor: null });

describe('the flash sales list', () => {
  it('lists the sales with their times in the store’s zone, the enrolments waiting and the missing translations, and filters on the server', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
      'GET /console/flash-sales': ok({ flash_sales: [sale(), sale({ id: 6, name: 'Spring', translations: {}, status: 'running', enrolment_open: false, enrolment_counts: { pending: 0, approved: 4, declined: 1 } })], next_cursor: null }),
    });
    renderConsole('/flash-sales');
    const table = await screen.findByRole('table', { name: 'Flash sales' });
    await within(table).findByRole('link', { name: 'Winter lights' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('1:30 PM');
    expect(rows[1]).toHaveTextContent('Open');
    expect(within(rows[1]!).getAllByRole('cell')[5]).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent('Complete');
    expect(rows[2]).toHaveTextContent('Running');
    expect(rows[2]).toHaveTextContent('Closed');
    expect(rows[2]).toHaveTextContent('Missing: Arabic, Persian');
    expect(screen.getByText('Times are in the store’s time zone:')).toHaveTextContent('Asia/Tehran');
    expect(within(table).getByRole('link', { name: 'Winter lights' })).toHaveAttribute('href', '/flash-sales/5');

    await userEvent.click(screen.getByRole('tab', { name: 'Running' }));
    await expect.poll(() => api.calls('GET /console/flash-sales').at(-1)!.query).toEqual({ status: 'running' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'spring{Enter}');
    await expect.poll(() => api.calls('GET /console/flash-sales').at(-1)!.query).toEqual({ status: 'running', search: 'spring' });
  });

  it('says so when no sale matches the filters', async () => {
    stubApi({ 'GET /console/me': ok(tehranOwner), 'GET /console/flash-sales': ok({ flash_sales: [], next_cursor: null }) });
    renderConsole('/flash-sales?status=ended');
    expect(await screen.findByText('No flash sales match these filters.')).toBeInTheDocument();
  });
});

describe('the flash sale editor', () => {
  it('checks a new sale with the shared schema before sending it, naming the store’s time zone', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
    });
    renderConsole('/flash-sales/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The starts at field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/flash-sales')).toHaveLength(0);
    expect(screen.getByText('Times are in the store’s time zone:')).toHaveTextContent('Asia/Tehran');

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Winter lights');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name in العربية' }), 'أضواء الشتاء');
    await userEvent.type(screen.getByRole('textbox', { name: 'Banner description' }), 'Lamps in the snow');
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '2026-12-10T13:30' } });
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2026-12-10T12:00' } });
    fireEvent.change(screen.getByLabelText('Enrolment starts at'), { target: { value: '2026-12-01T13:30' } });
    fireEvent.change(screen.getByLabelText('Enrolment ends at'), { target: { value: '2026-12-09T13:30' } });
    await userEvent.click(screen.getByRole('switch', { name: 'Approve enrolments automatically' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The banner field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The name field is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('The starts at field is required.')).not.toBeInTheDocument();
    expect(api.calls('POST /console/flash-sales')).toHaveLength(0);
  });

  it('sends the sale’s times as instants read on the store’s clock, and shows a refusal under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
      'GET /console/flash-sales/5': ok({ flash_sale: sale() }),
      'GET /console/flash-sales/5/enrolments': emptyEnrolments,
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'PATCH /console/flash-sales/5': refused(422, 'The given data was invalid.', {
        ends_at: ['The ends at must be a date in the future.'],
        'translations.ar.name': ['The name must not be greater than 120 characters.'],
      }),
    });
    renderConsole('/flash-sales/5');
    expect(await screen.findByLabelText('Starts at')).toHaveValue('2026-12-10T13:30');
    expect(screen.getByRole('textbox', { name: 'Name in العربية' })).toHaveValue('أضواء الشتاء');
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2026-12-10T12:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The ends at must be a date after starts at.')).toBeInTheDocument();
    expect(api.calls('PATCH /console/flash-sales/5')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2026-12-12T15:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The ends at must be a date in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ends at')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name in العربية' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The name must not be greater than 120 characters.')).toBeInTheDocument();
    // Only what changed is sent: 15:00 in Tehran is 11:30 UTC.
    expect(api.calls('PATCH /console/flash-sales/5')[0]!.body).toEqual({ ends_at: '2026-12-12T11:30:00.000Z' });
  });

  it('ends a sale early after asking, and shows why a sale with orders is not deleted', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
      'GET /console/flash-sales/5': ok({ flash_sale: sale({ status: 'running', enrolment_open: false, has_orders: true }) }),
      'GET /console/flash-sales/5/enrolments': emptyEnrolments,
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'POST /console/flash-sales/5/end': ok({ flash_sale: sale({ status: 'ended' }) }, 'Flash sale ended'),
      'DELETE /console/flash-sales/5': refused(409, 'A flash sale with orders cannot be deleted.'),
    });
    renderConsole('/flash-sales/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const remove = screen.getByRole('dialog', { name: 'Delete the flash sale Winter lights?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A flash sale with orders cannot be deleted.')).toBeInTheDocument();
    await userEvent.click(within(remove).getByRole('button', { name: 'Cancel' }));

    api.answer({ 'GET /console/flash-sales/5': ok({ flash_sale: sale({ status: 'ended', has_orders: true }) }) });
    await userEvent.click(screen.getByRole('button', { name: 'End early' }));
    const end = screen.getByRole('dialog', { name: 'End the flash sale Winter lights now?' });
    await userEvent.click(within(end).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('Flash sale ended')).toBeInTheDocument();
    expect(api.calls('POST /console/flash-sales/5/end')).toHaveLength(1);
    expect(await screen.findByText('This flash sale has ended: it can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End early' })).not.toBeInTheDocument();
  });

  it('approves an enrolment, and declines another with the reason the shop reads', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
      'GET /console/flash-sales/5': ok({ flash_sale: sale() }),
      'GET /console/flash-sales/5/enrolments': ok({ enrolments: [enrolment(1), enrolment(2, { variant: { id: 302, name: '', sku: null }, percentage: null, stock_cap: null })], next_cursor: null }),
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'POST /console/flash-sales/5/enrolments/1/approve': ok({ enrolment: enrolment(1, { status: 'approved' }) }, 'Enrolment approved'),
      'POST /console/flash-sales/5/enrolments/2/decline': ok({ enrolment: enrolment(2, { status: 'declined' }) }, 'Enrolment declined'),
    });
    renderConsole('/flash-sales/5');
    const table = await screen.findByRole('table', { name: 'Enrolments' });
    await within(table).findByText('Gold / L');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Lamp Corner', 'Brass lamp', 'Gold / L', '80.00', '60.00', '25%', '10', '3', 'Pending', 'Approve Brass lamp · Gold / LDecline Brass lamp · Gold / L',
    ]);
    expect(rows[2]).toHaveTextContent('Only variant');
    expect(rows[2]).toHaveTextContent('No cap');

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Approve Brass lamp · Gold / L' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve Brass lamp · Gold / L at 60.00?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Enrolment approved')).toBeInTheDocument();

    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Decline Brass lamp' }));
    const decline = screen.getByRole('dialog', { name: 'Decline Brass lamp?' });
    await userEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    expect(await within(decline).findByText('The reason field is required.')).toBeInTheDocument();
    await userEvent.type(within(decline).getByRole('textbox', { name: 'Reason' }), 'The price is not low enough.');
    await userEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Enrolment declined')).toBeInTheDocument();
    expect(api.calls('POST /console/flash-sales/5/enrolments/2/decline')[0]!.body).toEqual({ reason: 'The price is not low enough.' });
  });
});

describe('a seller in the flash sales', () => {
  it('sees the sales open for enrolment, enrols a variant at a sale price and reads a refusal at its row', async () => {
    const stock = {
      variants: [{ id: 301, product: { id: 30, name: 'Brass lamp', status: 'active' }, shop: { id: 2, name: 'Lamp Corner' }, sku: 'LAMP-1', color: 'Gold', size: 'L', stock: 12, low_stock: false }],
      low_stock_threshold: 5,
      next_cursor: null,
    };
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/flash-sales': ok({ flash_sales: [sale()], next_cursor: null }),
      'GET /console/flash-sales/5': ok({ flash_sale: sale() }),
      'GET /console/flash-sales/5/enrolments': ok({ enrolments: [enrolment(9, { variant: { id: 309, name: 'Silver / S', sku: 'LAMP-9' } })], next_cursor: null }),
      'GET /console/stock': ok(stock),
      'POST /console/flash-sales/5/enrolments': refused(422, 'The given data was invalid.', { 'variants.0.sale_price': ["The sale price must be below the variant's current price."] }),
      'DELETE /console/flash-sales/5/enrolments/9': ok(null, 'Enrolment withdrawn'),
    });
    renderConsole('/flash-sales');
    const table = await screen.findByRole('table', { name: 'Flash sales' });
    expect(await within(table).findByText('1 approved, 2 pending')).toBeInTheDocument();
    // The seller reads the sale's times on the store's clock, as the store set them.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Dec 10, 2026, 1:30:00 PM GMT+3:30');
    expect(api.calls('GET /console/flash-sales')[0]!.query).toEqual({ enrolling: 'true' });
    await userEvent.click(within(table).getByRole('link', { name: 'Winter lights' }));

    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search your products' }), 'lamp{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Brass lamp · Gold / L' }));
    const row = screen.getByRole('group', { name: 'Brass lamp · Gold / L' });
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await within(row).findByText('Give either a sale price or a percentage.')).toBeInTheDocument();
    expect(api.calls('POST /console/flash-sales/5/enrolments')).toHaveLength(0);

    await userEvent.type(within(row).getByRole('spinbutton', { name: 'Sale price' }), '90');
    await userEvent.type(within(row).getByRole('spinbutton', { name: 'Sale stock cap' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await within(row).findByText("The sale price must be below the variant's current price.")).toBeInTheDocument();
    expect(within(row).getByRole('spinbutton', { name: 'Sale price' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/flash-sales/5/enrolments')[0]!.body).toEqual({ variants: [{ variant_id: 301, sale_price: 90, percentage: null, stock_cap: 5 }] });

    api.answer({ 'POST /console/flash-sales/5/enrolments': { status: 201, body: { message: 'Enrolment sent', data: { enrolments: [enrolment(10)] } } } });
    await userEvent.clear(within(row).getByRole('spinbutton', { name: 'Sale price' }));
    await userEvent.type(within(row).getByRole('spinbutton', { name: 'Sale price' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('Enrolment sent')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Brass lamp · Gold / L' })).not.toBeInTheDocument();

    const yours = screen.getByRole('table', { name: 'Your enrolments' });
    await userEvent.click(within(yours).getByRole('button', { name: 'Withdraw Brass lamp · Silver / S' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Withdraw Brass lamp · Silver / S from the sale?' })).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enrolment withdrawn')).toBeInTheDocument();
  });
});
