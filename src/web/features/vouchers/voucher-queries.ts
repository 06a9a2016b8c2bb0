import { queryOptions } from '@tanstack/react-query';
import type { Voucher } from '../../../shared/cart.contract.ts';
import { api, type Envelope } from '../../lib/api-client.ts';

/** Whether each voucher is collected depends on who asks, so the list is always asked afresh. */
export const voucherQueries = {
  list: (shopId: number) =>
    queryOptions({
      queryKey: ['vouchers', shopId],
      queryFn: ({ signal }) =>
        api.get<Envelope<{ coupons: Voucher[] }>>('/get-vouchers', { shop_id: shopId }, signal).then((body) => body.data.coupons),
      staleTime: 0,
    }),
};

export const collectVoucher = (voucherId: number) => api.post<Envelope<Record<string, never>>>('/vouchers-collect', { coupon_id: voucherId });
