/** Where the console lives on the store's own address. */
export const CONSOLE_PATH = '/console';

/**
 * The storefront's address that opens its login dialog for the console and, once signed in, goes
 * back to the console. The console shares the storefront's cookie session (decision 017), so it has
 * no sign-in of its own.
 */
export const CONSOLE_SIGN_IN_SEARCH = { name: 'sign-in', value: 'console' } as const;
export const CONSOLE_SIGN_IN_URL = `/?${CONSOLE_SIGN_IN_SEARCH.name}=${CONSOLE_SIGN_IN_SEARCH.value}`;

/**
 * Where the console leaves a message (already in the reader's language) for the storefront's next
 * page, which says it once as a toast: a member who left the console lands there.
 */
export const STORE_NOTICE_KEY = 'store-notice';
