import { useStore, type StoreApi } from 'zustand';

/**
 * The state that belongs to one shopper: the stores, the query cache, the messages, the API
 * client's session. The browser holds one shopper, so it keeps one scope for the page's life. On
 * the server every request renders in a scope of its own, which server-render.tsx provides
 * through AsyncLocalStorage; a read outside one throws instead of sharing a shopper's state. See
 * docs/decisions/018.
 */
export type RequestScope = Map<() => unknown, unknown>;

const browserScope: RequestScope = new Map();
let serverScope: (() => RequestScope | undefined) | undefined;

/** On the server: where the current request's scope is found. */
export function takeScopesFrom(current: () => RequestScope | undefined) {
  serverScope = current;
}

export const newRequestScope = (): RequestScope => new Map();

/** One value per scope, made when the scope first asks for it. */
export function scoped<T>(create: () => T): () => T {
  const get = (): T => {
    const scope = serverScope ? serverScope() : browserScope;
    if (!scope) throw new Error('Shopper state was read outside a request on the server');
    if (!scope.has(get)) scope.set(get, create());
    return scope.get(get) as T;
  };
  return get;
}

export interface ScopedStore<State> {
  (): State;
  <Selected>(selector: (state: State) => Selected): Selected;
  getState: StoreApi<State>['getState'];
  setState: StoreApi<State>['setState'];
  subscribe: StoreApi<State>['subscribe'];
}

/** A zustand store per scope, used like one made with `create`: as a hook, or through getState/setState outside React. */
export function scopedStore<State>(createStore: () => StoreApi<State>): ScopedStore<State> {
  const store = scoped(createStore);
  const useScopedStore = <Selected,>(selector?: (state: State) => Selected) =>
    useStore(store(), selector ?? ((state: State) => state as unknown as Selected));
  return Object.assign(useScopedStore, {
    getState: () => store().getState(),
    setState: ((partial: State, replace?: false) => store().setState(partial, replace)) as StoreApi<State>['setState'],
    subscribe: ((listener) => store().subscribe(listener)) as StoreApi<State>['subscribe'],
  }) as ScopedStore<State>;
}
