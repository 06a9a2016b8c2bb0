import { api, ApiError } from '../../../client/lib/api-client.ts';
import { t } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { accountQueries } from './account-queries.ts';
import { withFavoriteFlag } from './favorite-flags.ts';

/**
 * Adds the product to the wishlist or takes it out. Every cached card of the product follows, the
 * header count takes the answer's total, and the wishlist pages are fetched again. A removal's
 * toast offers Undo.
 */
export async function setFavorite(productId: number, favorite: boolean) {
  try {
    const { message, data } = favorite
      ? await api.call('POST /favorite-products', { body: { product_id: productId } })
      : await api.call('DELETE /favorite-products/:product_id', { params: { product_id: productId } });
    useAuth.getState().setFavoriteCount(data.total);
    queryClient().setQueriesData({}, (cached: unknown) => withFavoriteFlag(cached, productId, favorite));
    void queryClient().invalidateQueries({ queryKey: accountQueries.favoritesKey(useAuth.getState().user?.id) });
    // A removal can be taken back from its toast: the product goes back on the wishlist.
    notify.success(message, favorite ? undefined : { action: { label: t('Undo'), onClick: () => void setFavorite(productId, true) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    notify.error(error.message);
    // The session had ended (the API client has cleared it): sign in again.
    if (error.status === 401) useAuth.getState().openDialog('login');
  }
}
