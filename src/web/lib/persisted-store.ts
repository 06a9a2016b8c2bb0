import type { StateCreator, StoreMutatorIdentifier } from 'zustand';
import { createJSONStorage, type PersistStorage } from 'zustand/middleware';

/** The server's render keeps nothing, and so writes nothing out (not even JSON nobody reads, on every change of every render). */
const keepsNothing: PersistStorage<unknown> = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** Where the stores persist: the browser's localStorage. The server's pre-render has none and keeps nothing. */
export const browserStorage = typeof window === 'undefined' ? keepsNothing : createJSONStorage(() => window.localStorage);

/**
 * zustand gives React a store's initial state as the "server snapshot", which is what the server
 * renders and what the browser hydrates against. Our server fills the stores before it renders, and
 * the browser hydrates only when its stores hold what the server assumed (see main.tsx), so both
 * sides read the live state instead. Wraps the outermost middleware (`persist` sets the initial state too).
 */
export const renderFromLiveState =
  <State, Mutators extends [StoreMutatorIdentifier, unknown][]>(
    config: StateCreator<State, [], Mutators>,
  ): StateCreator<State, [], Mutators> =>
  (set, get, api) => {
    const state = config(set, get, api);
    api.getInitialState = () => api.getState();
    return state;
  };
