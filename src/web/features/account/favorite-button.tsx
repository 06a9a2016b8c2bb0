import { useMutation } from '@tanstack/react-query';
import { HeartIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useAuth } from '../session/session-store.ts';

interface FavoriteButtonProps {
  product: { id: number; is_favorite: boolean };
  className: string;
}

/**
 * The wishlist heart. A visitor gets the login dialog; a shopper toggles the product (the request
 * code loads on the first tap, keeping it off the first page load).
 */
export function FavoriteButton({ product, className }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  const change = useMutation({
    mutationFn: async (favorite: boolean) => {
      const { setFavorite } = await import('./favorite-toggle.ts');
      await setFavorite(product.id, favorite);
    },
  });
  // Cached cards may still carry the previous shopper's hearts: a visitor sees none.
  const pressed = signedIn && product.is_favorite;

  const toggle = () => {
    if (!useAuth.getState().user) {
      useAuth.getState().openDialog('login');
      return;
    }
    if (!change.isPending) change.mutate(!pressed);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      // A toggle keeps one name; aria-pressed says whether the product is in the wishlist.
      aria-label={t('Add to wishlist')}
      aria-pressed={pressed}
      aria-busy={change.isPending || undefined}
      className={className}
    >
      <HeartIcon className={`size-5 ${pressed ? 'fill-current' : ''}`} />
    </button>
  );
}
