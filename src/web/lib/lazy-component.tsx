import { lazy, type ComponentType } from 'react';

type Module<Props> = { default: ComponentType<Props> };

const everyLoad: (() => Promise<unknown>)[] = [];

/**
 * `React.lazy` that the server can load ahead: its renders then never wait for code (a page would
 * otherwise stream its first render with a fallback). The browser keeps plain lazy behaviour, so a
 * part that has loaded is never swapped for another element type (which would remount it).
 */
export function lazyComponent<Props extends object>(load: () => Promise<Module<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  everyLoad.push(loadOnce);
  return function LazyComponent(props: Props) {
    const Loaded = typeof window === 'undefined' ? loaded : undefined;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

/** On the server, once at start: the code of every lazily loaded part, and of the parts those bring. */
export async function loadAllLazyCode() {
  for (let done = 0; done < everyLoad.length; ) {
    const next = everyLoad.slice(done);
    done = everyLoad.length;
    await Promise.all(next.map((load) => load()));
  }
}
