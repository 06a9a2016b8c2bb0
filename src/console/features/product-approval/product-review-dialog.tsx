import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import { productReviewRejectionSchema, type ProductReviewRejection, type ProductReviewRow } from '../../../shared/product-review-console.contract.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { Field, invalidProps, showServerErrors, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { catalogueChoices } from '../products/product-queries.ts';
import { useVariantOptionNames } from '../products/option-names.ts';
import { consoleLanguages, useLocalName } from '../language/console-language.ts';
import { statusLabel } from '../products/status-badge.tsx';
import { changedFields, comparedFields, type ComparedField } from './product-changes.ts';
import { productReviewQueries, useApproveProductReview, useRejectProductReview } from './product-review-queries.ts';

/** Sanitised HTML as the words it shows (the comparison is of text, not markup). */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

function useFieldLabels(): Record<ComparedField, string> {
  const { t } = useTranslation();
  return {
    name: t('Name'),
    status: t('Status'),
    sku: t('SKU'),
    price: t('Price'),
    discount_price: t('Discount price'),
    tax_rate: t('Tax rate'),
    category_id: t('Category'),
    sub_category_id: t('Sub-category'),
    brand_id: t('Brand'),
    unit: t('Unit'),
    tags: t('Tags'),
    description: t('Description'),
    translations: t('Translations'),
    images: t('Pictures'),
    variants: t('Variants'),
    seo_title: t('SEO title'),
    seo_description: t('SEO description'),
  };
}

/** One field of a product as the reviewer reads it. */
function FieldValue({ product, field }: { product: ConsoleProduct; field: ComparedField }) {
  const { t } = useTranslation();
  const categories = useQuery(catalogueChoices.categories);
  const brands = useQuery(catalogueChoices.options('brands'));
  const units = useQuery(catalogueChoices.units);
  const localName = useLocalName();
  const variantOptions = useVariantOptionNames();
  const id = (value: number | null) => (value === null ? '—' : `#${value}`);
  const category = categories.data?.find((candidate) => candidate.id === product.category_id);
  switch (field) {
    case 'status':
      return statusLabel(product.status);
    case 'price':
    case 'discount_price':
      return formatNumber(product[field], 2);
    case 'tax_rate':
      return product.tax_rate === null ? t('Store rate') : `${formatNumber(product.tax_rate, 2)}%`;
    case 'category_id':
      return category?.name ?? id(product.category_id);
    case 'sub_category_id':
      return category?.sub_categories.find((sub) => sub.id === product.sub_category_id)?.name ?? id(product.sub_category_id);
    case 'brand_id':
      return brands.data?.find((brand) => brand.id === product.brand_id)?.name ?? id(product.brand_id);
    case 'unit': {
      const unit = units.data?.find((candidate) => candidate.name === product.unit);
      return unit ? localName(unit) : product.unit;
    }
    case 'tags':
      return product.tags.join(', ') || '—';
    case 'description':
      return <span className="line-clamp-6 whitespace-pre-line">{plainText(product.description) || '—'}</span>;
    case 'translations':
      return (
        <ul>
          {Object.entries(product.translations).map(([locale, texts]) => (
            <li key={locale}>
              {consoleLanguages.find((language) => language.locale === locale)?.name ?? locale}: <bdi>{texts.name ?? '—'}</bdi>
            </li>
          ))}
        </ul>
      );
    case 'images':
      return <Thumbnails urls={product.images} />;
    case 'variants':
      return (
        <ul>
          {product.variants.map((variant) => (
            <li key={variant.id}>
              <span dir="ltr">{variant.sku}</span>
              {variantOptions(variant) && <> · <bdi>{variantOptions(variant)}</bdi></>} · {variant.price === null ? t('Product price') : formatNumber(variant.price, 2)} · {variant.is_active ? t('Active') : t('Inactive')}
              {variant.images.length > 0 && <Thumbnails urls={variant.images} />}
            </li>
          ))}
        </ul>
      );
    default:
      return product[field] || '—';
  }
}

/**
 * A seller's proposed change beside the product as the storefront shows it now (changed fields
 * marked), with Approve and Reject-with-reason while it waits; opened from the proposal's name.
 */
export function ProductReviewDialog({ review }: { review: ProductReviewRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const description =
    review.kind === 'create' ? t('A new product from {{shop}}: it is not on sale until approved.', { shop: review.shop.name }) : t('A change from {{shop}}: the store shows the current version until it is approved.', { shop: review.shop.name });
  return (
    <ConsoleDialog
      wide
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={`${textButtonClass} text-start`}>
          {review.proposed_name}
        </button>
      }
      title={t('Review {{product}}', { product: review.proposed_name })}
      description={description}
    >
      <ProductReview review={review} onDecided={() => setOpen(false)} />
    </ConsoleDialog>
  );
}

/** The open dialog's comparison and decision (mounted only while it is open, so each opening loads the proposal and starts undecided). */
function ProductReview({ review, onDecided }: { review: ProductReviewRow; onDecided(): void }) {
  const { t } = useTranslation();
  const detail = useQuery(productReviewQueries.detail(review.id));
  const labels = useFieldLabels();
  const [rejecting, setRejecting] = useState(false);
  const form = useForm<ProductReviewRejection>({ resolver: zodResolver(productReviewRejectionSchema), defaultValues: { reason: '' } });
  const product = review.proposed_name;
  const approve = useApproveProductReview(review);
  const reject = useRejectProductReview(review);
  // Awaited rather than `mutate`'s callbacks: the queue asked again drops the row this dialog opened from, and the toast must still come.
  const approveNow = async () => {
    try {
      await approve.mutateAsync();
      showToast(t('The change to {{product}} is approved.', { product }));
      onDecided();
    } catch (error) {
      showServerErrors(error, form.setError, []);
    }
  };
  const submitRejection = form.handleSubmit(async (values) => {
    try {
      await reject.mutateAsync(values);
      showToast(t('The change to {{product}} is rejected.', { product }));
      onDecided();
    } catch (error) {
      showServerErrors(error, form.setError, ['reason']);
    }
  });
  const reasonError = form.formState.errors.reason?.message;

  let body: ReactNode;
  if (detail.isPending) body = <p className="text-slate-600">{t('Loading…')}</p>;
  else if (detail.isError) body = <LoadFailed onRetry={() => void detail.refetch()} />;
  else {
    const { current, proposed } = detail.data;
    const changed = changedFields(current, proposed);
    body = (
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Current and proposed values')}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('Field')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('Current')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('Proposed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {comparedFields.map((field) => (
            <tr key={field} data-changed={changed.has(field) || undefined} className={`border-t border-slate-100 align-top ${changed.has(field) ? 'bg-amber-50' : ''}`}>
              <th scope="row" className="px-3 py-2 text-start font-medium text-slate-700">
                {labels[field]}
                {changed.has(field) && current !== null && <span className="ms-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900">{t('Changed')}</span>}
              </th>
              <td className="px-3 py-2 text-slate-800">{current === null ? '—' : <FieldValue product={current} field={field} />}</td>
              <td className={`px-3 py-2 text-slate-900 ${changed.has(field) ? 'font-semibold' : ''}`}>
                <FieldValue product={proposed} field={field} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <>
      {body}
      {review.status !== 'pending' ? (
        review.reason && <p className="text-sm text-slate-700">{t('Rejected: {{reason}}', { reason: review.reason })}</p>
      ) : rejecting ? (
        <form noValidate onSubmit={(event) => void submitRejection(event)} className="flex flex-col gap-4">
          <Field id="review-reason" label={t('Reason')} error={reasonError}>
            <textarea {...form.register('reason')} {...invalidProps('review-reason', reasonError)} className={textareaClass} />
          </Field>
          <DialogButtons busy={reject.isPending} confirm={t('Reject')} />
        </form>
      ) : (
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => setRejecting(true)}>
            {t('Reject')}
          </button>
          <button type="button" className={primaryButtonClass} disabled={approve.isPending || !detail.isSuccess} onClick={() => void approveNow()}>
            {t('Approve')}
          </button>
        </div>
      )}
    </>
  );
}

function Thumbnails({ urls }: { urls: readonly string[] }) {
  return (
    <div className="flex flex-wrap gap-1">
      {urls.length === 0 ? '—' : urls.map((url) => <img key={url} src={url} alt="" className="size-12 rounded border border-slate-200 object-cover" />)}
    </div>
  );
}
