import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

/** The look of a row in a dropdown panel (a link or a button). */
export const dropdownItemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-start text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700';

interface DropdownProps {
  /** The button's visible content. */
  trigger: ReactNode;
  /** Accessible name when the trigger shows no text. */
  label?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  buttonClassName?: string;
  panelClassName?: string;
}

const focusable = 'a[href], button:not(:disabled)';

/**
 * A button that discloses a panel of links or buttons. Esc, a click outside or tabbing away close it;
 * Arrow Down/Up open it and move between its items; choosing an item closes it.
 */
export function Dropdown({ trigger, label, children, align = 'start', buttonClassName = '', panelClassName = '' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const items = panelRef.current?.querySelectorAll<HTMLElement>(focusable);
    if (focusOnOpen.current && items?.length) items[focusOnOpen.current === 'first' ? 0 : items.length - 1]?.focus();
    focusOnOpen.current = null;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const forward = event.key === 'ArrowDown';
    if (!open) {
      focusOnOpen.current = forward ? 'first' : 'last';
      setOpen(true);
      return;
    }
    const items = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(focusable) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = index === -1 ? (forward ? 0 : items.length - 1) : (index + (forward ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest(focusable)) close();
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className={`flex items-center gap-1.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current ${buttonClassName}`}
      >
        {trigger}
        <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          onClick={onPanelClick}
          className={`absolute top-full z-40 mt-2 min-w-44 rounded-lg border border-slate-200 bg-white py-1 text-slate-800 shadow-lg ${align === 'end' ? 'end-0' : 'start-0'} ${panelClassName}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
