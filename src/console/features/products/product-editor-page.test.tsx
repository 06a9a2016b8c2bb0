// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { useConsoleLanguage } from '../language/console-language.ts';
import { pictureFile, stubUploads } from '../../test/upload-stub.ts';

/** The store's content editor: the catalogue to read, not to write. */
const contentEditor = { ...storeOwner, role: 'content_editor' as const, permissions: ['content.write' as const, 'catalogue.read' as const] };

const seller = { ...storeOwner, scope: 'shop' as const, role: 'shop_owner' as const, shop: { id: 2, name: 'Lamp Corner', status: 'approved' as const } };

const lamp: ConsoleProduct = {
  id: 7,
  shop: { id: 2, name: 'Lamp Corner' },
  name: 'Floor lamp',
  description: '',
  category_id: 3,
  sub_category_id: null,
  brand_id: null,
  unit: 'pc',
  tags: ['light'],
  seo_title: '',
  seo_description: '',
  status: 'active',
  sku: 'LAMP',
  price: 40,
  discount_price: 0,
  tax_rate: null,
  stock: 4,
  translations: {},
  thumbnail: '',
  images: [],
  variants: [{ id: 11, color_id: null, size_id: null, sku: 'LAMP-W', barcode: null, price: null, discount_price: null, stock: 4, images: [], is_active: true }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const unit = (id: number, name: string, archived = false) => ({ id, name, slug: null, image: null, code: null, category_id: null, translations: {}, sort_order: id, archived });
const option = (id: number, name: string, { code = null, archived = false, ar }: { code?: string | null; archived?: boolean; ar?: string } = {}) => ({ ...unit(id, name, archived), code, translations: ar ? { ar: { name: ar } } : {} });

/** What the editor chooses from: the categories, and the store's units (one archived). */
const choices = {
  'GET /categories': ok({ categories: [{ id: 3, name: 'Lighting', slug: 'lighting', thumbnail: '', sub_categories: [] }] }),
  'GET /console/units': ok({ items: [unit(1, 'crate', true), unit(2, 'pc'), unit(3, 'kg')] }),
};

describe('the product editor', () => {
  it("shows the shared schema's messages under the fields, then the server's refusals under theirs", async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'POST /console/products': refused(422, 'The given data was invalid.', { 'variants.0.sku': ['The sku has already been taken.'] }),
    });
    renderConsole('/products/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The price field is required.')).toBeInTheDocument();
    expect(screen.getByText('The category id field is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name(?! in)/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/products')).toHaveLength(0);
    const units = screen.getByRole('combobox', { name: 'Unit' });
    await expect.poll(() => (units as HTMLSelectElement).value).toBe('pc');
    expect(within(units).getAllByRole('option').map((option) => option.textContent)).toEqual(['pc', 'kg']);

    await userEvent.type(screen.getByRole('textbox', { name: /^Name(?! in)/ }), 'Floor lamp');
    await userEvent.type(screen.getByRole('textbox', { name: /^SKU(?!,)/ }), 'LAMP');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Lighting');
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Price(?!,)/ }), '40.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'SKU, variant 1' }), 'LAMP-W');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Initial stock, variant 1' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The sku has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SKU, variant 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/products')[0]!.body).toMatchObject({
      name: 'Floor lamp',
      sku: 'LAMP',
      category_id: 3,
      price: 40.5,
      unit: 'pc',
      status: 'draft',
      variants: [{ sku: 'LAMP-W', stock: 3, is_active: true }],
    });
  });

  it("moves a variant's stock in a dialog, shows the new stock, and Escape gives focus back", async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: lamp }),
      'POST /console/products/7/variants/11/stock': ok({ variant: { ...lamp.variants[0]!, stock: 9 }, product_stock: 9 }, 'Stock adjusted'),
    });
    renderConsole('/products/7');
    const opener = await screen.findByRole('button', { name: 'Stock: 4' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Stock of LAMP-W' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText('The change field is required.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Change' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText('New stock: 9')).toBeInTheDocument();
    expect(api.calls('POST /console/products/7/variants/11/stock')[0]!.body).toEqual({ change: 5, reason: 'restock' });
    expect(api.calls('PATCH /console/products/7')).toEqual([]);
    expect(screen.getAllByText('Stock adjusted').length).toBeGreaterThan(0);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Stock: / })).toHaveFocus();
  });

  it('keeps the archived unit a product has among the choices, and saves another chosen', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: { ...lamp, unit: 'crate' } }),
      'PATCH /console/products/7': ok({ product: { ...lamp, unit: 'kg' } }, 'Product saved'),
    });
    renderConsole('/products/7');
    const units = await screen.findByRole('combobox', { name: 'Unit' });
    await expect.poll(() => within(units).getAllByRole('option').map((option) => option.textContent)).toEqual(['crate', 'pc', 'kg']);
    expect(units).toHaveValue('crate');
    await userEvent.selectOptions(units, 'kg');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ unit: 'kg' });
  });

  it('names the units in the console’s language and saves the unit’s own name', async () => {
    useConsoleLanguage.setState({ locale: 'ar' });
    onTestFinished(() => {
      useConsoleLanguage.setState({ locale: 'en' });
    });
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/units': ok({ items: [option(2, 'pc', { ar: 'قطعة' }), option(3, 'kg', { ar: 'كغ' }), option(4, 'pack')] }),
      'GET /console/products/7': ok({ product: lamp }),
      'PATCH /console/products/7': ok({ product: { ...lamp, unit: 'kg' } }, 'Product saved'),
    });
    renderConsole('/products/7');
    const units = await screen.findByRole('combobox', { name: 'Unit' });
    await expect.poll(() => within(units).getAllByRole('option').map((option) => option.textContent)).toEqual(['قطعة', 'كغ', 'pack']);
    expect(units).toHaveValue('pc');
    await userEvent.selectOptions(units, 'كغ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ unit: 'kg' });
  });

  it('shows the category and sub-category of a product opened by its address, the lists arriving after it', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /categories': ok({ categories: [{ id: 3, name: 'Lighting', slug: 'lighting', thumbnail: '', sub_categories: [{ id: 4, name: 'Lamps', slug: 'lamps' }, { id: 5, name: 'Floor lamps', slug: 'floor-lamps' }] }] }),
      'GET /console/products/7': ok({ product: { ...lamp, sub_category_id: 5 } }),
      'PATCH /console/products/7': ok({ product: { ...lamp, sub_category_id: 5 } }, 'Product saved'),
    });
    renderConsole('/products/7');
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await expect.poll(() => (category as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Lighting');
    const subCategory = screen.getByRole('combobox', { name: 'Sub-category' });
    await expect.poll(() => (subCategory as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Floor lamps');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ category_id: 3, sub_category_id: 5 });
  });

  it('shows a product read-only, with nothing to save or add, to a person who may read but not write the catalogue', async () => {
    const api = stubApi({
      'GET /console/me': ok(contentEditor),
      ...choices,
      'GET /console/products/7': ok({ product: { ...lamp, images: ['/media/uploads/library/front-1600.webp'], description: '<p>Warm light</p>' } }),
    });
    renderConsole('/products/7');
    expect(await screen.findByRole('note')).toHaveTextContent('You may view this product but not change it.');
    expect(screen.getByRole('textbox', { name: /^Name(?! in)/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Unit' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'SKU, variant 1' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Active, variant 1' })).toBeDisabled();
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture 1' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Add pictures')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove picture 1' })).not.toBeInTheDocument();
    for (const action of ['Save', 'Archive', 'Duplicate', 'Add variant', 'Stock: 4']) expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(api.calls('PATCH /console/products/7')).toEqual([]);
  });

  it('offers no new product to a person who may read but not write the catalogue', async () => {
    stubApi({ 'GET /console/me': ok(contentEditor), ...choices });
    renderConsole('/products/new');
    expect(await screen.findByText('You may view products but not add them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
  });

  it('chooses the brand and each variant\'s colour and size by name, searching, and saves their ids', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/brands': ok({ items: [option(2, 'Lumen'), option(5, 'Glow'), option(6, 'Old brand', { archived: true })] }),
      'GET /console/colors': ok({ items: [option(1, 'Red', { code: '#ff0000' }), option(2, 'Blue', { code: '#0000ff' }), option(3, 'Grey', { code: '#888888', archived: true })] }),
      'GET /console/sizes': ok({ items: [option(3, 'M'), option(4, 'L')] }),
      'GET /console/products/7': ok({ product: { ...lamp, brand_id: 2, variants: [{ ...lamp.variants[0]!, color_id: 1, size_id: 3 }] } }),
      'PATCH /console/products/7': ok({ product: lamp }, 'Product saved'),
    });
    renderConsole('/products/7');
    const brand = await screen.findByRole('button', { name: 'Brand' });
    await waitFor(() => expect(brand).toHaveTextContent('Lumen'));
    const color = screen.getByRole('button', { name: 'Color, variant 1' });
    expect(color).toHaveTextContent('Red');
    expect(screen.getByRole('button', { name: 'Size, variant 1' })).toHaveTextContent('M');

    await userEvent.click(color);
    const search = await screen.findByRole('combobox', { name: 'Color, variant 1' });
    expect(search).toHaveFocus();
    // Archived colours are not offered to a variant that does not have them.
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((choice) => choice.textContent)).toEqual(['None', 'Red✓', 'Blue']);
    await userEvent.keyboard('blu');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((choice) => choice.textContent)).toEqual(['Blue']);
    await userEvent.keyboard('{Enter}');
    expect(color).toHaveTextContent('Blue');
    expect(color).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Size, variant 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'L' }));
    await userEvent.click(brand);
    await userEvent.click(await screen.findByRole('option', { name: 'No brand' }));
    expect(brand).toHaveTextContent('No brand');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ brand_id: null, variants: [{ id: 11, color_id: 2, size_id: 4 }] });
  });

  it('archives after asking', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: lamp }),
      'POST /console/products/7/archive': ok({ product: { ...lamp, status: 'archived' } }, 'Product archived'),
    });
    renderConsole('/products/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Product archived')).toBeInTheDocument();
    expect(api.calls('POST /console/products/7/archive')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves the pictures in the order set with the keyboard', async () => {
    const pictures = ['/media/uploads/library/front-1600.webp', '/media/uploads/library/side-1600.webp'];
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: { ...lamp, images: pictures } }),
      'PATCH /console/products/7': ok({ product: { ...lamp, images: [...pictures].reverse() } }, 'Product saved'),
    });
    // The page has no layout here: each thumbnail is laid out 100 px after the one before, as a browser would.
    onTestFinished(() => void vi.restoreAllMocks());
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.tagName === 'LI' && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return DOMRect.fromRect({ x: index * 100, y: 0, width: 90, height: 90 });
    });
    renderConsole('/products/7');

    const first = await screen.findByRole('button', { name: 'Move picture 1' });
    first.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('img', { name: 'Picture 2' })).toHaveAttribute('src', pictures[0]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ images: [...pictures].reverse() });
  });

  it("adds a second picture to a variant's pictures and saves them in order", async () => {
    const uploads = stubUploads();
    const withPicture = { ...lamp, variants: [{ ...lamp.variants[0]!, images: ['/media/uploads/library/white-1600.webp'] }] };
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: withPicture }),
      'PATCH /console/products/7': ok({ product: withPicture }, 'Product saved'),
    });
    renderConsole('/products/7');

    const pictures = await screen.findByRole('group', { name: 'Pictures, variant 1' });
    expect(pictures).toHaveAccessibleDescription("The first picture shows for this variant in lists and the cart; without pictures it shows the product's.");
    await userEvent.upload(within(pictures).getByLabelText('Add pictures'), pictureFile('white-back.png'));
    await act(async () => uploads[0]!.answer(201, { message: 'Media uploaded', data: { media: { id: 9, url: '/media/uploads/library/white-back-1600.webp', width: 1600, height: 1200, variants: [] } } }));
    expect(within(pictures).getByRole('img', { name: 'Picture 2' })).toHaveAttribute('src', '/media/uploads/library/white-back-1600.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({
      variants: [{ id: 11, images: ['/media/uploads/library/white-1600.webp', '/media/uploads/library/white-back-1600.webp'] }],
    });
  });

  it('makes the selected description bold from the toolbar and saves it as HTML', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      'GET /console/products/7': ok({ product: { ...lamp, description: '<p>Warm light</p>' } }),
      'PATCH /console/products/7': ok({ product: { ...lamp, description: '<p><strong>Warm light</strong></p>' } }, 'Product saved'),
    });
    renderConsole('/products/7');

    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description).toHaveTextContent('Warm light');
    expect(screen.getByRole('textbox', { name: 'Description in العربية' })).toHaveAttribute('dir', 'rtl');
    await userEvent.click(description);
    await userEvent.keyboard('{Control>}a{/Control}');
    const bold = screen.getAllByRole('button', { name: 'Bold' })[0]!;
    await userEvent.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ description: '<p><strong>Warm light</strong></p>' });
  });
});

describe("the product editor's variants grid", () => {
  const colorsAndSizes = {
    'GET /console/colors': ok({ items: [option(1, 'White', { code: '#ffffff', ar: 'أبيض' }), option(2, 'Black', { code: '#000000' })] }),
    'GET /console/sizes': ok({ items: [option(3, 'M'), option(4, 'L')] }),
  };
  const skus = () => screen.getAllByRole('textbox', { name: /^SKU, variant \d+$/ }).map((input) => (input as HTMLInputElement).value);
  async function choose(picker: string, name: string) {
    await userEvent.click(screen.getByRole('button', { name: picker }));
    await userEvent.click(await screen.findByRole('option', { name }));
  }

  it('makes the rows of 2 colours × 2 sizes with suggested SKUs, fills the price and stock down, removes a row and saves the rest', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      ...colorsAndSizes,
      'POST /console/products': refused(422, 'The given data was invalid.', { 'variants.1.sku': ['The sku has already been taken.'] }),
    });
    renderConsole('/products/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name(?! in)/ }), 'Walk tee');
    await userEvent.type(screen.getByRole('textbox', { name: /^SKU(?!,)/ }), 'WT');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Lighting');
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Price(?!,)/ }), '20');
    await choose('Add a colour', 'White');
    await choose('Add a colour', 'Black');
    await choose('Add a size', 'M');
    await choose('Add a size', 'L');
    const colours = screen.getByRole('group', { name: 'Colours' });
    expect(within(colours).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['White×', 'Black×']);

    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));
    expect(skus()).toEqual(['WALK-TEE-WHITE-M', 'WALK-TEE-WHITE-L', 'WALK-TEE-BLACK-M', 'WALK-TEE-BLACK-L']);
    expect(screen.getByRole('button', { name: 'Color, variant 3' })).toHaveTextContent('Black');
    expect(screen.getByRole('button', { name: 'Size, variant 3' })).toHaveTextContent('M');

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price, variant 1' }), '25.5');
    await userEvent.click(screen.getByRole('button', { name: "Fill down the first row's price to every row" }));
    expect(screen.getAllByRole('spinbutton', { name: /^Price, variant \d+$/ }).map((input) => (input as HTMLInputElement).value)).toEqual(['25.5', '25.5', '25.5', '25.5']);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Initial stock, variant 1' }), '3');
    await userEvent.click(screen.getByRole('button', { name: "Fill down the first new row's initial stock to every new row" }));
    expect((screen.getByRole('spinbutton', { name: 'Initial stock, variant 4' }) as HTMLInputElement).value).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    expect(skus()).toEqual(['WALK-TEE-WHITE-M', 'WALK-TEE-BLACK-M', 'WALK-TEE-BLACK-L']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The sku has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SKU, variant 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/products')[0]!.body).toMatchObject({
      variants: [
        { sku: 'WALK-TEE-WHITE-M', color_id: 1, size_id: 3, price: 25.5, stock: 3 },
        { sku: 'WALK-TEE-BLACK-M', color_id: 2, size_id: 3, price: 25.5, stock: 3 },
        { sku: 'WALK-TEE-BLACK-L', color_id: 2, size_id: 4, price: 25.5, stock: 3 },
      ],
    });
  });

  it('leaves a removed saved variant out of the save, so the server retires it, and brings its row back with its values when its combination is made again', async () => {
    const white = { ...lamp.variants[0]!, color_id: 1, sku: 'LAMP-W', price: 41 };
    const black = { ...lamp.variants[0]!, id: 12, color_id: 2, sku: 'LAMP-B', stock: 0 };
    const api = stubApi({
      'GET /console/me': ok(seller),
      ...choices,
      ...colorsAndSizes,
      'GET /console/products/7': ok({ product: { ...lamp, variants: [white, black] } }),
      'PATCH /console/products/7': ok({ product: lamp }, 'Product saved'),
    });
    renderConsole('/products/7');
    const colours = await screen.findByRole('group', { name: 'Colours' });
    await waitFor(() => expect(within(colours).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['White×', 'Black×']));
    await choose('Add a size', 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Black' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));
    // The white lamp had no size: White / L is a new combination, and the saved rows leave the grid.
    expect(skus()).toEqual(['FLOOR-LAMP-WHITE-L']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove L' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));
    expect(skus()).toEqual(['LAMP-W']);
    expect(screen.getByRole('button', { name: 'Stock: 4' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Product saved')).length).toBeGreaterThan(0);
    expect(api.calls('PATCH /console/products/7')[0]!.body).toMatchObject({ variants: [{ id: 11, sku: 'LAMP-W', color_id: 1, price: 41 }] });
    expect((api.calls('PATCH /console/products/7')[0]!.body as { variants: unknown[] }).variants).toHaveLength(1);
  });
});
