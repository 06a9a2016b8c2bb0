/** Waits this long after the last key before a search asks the server. */
const DEBOUNCE_MS = 250;

/** Resolves after the pause; a new key aborts `signal`, so only the text the person stopped at is asked for. */
export const typingPause = (signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, DEBOUNCE_MS);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
