// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ok, refused, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions } from '../../../shared/console.contract.ts';
import type { TaxonomyItem } from '../../../shared/taxonomy-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { connectApiClientToConsole } from '../../app/api-session.ts';
import { useConsoleLanguage } from '../language/console-language.ts';

const item = (id: number, name: string, overrides: Partial<TaxonomyItem> = {}): TaxonomyItem => ({
  id,
  name,
  slug: name.toLowerCase(),
  image: `/media/placeholder/category/${name.toLowerCase()}.svg`,
  code: null,
  category_id: null,
  translations: {},
  sort_order: id,
  commission_rate: null,
  archived: false,
  ...overrides,
});

const lighting = item(1, 'Lighting');
const garden = item(2, 'Garden');
const kitchen = item(3, 'Kitchen');

/** The names of a list's rows, in the order shown. */
const rowNames = (list: HTMLElement) => within(list).getAllByRole('listitem').filter((row) => row.parentElement === list).map((row) => row.querySelector('.font-medium')!.textContent);

describe('the categories page', () => {
  it('lists the categories in their order, each opening its sub-categories in theirs', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting, garden, kitchen] }),
      'GET /console/sub-categories': ok({ items: [item(12, 'Ceiling', { category_id: 1 }), item(11, 'Desk', { category_id: 1 })] }),
    });
    renderConsole('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(rowNames(list)).toEqual(['Lighting', 'Garden', 'Kitchen']);

    await userEvent.click(screen.getByRole('button', { name: 'Sub-categories of Lighting' }));
    expect(rowNames(await screen.findByRole('list', { name: 'Sub-categories' }))).toEqual(['Ceiling', 'Desk']);
    expect(screen.getByRole('button', { name: 'Sub-categories of Lighting' })).toHaveAttribute('aria-expanded', 'true');
    expect(api.calls('GET /console/sub-categories')[0]!.query).toEqual({ category_id: '1' });
  });

  it('names the categories and sub-categories in the console’s language, the store’s language where one has no translation', async () => {
    useConsoleLanguage.setState({ locale: 'ar' });
    onTestFinished(() => {
      useConsoleLanguage.setState({ locale: 'en' });
    });
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [item(1, 'Lighting', { translations: { ar: { name: 'الإضاءة' }, ir: { name: 'روشنایی' } } }), garden] }),
      'GET /console/sub-categories': ok({ items: [item(12, 'Ceiling', { category_id: 1, translations: { ar: { name: 'السقف' } } }), item(11, 'Desk', { category_id: 1 })] }),
    });
    renderConsole('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(rowNames(list)).toEqual(['الإضاءة', 'Garden']);
    await userEvent.click(screen.getByRole('button', { name: 'Sub-categories of الإضاءة' }));
    expect(rowNames(await screen.findByRole('list', { name: 'Sub-categories' }))).toEqual(['السقف', 'Desk']);
  });

  it('creates a category with the shared schema’s checks, the body the contract takes and the server’s error under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting] }),
      'POST /console/categories': refused(422, 'The given data was invalid.', { slug: ['The slug has already been taken.'] }),
    });
    renderConsole('/categories');
    await userEvent.click(await screen.findByRole('button', { name: 'New category' }));
    const dialog = screen.getByRole('dialog', { name: 'New category' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/categories')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Garden');
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'lighting');
    await userEvent.type(within(dialog).getByLabelText('Name in العربية'), 'حديقة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The slug has already been taken.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Slug')).toHaveFocus();
    expect(api.calls('POST /console/categories')[0]!.body).toEqual({ name: 'Garden', slug: 'lighting', translations: { ar: { name: 'حديقة' }, ir: { name: '' } }, commission_rate: null });

    api.answer({ 'POST /console/categories': { status: 201, body: { message: 'Category created', data: { item: garden } } } });
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Category created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST /console/categories')[1]!.body).toEqual({ name: 'Garden', translations: { ar: { name: 'حديقة' }, ir: { name: '' } }, commission_rate: null });
  });

  it('creates a sub-category in the category it is opened under', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting, garden] }),
      'GET /console/sub-categories': ok({ items: [] }),
      'POST /console/sub-categories': { status: 201, body: { message: 'Sub-category created', data: { item: item(21, 'Pots', { category_id: 2 }) } } },
    });
    renderConsole('/categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Sub-categories of Garden' }));
    expect(await screen.findByText('No sub-categories yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New sub-category' }));
    const dialog = screen.getByRole('dialog', { name: 'New sub-category' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Pots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sub-category created')).toBeInTheDocument();
    expect(api.calls('POST /console/sub-categories')[0]!.body).toEqual({ category_id: 2, name: 'Pots', translations: { ar: { name: '' }, ir: { name: '' } } });
    expect(api.calls('GET /console/sub-categories').map((call) => call.query)).toEqual([{ category_id: '2' }, { category_id: '2' }]);
  });

  it('archives a category after asking; it then shows among the archived ones only, to be restored', async () => {
    let archived = false;
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': () => ok({ items: [lighting, { ...garden, archived }] }),
      'POST /console/categories/2/archive': () => {
        archived = true;
        return ok({ item: { ...garden, archived } }, 'Category archived');
      },
    });
    renderConsole('/categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Garden' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive the category Garden?' });
    expect(api.calls('POST /console/categories/2/archive')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Category archived')).toBeInTheDocument();
    await expect.poll(() => rowNames(screen.getByRole('list', { name: 'Categories' }))).toEqual(['Lighting']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(rowNames(screen.getByRole('list', { name: 'Categories' }))).toEqual(['Lighting', 'Garden']);
    expect(screen.getByRole('button', { name: 'Restore Garden' })).toBeInTheDocument();
    expect(api.calls('POST /console/categories/2/archive')).toHaveLength(1);
  });

  it('moves a category with the keyboard and saves the whole order, archived ones in their places', async () => {
    const archivedKitchen = { ...kitchen, archived: true };
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting, archivedKitchen, garden] }),
      'POST /console/categories/reorder': ({ body }: SeenRequest) => {
        const byId = new Map([lighting, archivedKitchen, garden].map((category) => [category.id, category]));
        return ok({ items: (body as { ids: number[] }).ids.map((id) => byId.get(id)) }, 'Categories reordered');
      },
    });
    renderConsole('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(screen.getByRole('button', { name: 'Move Lighting up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Garden up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(rowNames(list)).toEqual(['Garden', 'Lighting']);
    expect(await screen.findByText('Categories reordered')).toBeInTheDocument();
    expect(api.calls('POST /console/categories/reorder')[0]!.body).toEqual({ ids: [2, 3, 1] });
  });

  it('shows a shop’s people the categories but no way to change them', async () => {
    stubApi({
      'GET /console/me': ok({ ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 4, name: 'Lamp Corner', status: 'approved' }, permissions: shopOwnerPermissions }),
      'GET /console/categories': ok({ items: [lighting, garden] }),
      'GET /console/sub-categories': ok({ items: [item(11, 'Desk', { category_id: 1 })] }),
    });
    renderConsole('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(rowNames(list)).toEqual(['Lighting', 'Garden']);
    await userEvent.click(screen.getByRole('button', { name: 'Sub-categories of Lighting' }));
    await screen.findByRole('list', { name: 'Sub-categories' });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    for (const write of ['New category', 'New sub-category', 'Edit', 'Archive', 'Up', 'Down']) expect(buttons).not.toContain(write);
    expect(screen.queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();
  });

  it('edits a category and shows its history', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting] }),
      'PATCH /console/categories/1': ok({ item: { ...lighting, name: 'Lights' } }, 'Category updated'),
      'GET /console/audit-log': ok({
        entries: [
          {
            id: 9,
            action: 'category.update',
            entity_type: 'category',
            entity_id: '1',
            shop_id: null,
            actor: { id: 1, name: 'Store Admin', role: 'owner' },
            changes: { name: { before: 'Lamps', after: 'Lighting' } },
            client_address: null,
            request_id: null,
            created_at: '2026-03-01T08:00:00.000Z',
          },
        ],
        next_cursor: null,
      }),
    });
    renderConsole('/categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lighting' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Lighting' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'History' }));
    expect(await within(dialog).findByText('Lamps')).toBeInTheDocument();
    expect(api.calls('GET /console/audit-log')[0]!.query).toEqual({ entity_type: 'category', entity_id: '1' });

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Lights');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/categories/1')[0]!.body).toEqual({ name: 'Lights', slug: 'lighting', translations: { ar: { name: '' }, ir: { name: '' } }, commission_rate: null });
  });
});

describe('the colours page', () => {
  it('is the same list for another kind: a colour’s code, no slug or picture', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/colors': ok({ items: [item(5, 'Red', { slug: null, image: null, code: '#ff0000' })] }),
      'POST /console/colors': { status: 201, body: { message: 'Colour created', data: { item: item(6, 'Blue', { slug: null, image: null, code: '#0000ff' }) } } },
    });
    renderConsole('/colors');
    expect(await screen.findByText('#ff0000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New colour' }));
    const dialog = screen.getByRole('dialog', { name: 'New colour' });
    expect(within(dialog).queryByLabelText('Slug')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Picture')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Blue');
    await userEvent.type(within(dialog).getByLabelText('Colour code'), 'blue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The code must be a colour like #1a2b3c.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Colour code'));
    await userEvent.type(within(dialog).getByLabelText('Colour code'), '#0000ff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Colour created')).toBeInTheDocument();
    expect(api.calls('POST /console/colors')[0]!.body).toEqual({ name: 'Blue', code: '#0000ff', translations: { ar: { name: '' }, ir: { name: '' } } });
  });
});

describe('the units page', () => {
  it('lists the units in the sidebar’s Units page, creates one with its translations and archives one after asking', async () => {
    const unit = (id: number, name: string, overrides: Partial<TaxonomyItem> = {}) => item(id, name, { slug: null, image: null, ...overrides });
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/units': ok({ items: [unit(1, 'pc'), unit(2, 'kg')] }),
      'POST /console/units': { status: 201, body: { message: 'Unit created', data: { item: unit(3, 'tray') } } },
      'POST /console/units/2/archive': ok({ item: unit(2, 'kg', { archived: true }) }, 'Unit archived'),
    });
    renderConsole('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Units' }));
    expect(rowNames(await screen.findByRole('list', { name: 'Units' }))).toEqual(['pc', 'kg']);

    await userEvent.click(screen.getByRole('button', { name: 'New unit' }));
    const dialog = screen.getByRole('dialog', { name: 'New unit' });
    expect(within(dialog).queryByLabelText('Slug')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Colour code')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'a box of twenty-one x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name must not be greater than 20 characters.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'tray');
    await userEvent.type(within(dialog).getByLabelText('Name in العربية'), 'صينية');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unit created')).toBeInTheDocument();
    expect(api.calls('POST /console/units')[0]!.body).toEqual({ name: 'tray', translations: { ar: { name: 'صينية' }, ir: { name: '' } } });

    await userEvent.click(screen.getByRole('button', { name: 'Archive kg' }));
    const question = screen.getByRole('dialog', { name: 'Archive the unit kg?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Unit archived')).toBeInTheDocument();
    expect(api.calls('POST /console/units/2/archive')).toHaveLength(1);
  });
});

describe("a category's commission rate", () => {
  const arabic = {
    'Commission rate (%)': 'نسبة العمولة (%)',
    'Empty: the store default, {{rate}} %.': 'فارغ: النسبة الافتراضية للمتجر، {{rate}} %.',
    'Edit {{name}}': 'تعديل {{name}}',
    Save: 'حفظ',
    Categories: 'الفئات',
  };
  it.each([
    ['en', 'Empty: the store default, 10 %.'],
    ['ar', 'فارغ: النسبة الافتراضية للمتجر، 10 %.'],
  ] as const)('in %s: shows the store default when empty, sends the percent typed, and clears it to null', async (locale, hint) => {
    connectApiClientToConsole();
    const words = (key: keyof typeof arabic) => (locale === 'ar' ? arabic[key] : key);
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/categories': ok({ items: [lighting, item(2, 'Garden', { commission_rate: 12.5 })] }),
      'PATCH /console/categories/1': ({ body }) => ok({ item: { ...lighting, ...(body as object) } }, 'Category updated'),
      'PATCH /console/categories/2': ({ body }) => ok({ item: { ...garden, ...(body as object) } }, 'Category updated'),
      'GET /lang/ar': { body: arabic },
      'GET /lang/en': { body: {} },
      'PUT /console/me/language': ok({}, 'Language saved'),
    });
    renderConsole('/categories');
    if (locale === 'ar') {
      await userEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
      await userEvent.click(await screen.findByRole('menuitemradio', { name: 'العربية' }));
      onTestFinished(() => {
        useConsoleLanguage.setState({ locale: 'en' });
      });
    }
    const list = await screen.findByRole('list', { name: words('Categories') });
    const edit = (name: string) => within(list).getByRole('button', { name: words('Edit {{name}}').replace('{{name}}', name) });
    await userEvent.click(edit('Lighting'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^(Empty|فارغ)/).textContent).toBe(hint);
    const rate = within(dialog).getByLabelText(words('Commission rate (%)'));
    expect(rate).toHaveValue(null);
    await userEvent.type(rate, '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: words('Save') }));
    await waitFor(() => expect(api.calls('PATCH /console/categories/1').at(-1)?.body).toMatchObject({ commission_rate: 12.5 }));

    await userEvent.click(edit('Garden'));
    dialog = await screen.findByRole('dialog');
    const own = within(dialog).getByLabelText(words('Commission rate (%)'));
    expect(own).toHaveValue(12.5);
    await userEvent.clear(own);
    await userEvent.click(within(dialog).getByRole('button', { name: words('Save') }));
    await waitFor(() => expect(api.calls('PATCH /console/categories/2').at(-1)?.body).toMatchObject({ commission_rate: null }));
  });
});
