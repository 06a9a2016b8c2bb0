import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../client/lib/i18n.ts';
import { inputClass } from './form.tsx';

/** A choice of a picker: its id, its name in the reader's language, other names it is found by, a colour's swatch. */
export interface PickerOption {
  id: number;
  name: string;
  keywords?: string[];
  swatch?: string | null;
}

interface OptionPickerProps {
  /** Its accessible name (the field's label or, in a table, the cell's). */
  label: string;
  id?: string;
  value: number | null | undefined;
  options: readonly PickerOption[];
  onChange(value: number | null): void;
  onBlur?(): void;
  /** Offered first, choosing nothing (null); without it a choice cannot be undone. */
  noneLabel?: string;
  /** What the button shows while nothing is chosen. */
  placeholder: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The form's handle on the button (react-hook-form focuses it on an error). */
  buttonRef?: (node: HTMLButtonElement | null) => void;
}

/** A colour's swatch beside its name (nothing for a choice without one). */
export function Swatch({ color }: { color?: string | null }) {
  if (!color) return null;
  return <span aria-hidden="true" className="size-4 shrink-0 rounded-full border border-slate-300" style={{ backgroundColor: color }} />;
}

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 data-[selected=true]:bg-primary-50 data-[selected=true]:text-primary-900';

/**
 * A searchable choice among named records (brands, colours, sizes): a button showing the chosen
 * name (and swatch) that opens a list filtered as one types (cmdk), chosen with the keyboard or the
 * pointer. The list is drawn over the page, so a table's scrolling does not cut it.
 */
export function OptionPicker({ label, id, value, options, onChange, onBlur, noneLabel, placeholder, disabled, invalid, describedBy, buttonRef }: OptionPickerProps) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<{ top: number; start: number; width: number; rtl: boolean } | null>(null);
  const [search, setSearch] = useState('');
  const button = useRef<HTMLButtonElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const chosen = options.find((option) => option.id === value);

  const close = (refocus: boolean) => {
    setPlace(null);
    setSearch('');
    if (refocus) button.current?.focus();
    onBlur?.();
  };
  const open = () => {
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const rtl = getComputedStyle(button.current!).direction === 'rtl';
    setPlace({ top: rect.bottom + 4, start: rtl ? window.innerWidth - rect.right : rect.left, width: Math.max(rect.width, 192), rtl });
  };
  const choose = (next: number | null) => {
    onChange(next);
    close(true);
  };

  // A press outside the button and the list closes it.
  const isOpen = place !== null;
  useEffect(() => {
    if (!isOpen) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) {
        setPlace(null);
        setSearch('');
      }
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [isOpen]);

  return (
    <>
      <button
        id={id}
        ref={(node) => {
          button.current = node;
          buttonRef?.(node);
        }}
        type="button"
        aria-label={id ? undefined : label}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (isOpen ? close(false) : open())}
        className={`${inputClass} flex min-w-28 items-center gap-2 text-start disabled:bg-slate-50 disabled:text-slate-600`}
      >
        <Swatch color={chosen?.swatch} />
        <span className={`truncate ${chosen ? '' : 'text-slate-500'}`}>{chosen ? <bdi>{chosen.name}</bdi> : placeholder}</span>
      </button>
      {place &&
        createPortal(
          <div
            ref={panel}
            dir={place.rtl ? 'rtl' : 'ltr'}
            style={{ position: 'fixed', top: place.top, [place.rtl ? 'right' : 'left']: place.start, width: place.width }}
            className="z-50 rounded-md border border-slate-200 bg-white shadow-lg"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                close(true);
              }
            }}
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (next && !panel.current?.contains(next) && next !== button.current) close(false);
            }}
          >
            <Command label={label} loop>
              <Command.Input
                autoFocus
                value={search}
                onValueChange={setSearch}
                placeholder={t('Search…')}
                className="w-full border-b border-slate-200 px-3 py-2 text-sm outline-none placeholder:text-slate-500"
              />
              <Command.List className="max-h-60 overflow-y-auto p-1">
                <Command.Empty className="px-2 py-3 text-center text-sm text-slate-600">{t('Nothing matches.')}</Command.Empty>
                {noneLabel && (
                  <Command.Item value={`\u0000${noneLabel}`} keywords={[noneLabel]} onSelect={() => choose(null)} className={itemClass}>
                    {noneLabel}
                  </Command.Item>
                )}
                {options.map((option) => (
                  <Command.Item key={option.id} value={`${option.name}\u0000${option.id}`} keywords={[option.name, ...(option.keywords ?? [])]} onSelect={() => choose(option.id)} className={itemClass}>
                    <Swatch color={option.swatch} />
                    <bdi>{option.name}</bdi>
                    {option.id === value && <span className="ms-auto text-primary-800" aria-label={t('Chosen')}>✓</span>}
                  </Command.Item>
                ))}
              </Command.List>
            </Command>
          </div>,
          document.body,
        )}
    </>
  );
}

type ControlledOptionPickerProps<Values extends FieldValues> = Omit<OptionPickerProps, 'value' | 'onChange' | 'onBlur' | 'disabled' | 'invalid' | 'buttonRef'> & { name: FieldPath<Values> };

/** An option picker for a field of the form around it (an id or null): its value, its error state, focused on an error. */
export function ControlledOptionPicker<Values extends FieldValues>({ name, ...props }: ControlledOptionPickerProps<Values>) {
  const { field, fieldState } = useController<Values>({ name });
  return (
    <OptionPicker
      {...props}
      value={field.value as number | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={field.disabled}
      invalid={Boolean(fieldState.error)}
      buttonRef={field.ref}
    />
  );
}
