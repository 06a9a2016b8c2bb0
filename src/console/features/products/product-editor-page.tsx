import { languageTagOf } from '../../../shared/constants.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { FormProvider, useController, useForm, useFormContext, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { MAX_PRODUCT_IMAGES, productCreateSchema, productUpdateSchema, translatedLocales, type ConsoleProduct, type ProductCreate } from '../../../shared/catalog-console.contract.ts';
import { MediaUploader } from '../media/media-uploader.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Field, FormField, FormSelect, inputClass, invalidProps, numberOr, RecordOptions, showServerErrors, textOrUndefined, useFormField } from '../../ui/form.tsx';
import { ControlledOptionPicker } from '../../ui/option-picker.tsx';
import { usePickerOptions } from './option-names.ts';
import { useLocalName } from '../language/console-language.ts';
import { showToast } from '../../ui/toast.tsx';
import { ReviewBanner } from './review-banner.tsx';
import { catalogueChoices, productQueries, useCreateProduct, useProductAction, useUpdateProduct } from './product-queries.ts';
import { StatusBadge } from './status-badge.tsx';
import { firstMessage, newVariant, type ProductFormValues } from './product-form.ts';
import { VariantsGrid } from './variant-grid.tsx';
import { translationLanguageNames } from '../../ui/translated-field.tsx';

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
    tax_rate: product.tax_rate,
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
                <button type="submit" disabled={create.isPending || update.isPending} className={primaryButtonClass}>
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
            <FormField<ProductFormValues>
              name="tax_rate"
              label={t('Tax rate (%)')}
              type="number"
              options={{ setValueAs: numberOr(null) }}
              hint={<p className="text-sm text-slate-600">{t('Empty: the store rate.')}</p>}
            />
          </Section>

          <Section title={t('Search engines')}>
            <FormField<ProductFormValues> name="seo_title" label={t('SEO title')} />
            <FormField<ProductFormValues> name="seo_description" label={t('SEO description')} />
          </Section>

          <Section title={t('Translations')}>
            {translatedLocales.map((locale) => (
              <div key={locale} lang={languageTagOf(locale)} className="flex flex-col gap-3">
                <FormField<ProductFormValues> name={`translations.${locale}.name`} label={t('Name in {{language}}', { language: translationLanguageNames[locale] })} />
                <RichTextField<ProductFormValues> name={`translations.${locale}.description`} label={t('Description in {{language}}', { language: translationLanguageNames[locale] })} dir="rtl" />
              </div>
            ))}
          </Section>

          <VariantsGrid product={product} readOnly={readOnly} />
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
  const localName = useLocalName();
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
        {choices.map((choice) => {
          const unit = units.data?.find((candidate) => candidate.name === choice);
          return (
            <option key={choice} value={choice}>
              {unit ? localName(unit) : choice}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/** The product's brand, chosen by name among the store's brands (the one it has kept even when archived since). */
function BrandField({ current }: { current?: number | null }) {
  const { t } = useTranslation();
  const { id, error, controlProps } = useFormField<ProductFormValues>('brand_id');
  const options = usePickerOptions('brands', [current]);
  return (
    <Field id={id} label={t('Brand')} error={error}>
      <ControlledOptionPicker<ProductFormValues>
        name="brand_id"
        id={controlProps.id}
        label={t('Brand')}
        options={options}
        noneLabel={t('No brand')}
        placeholder={t('No brand')}
        describedBy={controlProps['aria-describedby']}
      />
    </Field>
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
        mutation={duplicate}
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
          mutation={archive}
          onConfirm={async () => showToast((await archive.mutateAsync()).message)}
        />
      )}
    </>
  );
}
