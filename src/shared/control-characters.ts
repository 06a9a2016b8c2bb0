/**
 * Control characters (C0 such as NUL and escape, DEL, C1), free of any library so the storefront
 * can import it at no cost. Nobody types them; a NUL cannot even be stored in PostgreSQL.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same less tab and line feed, which text over several lines keeps. */
const CONTROL_CHARACTER_BUT_TAB_OR_LINE_FEED = /[^\P{Cc}\t\n]/u;

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_CHARACTER_BUT_TAB_OR_LINE_FEED : CONTROL_CHARACTER).test(value);
}
