import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { DeferredModalDialog } from '../../../components/ui/deferred-modal-dialog.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';

/**
 * The product search box. Submitting stores the text and goes to /products; the box shows the
 * stored text only while on /products and starts empty on every other page.
 */
export function SearchForm({ onSearch, autoFocus = false }: { onSearch?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stored = useSettings((state) => state.search);
  const source = pathname === '/products' ? stored : '';
  const [text, setText] = useState(source);
  // Reset the box when the page or the stored search changes (React's "adjust state on prop change").
  const syncKey = `${pathname}\n${source}`;
  const [lastSyncKey, setLastSyncKey] = useState(syncKey);
  if (syncKey !== lastSyncKey) {
    setLastSyncKey(syncKey);
    setText(source);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    useSettings.getState().setSearch(text.trim());
    void navigate('/products');
    onSearch?.();
  };

  return (
    // The action serves a search sent before the page's code has started (the listing reads ?search=).
    <form role="search" aria-label={t('Search products')} action="/products" onSubmit={submit} className="flex w-full">
      <input
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('Search products')}
        placeholder={t('Search products...')}
        data-autofocus={autoFocus || undefined}
        className="h-11 min-w-0 flex-1 rounded-s-lg border border-e-0 border-slate-300 bg-white px-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-700 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
      />
      <button
        type="submit"
        aria-label={t('Search')}
        className="flex h-11 w-12 shrink-0 items-center justify-center rounded-e-lg bg-primary-700 text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        <SearchIcon />
      </button>
    </form>
  );
}

/** Small screens: a search button that opens the search box in a dialog. */
export function MobileSearch({ buttonClassName }: { buttonClassName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label={t('Search')} onClick={() => setOpen(true)} className={buttonClassName}>
        <SearchIcon className="size-6" />
      </button>
      <DeferredModalDialog open={open} onClose={() => setOpen(false)} title={t('Search products')} className="mt-16">
        <div className="p-4">
          <SearchForm autoFocus onSearch={() => setOpen(false)} />
        </div>
      </DeferredModalDialog>
    </>
  );
}
