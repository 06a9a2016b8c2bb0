import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';

/** Whether each voucher is collected depends on who asks, so the list is always asked afresh. */
export const voucherQueries = {
  list: (shopId: number) =>
    queryOptions({
      queryKey: ['vouchers', shopId],
      queryFn: ({ signal }) => api.call('GET /get-vouchers', { query: { shop_id: shopId }, signal }).then((body) => body.data.coupons),
      staleTime: 0,
    }),
};

export const collectVoucher = (voucherId: number) => api.call('POST /vouchers-collect', { body: { coupon_id: voucherId } });
