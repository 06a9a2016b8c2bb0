import { useEffect } from 'react';

/** Whether the person is typing somewhere, where `/` is a character rather than a shortcut. */
function isTypingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null);
}

/** The console's keys: Cmd/Ctrl+K opens or closes the palette; `/` puts the caret in the page's search box (`data-console-search`). */
export function useConsoleShortcuts(togglePalette: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        togglePalette();
        return;
      }
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey || isTypingIn(event.target)) return;
      const search = document.querySelector<HTMLInputElement>('[data-console-search]');
      if (!search) return;
      event.preventDefault();
      search.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [togglePalette]);
}
