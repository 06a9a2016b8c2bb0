import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { refusedVoucher } from '../cart/cart-actions.ts';
import type { CheckoutSource } from './checkout-source.ts';

/** The vouchers typed under each shop at checkout: applying and removing them, and why the store refused one. */
export function useCheckoutVouchers(source: CheckoutSource) {
  /** Why the store refused the code typed under a shop, by shop id. */
  const [errors, setErrors] = useState<Record<number, string>>({});
  const setError = (shopId: number, message: string | null) =>
    setErrors((current) => {
      const { [shopId]: _previous, ...others } = current;
      return message === null ? others : { ...others, [shopId]: message };
    });

  const apply = useMutation({
    mutationFn: ({ shopId, code }: { shopId: number; code: string }) => source.applyCoupon(shopId, code),
    onMutate: ({ shopId }) => setError(shopId, null),
    onError: (error, { shopId }) => {
      if (!(error instanceof ApiError)) return;
      const refused = refusedVoucher(error, source.shopIds);
      // Another shop's voucher that stopped applying is told under that shop.
      if (!refused) notify.error(error.message);
      setError(refused?.shopId ?? shopId, refused?.message ?? error.message);
    },
  });
  const remove = useMutation({ mutationFn: (shopId: number) => source.removeCoupon(shopId) });

  return {
    errorOf: (shopId: number): string | undefined => errors[shopId],
    setError,
    busy: apply.isPending || remove.isPending,
    apply: (shopId: number, code: string) => apply.mutate({ shopId, code }),
    remove: (shopId: number) => remove.mutate(shopId),
  };
}

export type CheckoutVouchers = ReturnType<typeof useCheckoutVouchers>;
