import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { addToCart } from './cart-actions.ts';

type Choice = Omit<EndpointBody<'POST /cart/store'>, 'is_buy_now'>;

/** Add to Cart and Buy Now for a product page; Buy Now goes on to /buynow once the line is there. */
export function useAddToCart() {
  const navigate = useNavigate();
  const add = useMutation({ mutationFn: (choice: Choice) => addToCart(choice) });
  const buyNow = useMutation({
    mutationFn: (choice: Choice) => addToCart({ ...choice, is_buy_now: true }),
    onSuccess: (added) => {
      if (added) void navigate('/buynow');
    },
  });
  return { add: add.mutate, buyNow: buyNow.mutate, pending: add.isPending || buyNow.isPending };
}
