import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';

interface ListSearchProps {
  search: string | undefined;
  onSearch(search: string | undefined): void;
  /** The box's name for screen readers, and its placeholder unless one is given. */
  label: string;
  placeholder?: string;
}

/** A console list's search box: the list is asked again when the person submits, not on every key. */
export function ListSearch({ search, onSearch, label, placeholder = label }: ListSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 items-center gap-2">
      <input
        type="search"
        data-console-search
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10 w-80 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm sm:flex-none"
      />
      <button type="submit" className={secondaryButtonClass}>
        {t('Search')}
      </button>
    </form>
  );
}
