import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { FormProvider, useController, useFieldArray, useForm, useFormContext, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { MAX_PRODUCT_IMAGES, MAX_VARIANT_IMAGES, productCreateSchema, productUpdateSchema, translatedLocales, type ConsoleProduct, type ProductCreate } from '../../../shared/catalog-console.contract.ts';
import { MediaUploader } from '../media/media-uploader.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Field, FieldError, FormField, FormSelect, inputClass, invalidProps, numberOr, RecordOptions, showServerErrors, textOrUndefined, useFormField } from '../../ui/form.tsx';
import { OptionPicker } from '../../ui/option-picker.tsx';
import { usePickerOptions } from './option-names.ts';
import { showToast } from '../../ui/toast.tsx';
import { ReviewBanner } from './review-banner.tsx';
import { catalogueChoices, productQueries, useCreateProduct, useProductAction, useUpdateProduct } from './product-queries.ts';
import { StatusBadge } from './status-badge.tsx';
import { StockDialog } from './stock-dialog.tsx';

/**
 * The editor's values: a new product's (the shared create schema's input), its variants with their
 * ids once saved, and pictures by their addresses (an upload's answer gives its library address).
 */
type ProductFormValues = Omit<z.input<typeof productCreateSchema>, 'images' | 'variants'> & {
  images: string[];
  variants: (Omit<z.input<typeof productCreateSchema>['variants'][number], 'images'> & { id?: number; images: string[] })[];
};

/** Each translation's language by its own name, as the language menu shows it. */
const languageNames: Record<(typeof translatedLocales)[number], string> = { ar: 'العربية', ir: 'فارسی' };

const newVariant = (): ProductFormValues['variants'][number] => ({ sku: '', barcode: '', color_id: null, size_id: null, price: null, discount_price: null, images: [], is_active: true, stock: 0 });
const emptyTranslations = () => Object.fromEntries(translatedLocales.map((locale) => [locale, { name: '', description: '' }]));

function valuesOf(product: ConsoleProduct | undefined): Partial<ProductFormValues> {
  if (!product) return { name: '', description: '', sku: '', tags: [], seo_title: '', seo_description: '', status: 'draft', translations: emptyTranslations(), images: [], variants: [newVariant()] };
  return {
    name: product.name,
    description: product.description,
    category_id: product.category_id,
    sub_category_id: product.sub_category_id,
    brand_id: product.brand_id,
    unit: product.unit,
    tags: product.tags,
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    // Archived and withheld are not chosen here: they stay as they are unless set to active or draft.
    status: product.status === 'active' || product.status === 'draft' ? product.status : undefined,
    sku: product.sku,
    price: product.price,
    discount_price: product.discount_price,
    translations: { ...emptyTranslations(), ...product.translations },
    images: product.images,
    variants: product.variants.map(({ id, sku, barcode, color_id, size_id, price, discount_price, images, is_active }) => ({ id, sku, barcode, color_id, size_id, price, discount_price, images, is_active })),
  };
}

/**
 * `/console/products/new` and `/console/products/:id`. Without `catalogue.write` the product is shown
 * read-only and no product is added: nothing is offered that the server would refuse.
 */
export function ProductEditorPage({ storeWide, canWrite }: { storeWide: boolean; canWrite: boolean }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const productId = id === undefined || id === 'new' ? undefined : Number(id);
  const product = useQuery({ ...productQueries.detail(productId ?? 0), enabled: productId !== undefined });
  if (productId === undefined) {
    if (!canWrite) {
      return (
        <PageFrame title={t('New product')}>
          <EmptyState message={t('You may view products but not add them.')} action={<Link to="/products" className={secondaryButtonClass}>{t('Back to products')}</Link>} />
        </PageFrame>
      );
    }
    return <ProductForm key="new" storeWide={storeWide} readOnly={false} />;
  }
  if (!product.data) {
    return <DetailPageState query={product} texts={{ title: t('Product'), notFound: t('Product not found'), back: { to: '/products', label: t('Back to products') }, loading: t('Loading products…') }} />;
  }
  return <ProductForm key={product.data.id} product={product.data} storeWide={storeWide} readOnly={!canWrite} />;
}

function ProductForm({ product, storeWide, readOnly }: { product?: ConsoleProduct; storeWide: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  // One form for both: a new product is checked by the create schema, an edit by the update schema (every field optional).
  const resolver = (product ? zodResolver(productUpdateSchema) : zodResolver(productCreateSchema)) as unknown as Resolver<ProductFormValues>;
  // Read-only: every field is disabled (and the rich text and pictures only shown); there is nothing to save.
  const form = useForm<ProductFormValues>({ resolver, defaultValues: valuesOf(product), disabled: readOnly });

  const save = form.handleSubmit(async (values) => {
    try {
      const answer = product ? await update.mutateAsync(values) : await create.mutateAsync(values as ProductCreate);
      showToast(answer.message);
      if (!product) void navigate(`/products/${answer.data.product.id}`, { replace: true });
      else form.reset(valuesOf(answer.data.product));
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <PageFrame title={product ? product.name : t('New product')}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-3">
            {product && <StatusBadge status={product.status} />}
            <Link to="/products" className={textButtonClass}>
              {t('Back to products')}
            </Link>
            {readOnly ? (
              <p role="note" className="ms-auto text-sm text-slate-600">
                {t('You may view this product but not change it.')}
              </p>
            ) : (
              <div className="ms-auto flex gap-2">
                {product && <ProductActions product={product} />}
                <button type="submit" disabled={form.formState.isSubmitting} className={primaryButtonClass}>
                  {t('Save')}
                </button>
              </div>
            )}
          </div>
          {product && <ReviewBanner review={product.review} />}

          <Section title={t('Basics')}>
            <FormField<ProductFormValues> name="name" label={t('Name')} />
            <FormField<ProductFormValues> name="sku" label={t('SKU')} />
            <RichTextField<ProductFormValues> name="description" label={t('Description')} className="md:col-span-2" />
            <CategoryFields />
            {storeWide && !product && <ShopField />}
            <BrandField current={product?.brand_id} />
            <UnitField current={product?.unit} />
            <TagsField />
            <FormSelect<ProductFormValues> name="status" label={t('Status')} options={{ setValueAs: textOrUndefined }}>
              {!product || product.status === 'active' || product.status === 'draft' ? null : <option value="">{t('Unchanged')}</option>}
              <option value="draft">{t('Draft')}</option>
              <option value="active">{t('Active')}</option>
            </FormSelect>
          </Section>

          <Section title={t('Pictures')}>
            <PicturesField />
          </Section>

          <Section title={t('Prices')}>
            <FormField<ProductFormValues> name="price" label={t('Price')} type="number" options={{ setValueAs: numberOr(undefined) }} />
            <FormField<ProductFormValues> name="discount_price" label={t('Discount price')} type="number" options={{ setValueAs: numberOr(undefined) }} />
          </Section>

          <Section title={t('Search engines')}>
            <FormField<ProductFormValues> name="seo_title" label={t('SEO title')} />
            <FormField<ProductFormValues> name="seo_description" label={t('SEO description')} />
          </Section>

          <Section title={t('Translations')}>
            {translatedLocales.map((locale) => (
              <div key={locale} lang={locale === 'ir' ? 'fa' : locale} className="flex flex-col gap-3">
                <FormField<ProductFormValues> name={`translations.${locale}.name`} label={t('Name in {{language}}', { language: languageNames[locale] })} />
                <RichTextField<ProductFormValues> name={`translations.${locale}.description`} label={t('Description in {{language}}', { language: languageNames[locale] })} dir="rtl" />
              </div>
            ))}
          </Section>

          <VariantsTable product={product} readOnly={readOnly} />
        </form>
      </FormProvider>
      {product && <HistorySection entityType="product" entityId={product.id} />}
    </PageFrame>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 md:grid-cols-2">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Server errors of pictures name one (`images.2`): the first is shown under them all. */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof errors.message === 'string') return errors.message;
  return Object.values(errors).map(firstMessage).find(Boolean);
}

/** The product's pictures, the first its thumbnail. */
function PicturesField() {
  const { t } = useTranslation();
  const { field, fieldState } = useController<ProductFormValues, 'images'>({ name: 'images' });
  return (
    <div className="md:col-span-2">
      <MediaUploader
        label={t('Product pictures')}
        hint={t('The first picture is the thumbnail. To change the order, drag a picture, or focus it and press space, then the arrow keys.')}
        value={field.value}
        onChange={field.onChange}
        max={MAX_PRODUCT_IMAGES}
        error={firstMessage(fieldState.error)}
        readOnly={field.disabled}
      />
    </div>
  );
}

/** A variant's own pictures, the first shown for it in lists and the cart; none shows the product's. */
function VariantPictures({ index }: { index: number }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<ProductFormValues, `variants.${number}.images`>({ name: `variants.${index}.images` });
  return (
    <MediaUploader
      label={t('{{field}}, variant {{number}}', { field: t('Pictures'), number: index + 1 })}
      hint={t("The first picture shows for this variant in lists and the cart; without pictures it shows the product's.")}
      value={field.value}
      onChange={field.onChange}
      max={MAX_VARIANT_IMAGES}
      error={firstMessage(fieldState.error)}
      readOnly={field.disabled}
    />
  );
}

function CategoryFields() {
  const { t } = useTranslation();
  const { watch } = useFormContext<ProductFormValues>();
  const categories = useQuery(catalogueChoices.categories);
  const chosen = categories.data?.find((category) => category.id === watch('category_id'));
  return (
    <>
      <FormSelect<ProductFormValues> name="category_id" label={t('Category')} options={{ setValueAs: numberOr(undefined) }}>
        <option value="">{t('Choose a category')}</option>
        <RecordOptions records={categories.data} />
      </FormSelect>
      <FormSelect<ProductFormValues> name="sub_category_id" label={t('Sub-category')} options={{ setValueAs: numberOr(null) }}>
        <option value="">{t('None')}</option>
        <RecordOptions records={chosen?.sub_categories} />
      </FormSelect>
    </>
  );
}

/**
 * The unit the product is sold by, one of the store's units (decision 032): the active ones, and the
 * one the product has even when archived since. A new product starts with the first.
 */
function UnitField({ current }: { current?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const units = useQuery(catalogueChoices.units);
  const { getValues, setValue } = useFormContext<ProductFormValues>();
  const {
    field: { ref, name, value, onChange, onBlur, disabled },
    fieldState,
  } = useController<ProductFormValues, 'unit'>({ name: 'unit' });
  const active = units.data?.filter((unit) => !unit.archived).map((unit) => unit.name) ?? [];
  const choices = current === undefined || active.includes(current) ? active : [current, ...active];
  const first = active[0];
  useEffect(() => {
    if (first !== undefined && getValues('unit') === undefined) setValue('unit', first);
  }, [first, getValues, setValue]);
  const error = fieldState.error?.message;
  return (
    <Field id={id} label={t('Unit')} error={error}>
      {/* Controlled: the list arrives after the form, and the select shows the product's unit whenever it does. */}
      <select {...invalidProps(id, error)} ref={ref} name={name} value={value ?? ''} onChange={onChange} onBlur={onBlur} disabled={disabled} className={inputClass}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The product's brand, chosen by name among the store's brands (the one it has kept even when archived since). */
function BrandField({ current }: { current?: number | null }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<ProductFormValues, 'brand_id'>({ name: 'brand_id' });
  const { id, error, controlProps } = useFormField<ProductFormValues>('brand_id');
  const options = usePickerOptions('brands', [current]);
  return (
    <Field id={id} label={t('Brand')} error={error}>
      <OptionPicker
        id={controlProps.id}
        label={t('Brand')}
        value={field.value}
        options={options}
        onChange={field.onChange}
        onBlur={field.onBlur}
        noneLabel={t('No brand')}
        placeholder={t('No brand')}
        disabled={field.disabled}
        invalid={Boolean(fieldState.error)}
        describedBy={controlProps['aria-describedby']}
        buttonRef={field.ref}
      />
    </Field>
  );
}

/** A variant's colour or size, chosen by name (a colour with its swatch); none: the product has no such option. */
function VariantOptionCell({ index, kind, product }: { index: number; kind: 'colors' | 'sizes'; product?: ConsoleProduct }) {
  const { t } = useTranslation();
  const name = kind === 'colors' ? ('color_id' as const) : ('size_id' as const);
  const { field, fieldState } = useController<ProductFormValues, `variants.${number}.${typeof name}`>({ name: `variants.${index}.${name}` });
  const options = usePickerOptions(kind, product?.variants.map((variant) => variant[name]) ?? []);
  const label = t('{{field}}, variant {{number}}', { field: kind === 'colors' ? t('Color') : t('Size'), number: index + 1 });
  return (
    <td className="px-2 py-2 align-top">
      <OptionPicker
        label={label}
        value={field.value}
        options={options}
        onChange={field.onChange}
        onBlur={field.onBlur}
        noneLabel={t('None')}
        placeholder={t('None')}
        disabled={field.disabled}
        invalid={Boolean(fieldState.error)}
        buttonRef={field.ref}
      />
      <FieldError error={fieldState.error} />
    </td>
  );
}

/** The store's staff say which shop a new product belongs to; a seller's people always add to their own. */
function ShopField() {
  const { t } = useTranslation();
  const shops = useQuery(catalogueChoices.shops);
  return (
    <FormSelect<ProductFormValues> name="shop_id" label={t('Shop')} options={{ setValueAs: numberOr(undefined) }}>
      <option value="">{t('Choose a shop')}</option>
      <RecordOptions records={shops.data} />
    </FormSelect>
  );
}

/** Tags typed as one text, separated by commas. */
function TagsField() {
  const { t } = useTranslation();
  return (
    <FormField<ProductFormValues>
      name="tags"
      label={t('Tags')}
      hint={<span className="text-xs font-normal text-slate-500">{t('Separate tags with commas.')}</span>}
      options={{ setValueAs: (value: unknown) => (Array.isArray(value) ? value : String(value ?? '').split(',').map((tag) => tag.trim()).filter(Boolean)) }}
    />
  );
}

function VariantsTable({ product, readOnly }: { product?: ConsoleProduct; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const cell = (index: number, name: 'sku' | 'barcode' | 'price' | 'discount_price' | 'stock', label: string) => {
    const numeric = name !== 'sku' && name !== 'barcode';
    const error = formState.errors.variants?.[index]?.[name];
    return (
      <td className="px-2 py-2 align-top">
        <input
          type={numeric ? 'number' : 'text'}
          step={numeric ? 'any' : undefined}
          aria-label={t('{{field}}, variant {{number}}', { field: label, number: index + 1 })}
          aria-invalid={error ? true : undefined}
          {...register(`variants.${index}.${name}`, numeric ? { setValueAs: numberOr(name === 'stock' ? undefined : null) } : {})}
          className={`${inputClass} w-full min-w-20`}
        />
        <FieldError error={error} />
      </td>
    );
  };
  const headers = [t('SKU'), t('Barcode'), t('Color'), t('Size'), t('Price'), t('Discount price'), t('Active'), t('Stock')];
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('Variants')}</legend>
      <FieldError error={formState.errors.variants?.root ?? formState.errors.variants} />
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-slate-600">
            <tr>
              {headers.map((header) => <th key={header} scope="col" className="px-2 py-1 text-start font-semibold">{header}</th>)}
            </tr>
          </thead>
          <tbody>
            {variants.fields.map((field, index) => {
              const saved = product?.variants.find((variant) => variant.id === field.id);
              return (
                <tr key={field.key} className="border-t border-slate-100">
                  {cell(index, 'sku', t('SKU'))}
                  {cell(index, 'barcode', t('Barcode'))}
                  <VariantOptionCell index={index} kind="colors" product={product} />
                  <VariantOptionCell index={index} kind="sizes" product={product} />
                  {cell(index, 'price', t('Price'))}
                  {cell(index, 'discount_price', t('Discount price'))}
                  <td className="px-2 py-2 align-top">
                    <input type="checkbox" aria-label={t('{{field}}, variant {{number}}', { field: t('Active'), number: index + 1 })} {...register(`variants.${index}.is_active`)} className="size-5" />
                  </td>
                  {saved && readOnly ? (
                    <td className="px-2 py-2 align-top">{formatNumber(saved.stock)}</td>
                  ) : saved && product ? (
                    <td className="px-2 py-2 align-top"><StockDialog productId={product.id} variant={saved} /></td>
                  ) : product ? (
                    <td className="px-2 py-2 align-top text-slate-500">{t('After saving')}</td>
                  ) : (
                    cell(index, 'stock', t('Initial stock'))
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {variants.fields.map((field, index) => (
          <VariantPictures key={field.key} index={index} />
        ))}
      </div>
      {!readOnly && (
        <button type="button" onClick={() => variants.append(product ? { ...newVariant(), stock: undefined } : newVariant())} className={`${secondaryButtonClass} self-start`}>
          {t('Add variant')}
        </button>
      )}
    </fieldset>
  );
}

/** Duplicate into a new draft, or archive: both asked first. */
function ProductActions({ product }: { product: ConsoleProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useProductAction(product.id, 'duplicate');
  const archive = useProductAction(product.id, 'archive');
  return (
    <>
      <ConfirmDialog
        trigger={<button type="button" className={secondaryButtonClass}>{t('Duplicate')}</button>}
        title={t('Duplicate this product?')}
        description={t('A copy is saved as a draft, with new SKUs and no stock.')}
        confirmLabel={t('Duplicate')}
        onConfirm={async () => {
          const answer = await duplicate.mutateAsync();
          showToast(answer.message);
          void navigate(`/products/${answer.data.product.id}`);
        }}
      />
      {product.status !== 'archived' && (
        <ConfirmDialog
          trigger={<button type="button" className={secondaryButtonClass}>{t('Archive')}</button>}
          title={t('Archive this product?')}
          description={t('It leaves the storefront; nothing is deleted.')}
          confirmLabel={t('Archive')}
          onConfirm={async () => showToast((await archive.mutateAsync()).message)}
        />
      )}
    </>
  );
}
