import { describe, expect, it } from 'vitest';
import { Caches, UNCERTAIN_FRESH_MS } from './caches.ts';

/** A load the test finishes when it wants, counting how often it was started. */
function controlledLoads<Value>() {
  const pending: Array<{ resolve(value: Value): void; reject(error: Error): void }> = [];
  return {
    started: () => pending.length,
    load: () => new Promise<Value>((resolve, reject) => pending.push({ resolve, reject })),
    resolve: (index: number, value: Value) => pending[index]!.resolve(value),
    reject: (index: number, error: Error) => pending[index]!.reject(error),
  };
}

function cachesOnClock() {
  let now = 1_000_000;
  const invalidated: string[][] = [];
  const caches = new Caches({ now: () => now, onInvalidate: (tags) => invalidated.push([...tags]) });
  return { caches, invalidated, advance: (ms: number) => (now += ms) };
}

describe('Caches', () => {
  it('shares one load among concurrent callers and then serves its value until it goes stale', async () => {
    const { caches } = cachesOnClock();
    const region = caches.region<string>('home', { freshMs: 1_000, maxBytes: 10_000 });
    const loads = controlledLoads<string>();
    const callers = [region.get('en', loads.load), region.get('en', loads.load), region.get('en', loads.load)];
    expect(loads.started()).toBe(1);
    loads.resolve(0, 'Welcome');
    expect(await Promise.all(callers)).toEqual(['Welcome', 'Welcome', 'Welcome']);
    expect(await region.get('en', loads.load)).toBe('Welcome');
    expect(loads.started()).toBe(1);
  });

  it('answers a stale value at once while one caller refreshes it, then the new value', async () => {
    const { caches, advance } = cachesOnClock();
    const region = caches.region<number>('listing-pages', { freshMs: 1_000, staleMs: 10_000, maxBytes: 10_000 });
    const loads = controlledLoads<number>();
    const first = region.get('page 1', loads.load);
    loads.resolve(0, 10);
    expect(await first).toBe(10);

    advance(1_500);
    expect(await region.get('page 1', loads.load)).toBe(10);
    expect(await region.get('page 1', loads.load)).toBe(10);
    expect(loads.started()).toBe(2);
    loads.resolve(1, 11);
    await expect.poll(() => region.get('page 1', loads.load)).toBe(11);

    // Past the stale window as well, a caller waits for the load.
    advance(20_000);
    const waited = region.get('page 1', loads.load);
    expect(loads.started()).toBe(3);
    loads.resolve(2, 12);
    expect(await waited).toBe(12);
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const { caches } = cachesOnClock();
    const region = caches.region<string>('product-details', { freshMs: 60_000, maxBytes: 10_000 });
    const loads = controlledLoads<string>();
    const failing = region.get('7', loads.load);
    loads.reject(0, new Error('database unreachable'));
    await expect(failing).rejects.toThrow('database unreachable');
    const retried = region.get('7', loads.load);
    expect(loads.started()).toBe(2);
    loads.resolve(1, 'Blue shirt');
    expect(await retried).toBe('Blue shirt');
  });

  it('keeps no more than its bytes, keys counted, dropping the least recently used values first', async () => {
    const { caches } = cachesOnClock();
    // Strings count two bytes a character, keys too: room for two of these entries (1,204 bytes each), not three.
    const region = caches.region<string>('rendered-pages', { freshMs: 60_000, maxBytes: 2_500 });
    region.set('/a', 'a'.repeat(600));
    region.set('/b', 'b'.repeat(600));
    expect(region.peek('/a')).toHaveLength(600);
    region.set('/c', 'c'.repeat(600));
    expect(region.peek('/b')).toBeUndefined();
    expect(region.peek('/a')).toHaveLength(600);
    expect(region.peek('/c')).toHaveLength(600);
    expect(caches.sizes()['rendered-pages']).toBe(2_408);

    region.set('/huge', 'h'.repeat(2_000));
    expect(region.peek('/huge')).toBeUndefined();
  });

  it('measures a value as its region says where its JSON would be costly', async () => {
    const { caches } = cachesOnClock();
    const region = caches.region<{ body: string }>('rendered-pages', { freshMs: 60_000, maxBytes: 10_000, sizeOf: (page) => 2 * page.body.length });
    region.set('/a', { body: 'a'.repeat(1_000) });
    expect(caches.sizes()['rendered-pages']).toBe(2_004);
  });

  it('keeps a value from its key\'s second load when the region says so, remembering the keys loaded once in its bytes and while a kept value would be served', async () => {
    const { caches, advance } = cachesOnClock();
    const region = caches.region<string>('product-details', { freshMs: 60_000, staleMs: 10_000, maxBytes: 10_000, onceLoadedKeysBytes: 2 * 2 * 'en 1'.length });
    let loads = 0;
    const load = async () => `details ${++loads}`;
    expect(await region.get('en 1', load)).toBe('details 1');
    expect(await region.get('en 1', load)).toBe('details 2');
    expect(await region.get('en 1', load)).toBe('details 2');

    // Two keys' worth of keys loaded once: the oldest of three is forgotten, and its next load is a first again.
    for (const key of ['en 2', 'en 3', 'en 4']) await region.get(key, load);
    expect(await region.get('en 3', load)).toBe('details 6');
    expect(await region.get('en 3', load)).toBe('details 6');
    expect(await region.get('en 2', load)).toBe('details 7');
    expect(await region.get('en 2', load)).toBe('details 8');
    expect(await region.get('en 2', load)).toBe('details 8');

    // A kept value refreshed when stale stays kept; a key loaded once is remembered while a kept value would be served, then forgotten.
    await region.get('en 5', load);
    advance(61_000);
    expect(await region.get('en 1', load)).toBe('details 2');
    await expect.poll(() => region.get('en 1', load)).toBe('details 10');
    expect(await region.get('en 5', load)).toBe('details 11');
    expect(await region.get('en 5', load)).toBe('details 11');
    await region.get('en 6', load);
    advance(70_001);
    expect(await region.get('en 6', load)).toBe('details 13');
    expect(await region.get('en 6', load)).toBe('details 14');
    expect(await region.get('en 6', load)).toBe('details 14');
  });

  it('drops exactly the entries carrying an invalidated tag, and tells the other instances', async () => {
    const { caches, invalidated } = cachesOnClock();
    const details = caches.region<string>('product-details', { freshMs: 60_000, maxBytes: 10_000 });
    const listings = caches.region<number[]>('listing-pages', { freshMs: 60_000, maxBytes: 10_000, tags: ['listings'] });
    await details.get('1', async () => 'one', { known: ['product:1'] });
    await details.get('2', async () => 'two', { known: ['product:2'] });
    await listings.get('page 1', async () => [1, 3], { of: (ids) => ids.map((id) => `listed:${id}`) });

    caches.invalidate(['product:1']);
    expect(invalidated).toEqual([['product:1']]);
    expect(await details.get('1', async () => 'one, new price')).toBe('one, new price');
    expect(await details.get('2', async () => 'not loaded again')).toBe('two');
    expect(await listings.get('page 1', async () => [9])).toEqual([1, 3]);

    caches.applyInvalidation(['listed:3']);
    expect(invalidated).toHaveLength(1);
    expect(await listings.get('page 1', async () => [3, 4])).toEqual([3, 4]);
    caches.invalidate(['listings']);
    expect(await listings.get('page 1', async () => [5])).toEqual([5]);
    expect(await details.get('2', async () => 'not loaded again')).toBe('two');
  });

  it('does not keep a load that read before an invalidation of what it shows, and later callers load afresh', async () => {
    const { caches } = cachesOnClock();
    const details = caches.region<string>('product-details', { freshMs: 60_000, maxBytes: 10_000 });
    const loads = controlledLoads<string>();
    const before = details.get('1', loads.load, { known: ['product:1'] });
    caches.invalidate(['product:1']);
    const after = details.get('1', loads.load, { known: ['product:1'] });
    expect(loads.started()).toBe(2);
    loads.resolve(0, 'old price');
    loads.resolve(1, 'new price');
    expect(await before).toBe('old price');
    expect(await after).toBe('new price');
    expect(await details.get('1', async () => 'not loaded again')).toBe('new price');

    // A load whose tags follow from its value is checked against them once it is done.
    const listings = caches.region<number[]>('listing-pages', { freshMs: 60_000, maxBytes: 10_000 });
    const pages = controlledLoads<number[]>();
    const showsTwo = listings.get('page 1', pages.load, { of: (ids) => ids.map((id) => `listed:${id}`) });
    caches.invalidate(['listed:2']);
    pages.resolve(0, [1, 2]);
    expect(await showsTwo).toEqual([1, 2]);
    expect(await listings.get('page 1', async () => [2, 1])).toEqual([2, 1]);

    const showsFive = listings.get('page 2', pages.load, { of: (ids) => ids.map((id) => `listed:${id}`) });
    caches.invalidate(['listed:2']);
    pages.resolve(1, [5]);
    await showsFive;
    expect(await listings.get('page 2', async () => [6])).toEqual([5]);
  });

  it('serves values briefly and never stale while invalidations may be missed, and forgets them once they arrive again', async () => {
    const { caches, advance } = cachesOnClock();
    const home = caches.region<string>('home', { freshMs: 30_000, staleMs: 300_000, maxBytes: 10_000 });
    await home.get('en', async () => 'banner A');
    caches.setUncertain(true);
    expect(caches.isUncertain).toBe(true);
    // Kept before as well as after it began.
    advance(UNCERTAIN_FRESH_MS + 1);
    expect(await home.get('en', async () => 'banner B')).toBe('banner B');
    advance(UNCERTAIN_FRESH_MS + 1);
    expect(await home.get('en', async () => 'banner B2')).toBe('banner B2');

    caches.setUncertain(false);
    expect(await home.get('en', async () => 'banner C')).toBe('banner C');
    advance(UNCERTAIN_FRESH_MS + 1);
    expect(await home.get('en', async () => 'banner D')).toBe('banner C');
  });
});
