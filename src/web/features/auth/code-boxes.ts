import { OTP_LENGTH } from '../../../shared/constants.ts';

/**
 * The four one-digit boxes of the code dialog (docs/product/storefront.md §5) as plain state changes: each answers the
 * boxes' new digits and the box that should have focus next.
 */
export interface CodeBoxes {
  digits: string[];
  focus: number;
}

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

const last = OTP_LENGTH - 1;
const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** Digits written from `start` on, as far as the boxes go; a whole code always starts at the first box. */
function spread(digits: string[], start: number, incoming: string): CodeBoxes {
  const from = incoming.length >= OTP_LENGTH ? 0 : start;
  const next = [...digits];
  const written = incoming.slice(0, OTP_LENGTH - from);
  for (const [offset, digit] of [...written].entries()) next[from + offset] = digit;
  return { digits: next, focus: Math.min(from + written.length, last) };
}

/** What the box at `index` holds after an edit (typing, autofill of the whole code, deleting). */
export function typeIntoBox(digits: string[], index: number, raw: string): CodeBoxes {
  const incoming = onlyDigits(raw);
  const previous = digits[index] ?? '';
  if (incoming === '') {
    if (raw !== '') return { digits, focus: index };
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  // Typing into a filled box gives two characters: keep the new one.
  if (incoming.length === 2 && previous !== '' && incoming.includes(previous)) {
    const typed = incoming[0] === previous ? incoming[1]! : incoming[0]!;
    return spread(digits, index, typed);
  }
  return spread(digits, index, incoming);
}

/** A paste: a whole code fills every box, a part fills from the box pasted into. */
export function pasteIntoBox(digits: string[], index: number, text: string): CodeBoxes {
  const incoming = onlyDigits(text);
  return incoming === '' ? { digits, focus: index } : spread(digits, index, incoming);
}

/** Backspace on an empty box moves back to the one before; on a filled box it just deletes. */
export function backspaceTarget(digits: string[], index: number): number | null {
  return digits[index] === '' && index > 0 ? index - 1 : null;
}

export const isComplete = (digits: string[]) => digits.every((digit) => /^\d$/.test(digit));
