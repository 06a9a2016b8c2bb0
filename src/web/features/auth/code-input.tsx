import { useRef, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { backspaceTarget, pasteIntoBox, typeIntoBox, type CodeBoxes } from './code-boxes.ts';

interface CodeInputProps {
  digits: string[];
  onDigits(digits: string[]): void;
  /** While the code is checked the boxes keep focus but take no edits. */
  readOnly: boolean;
  /** Id of the text that says where the code was sent; it names the group of boxes. */
  labelledBy: string;
  /** The group of boxes, for the owner to put focus back on the first one. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * One box per digit (docs/product/storefront.md §5): typing moves to the next box, Backspace on an empty box moves back,
 * a pasted or autofilled code fills every box. Codes read left to right in every language.
 */
export function CodeInput({ digits, onDigits, readOnly, labelledBy, ref }: CodeInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[index]?.focus();
  const apply = ({ digits: next, focus }: CodeBoxes) => {
    onDigits(next);
    focusBox(focus);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const moveTo =
      event.key === 'Backspace' ? backspaceTarget(digits, index)
      : event.key === 'ArrowLeft' && index > 0 ? index - 1
      : event.key === 'ArrowRight' && index < digits.length - 1 ? index + 1
      : null;
    if (moveTo === null) return;
    event.preventDefault();
    focusBox(moveTo);
  };

  return (
    <div ref={ref} role="group" aria-labelledby={labelledBy} dir="ltr" className="flex justify-center gap-3">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => apply(typeIntoBox(digits, index, event.target.value))}
          onPaste={(event) => {
            event.preventDefault();
            apply(pasteIntoBox(digits, index, event.clipboardData.getData('text')));
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          readOnly={readOnly}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('Digit {{number}} of {{total}}', { number: index + 1, total: digits.length })}
          data-autofocus={index === 0 || undefined}
          className="size-14 rounded-lg border border-slate-300 bg-white text-center text-2xl font-semibold text-slate-900 focus:border-primary-700 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700 read-only:bg-slate-50"
        />
      ))}
    </div>
  );
}
