import { useState } from 'react';
import type { ProductDetails, ProductVariant } from '../../../shared/catalog.contract.ts';

/** The shopper's colour and size on a product page, and the variant (SKU) they pick once complete. */
export interface VariantChoice {
  colorId: number | undefined;
  sizeId: number | undefined;
  chooseColor: (id: number) => void;
  chooseSize: (id: number) => void;
  /** Set once every option the product has is chosen (at once for a product without options). */
  variant: ProductVariant | undefined;
  /** Units to sell: the chosen variant's, none for a combination not sold, the product's until the choice is complete. */
  stock: number;
  /** No variant in stock has this colour (with the chosen size, if any). */
  colorSoldOut: (id: number) => boolean;
  sizeSoldOut: (id: number) => boolean;
}

export function useVariantChoice(product: ProductDetails): VariantChoice {
  const [colorId, chooseColor] = useState<number>();
  const [sizeId, chooseSize] = useState<number>();
  const color = product.colors.length > 0 ? colorId : null;
  const size = product.sizes.length > 0 ? sizeId : null;
  const complete = color !== undefined && size !== undefined;
  const variant = complete ? product.variants.find((entry) => entry.color_id === color && entry.size_id === size) : undefined;
  const inStock = (matches: (entry: ProductVariant) => boolean) => product.variants.some((entry) => entry.stock > 0 && matches(entry));
  return {
    colorId,
    sizeId,
    chooseColor,
    chooseSize,
    variant,
    stock: variant?.stock ?? (complete ? 0 : product.quantity),
    colorSoldOut: (id) => !inStock((entry) => entry.color_id === id && (sizeId === undefined || entry.size_id === sizeId)),
    sizeSoldOut: (id) => !inStock((entry) => entry.size_id === id && (colorId === undefined || entry.color_id === colorId)),
  };
}
