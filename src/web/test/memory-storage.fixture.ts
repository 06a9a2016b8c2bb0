/**
 * Unit tests run in Node, where the stores' `persist` finds no `window.localStorage`: this gives
 * them one in memory. Import it before the stores.
 */
const items = new Map<string, string>();

const memoryStorage: Storage = {
  getItem: (key) => items.get(key) ?? null,
  setItem: (key, value) => void items.set(key, value),
  removeItem: (key) => void items.delete(key),
  clear: () => items.clear(),
  key: (index) => [...items.keys()][index] ?? null,
  get length() {
    return items.size;
  },
};

Object.assign(globalThis, { window: { localStorage: memoryStorage } });

/** What the stores last wrote under a name, parsed. */
export const storedState = (name: string): unknown => JSON.parse(items.get(name) ?? 'null');
