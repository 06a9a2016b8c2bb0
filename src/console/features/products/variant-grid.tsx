import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { MAX_VARIANT_IMAGES, type ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import { TableBox } from '../../ui/data-table.tsx';
import { FieldError, inputClass, numberOr } from '../../ui/form.tsx';
import { ControlledOptionPicker, OptionPicker, Swatch } from '../../ui/option-picker.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import { usePickerOptions } from './option-names.ts';
import { catalogueChoices } from './product-queries.ts';
import { firstMessage, newVariant, type ProductFormValues, type VariantValues } from './product-form.ts';
import { StockDialog } from './stock-dialog.tsx';
import { combinationsOf, gridRows } from './variant-combinations.ts';

type OptionField = 'color_id' | 'size_id';
const fieldOf: Record<'colors' | 'sizes', OptionField> = { colors: 'color_id', sizes: 'size_id' };
const chosenIn = (rows: readonly VariantValues[], field: OptionField) => [...new Set(rows.flatMap((row) => (typeof row[field] === 'number' ? [row[field]] : [])))];

/** The default-language names of colours and sizes, which SKUs are made of (a translation may not be in Latin letters). */
function useSkuOptionNames() {
  const colors = useQuery(catalogueChoices.options('colors'));
  const sizes = useQuery(catalogueChoices.options('sizes'));
  return (kind: 'colors' | 'sizes', id: number | null | undefined) => (kind === 'colors' ? colors : sizes).data?.find((item) => item.id === id)?.name;
}

/**
 * The product's variants: the colours and sizes it comes in, made into a grid of their combinations
 * (price, stock and SKU per row), filled down a column, rows removed. A removed row that was saved is
 * retired on saving: it leaves the storefront, its stock history and orders stay (decision 020).
 */
export function VariantsGrid({ product, readOnly }: { product?: ConsoleProduct; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control, register, formState, getValues, setValue } = useFormContext<ProductFormValues>();
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const [chosen, setChosen] = useState(() => ({ colors: chosenIn(getValues('variants'), 'color_id'), sizes: chosenIn(getValues('variants'), 'size_id') }));
  const optionName = useSkuOptionNames();
  const hintId = useId();

  const makeGrid = () => {
    const rows = getValues('variants');
    // A saved row removed before comes back with its values, as the server would bring its variant back.
    const saved = (formState.defaultValues?.variants ?? []) as VariantValues[];
    const removed = saved.filter((row) => row.id !== undefined && !rows.some((other) => other.id === row.id));
    variants.replace(gridRows([...rows, ...removed], combinationsOf(chosen.colors, chosen.sizes), { blank: newVariant, productName: getValues('name') || getValues('sku') || '', optionName }));
  };
  /** The first row's value to the rows below it: every row's price; the initial stock of every row not saved yet (a saved one's moves through the ledger). */
  const fillDown = (name: 'price' | 'stock') => {
    const rows = getValues('variants');
    const [first, ...rest] = rows.flatMap((row, index) => (name === 'price' || row.id === undefined ? [index] : []));
    if (first === undefined) return;
    for (const index of rest) setValue(`variants.${index}.${name}`, rows[first]![name], { shouldDirty: true });
  };
  const newRows = variants.fields.filter((field) => field.id === undefined).length;

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
          className={`${inputClass} w-full ${name === 'sku' ? 'min-w-48' : 'min-w-20'}`}
        />
        <FieldError error={error} />
      </td>
    );
  };
  const header = (text: string, fill?: { name: 'price' | 'stock'; label: string }) => (
    <th key={text} scope="col" className="px-2 py-1 text-start align-bottom font-semibold">
      <span className="flex flex-wrap items-center gap-x-2">
        {text}
        {fill && (
          <button type="button" aria-label={fill.label} onClick={() => fillDown(fill.name)} className={`${textButtonClass} text-xs font-normal`}>
            {t('Fill down')} <span aria-hidden="true">↓</span>
          </button>
        )}
      </span>
    </th>
  );
  const canFill = !readOnly && variants.fields.length > 1;

  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('Variants')}</legend>
      {!readOnly && (
        <div className="flex flex-col gap-3">
          <div className="grid gap-4 md:grid-cols-2">
            <OptionChoices kind="colors" label={t('Colours')} addLabel={t('Add a colour')} chosen={chosen.colors} product={product} onChange={(colors) => setChosen({ ...chosen, colors })} />
            <OptionChoices kind="sizes" label={t('Sizes')} addLabel={t('Add a size')} chosen={chosen.sizes} product={product} onChange={(sizes) => setChosen({ ...chosen, sizes })} />
          </div>
          <div className="flex flex-col items-start gap-1">
            <button type="button" onClick={makeGrid} aria-describedby={hintId} className={secondaryButtonClass}>
              {t('Make the combinations')}
            </button>
            <p id={hintId} className="text-sm text-slate-600">
              {t('A row for each colour and size chosen. Rows already there keep their values; rows of other combinations leave the grid, and a saved one is retired when you save: it leaves the storefront, its stock history and orders stay.')}
            </p>
          </div>
        </div>
      )}
      <FieldError error={formState.errors.variants?.root ?? formState.errors.variants} />
      <TableBox label={t('Variants')}>
        <table className="w-full text-sm">
          <thead className="text-slate-600">
            <tr>
              {header(t('SKU'))}
              {header(t('Barcode'))}
              {header(t('Color'))}
              {header(t('Size'))}
              {header(t('Price'), canFill ? { name: 'price', label: t("Fill down the first row's price to every row") } : undefined)}
              {header(t('Discount price'))}
              {header(t('Active'))}
              {header(t('Stock'), canFill && newRows > 1 ? { name: 'stock', label: t("Fill down the first new row's initial stock to every new row") } : undefined)}
              {!readOnly && (
                <th scope="col" className="px-2 py-1">
                  <span className="sr-only">{t('Actions')}</span>
                </th>
              )}
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
                    <td className="px-2 py-2 align-top">
                      <StockDialog productId={product.id} variant={saved} />
                    </td>
                  ) : (
                    cell(index, 'stock', t('Initial stock'))
                  )}
                  {!readOnly && (
                    <td className="px-2 py-2 align-top">
                      <button type="button" onClick={() => variants.remove(index)} aria-label={t('Remove variant {{number}}', { number: index + 1 })} className={textButtonClass}>
                        {t('Remove')}
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableBox>
      <div className="grid gap-4 md:grid-cols-2">
        {variants.fields.map((field, index) => (
          <VariantPictures key={field.key} index={index} />
        ))}
      </div>
      {!readOnly && (
        <button type="button" onClick={() => variants.append(newVariant())} className={`${secondaryButtonClass} self-start`}>
          {t('Add variant')}
        </button>
      )}
    </fieldset>
  );
}

/** The colours (or sizes) the product comes in: each with a button to take it out, and a picker to add one. */
function OptionChoices({ kind, label, addLabel, chosen, product, onChange }: { kind: 'colors' | 'sizes'; label: string; addLabel: string; chosen: number[]; product?: ConsoleProduct; onChange(ids: number[]): void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const options = usePickerOptions(kind, product?.variants.map((variant) => variant[fieldOf[kind]]) ?? []);
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {chosen.map((id) => {
            const option = options.find((candidate) => candidate.id === id);
            const name = option?.name ?? `#${id}`;
            return (
              <li key={id} className="flex items-center gap-2 rounded-full border border-slate-300 bg-slate-50 py-1 ps-3 pe-1 text-sm text-slate-800">
                <Swatch color={option?.swatch} />
                {name}
                <button type="button" onClick={() => onChange(chosen.filter((other) => other !== id))} aria-label={t('Remove {{name}}', { name })} className="rounded-full px-2 text-slate-600 hover:bg-slate-200">
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <OptionPicker label={addLabel} value={null} options={options.filter((option) => !chosen.includes(option.id))} onChange={(id) => id !== null && onChange([...chosen, id])} placeholder={addLabel} />
    </div>
  );
}

/** A variant's colour or size, chosen by name (a colour with its swatch); none: the product has no such option. */
function VariantOptionCell({ index, kind, product }: { index: number; kind: 'colors' | 'sizes'; product?: ConsoleProduct }) {
  const { t } = useTranslation();
  const name = fieldOf[kind];
  const { formState } = useFormContext<ProductFormValues>();
  const options = usePickerOptions(kind, product?.variants.map((variant) => variant[name]) ?? []);
  return (
    <td className="px-2 py-2 align-top">
      <ControlledOptionPicker<ProductFormValues>
        name={`variants.${index}.${name}`}
        label={t('{{field}}, variant {{number}}', { field: kind === 'colors' ? t('Color') : t('Size'), number: index + 1 })}
        options={options}
        noneLabel={t('None')}
        placeholder={t('None')}
      />
      <FieldError error={formState.errors.variants?.[index]?.[name]} />
    </td>
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
