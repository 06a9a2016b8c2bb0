import { LRUCache } from 'lru-cache';

/**
 * The answers the app keeps in memory (decision 022): one `Caches` per app instance, made of named
 * regions, each bounded in bytes. An entry carries tags (`product:12`, `listings`, …); a write
 * invalidates the tags of what it changed, on this instance at once and, through `onInvalidate`,
 * on the others.
 */
export interface RegionOptions<Value = unknown> {
  /** How long a loaded value is served as it is. */
  freshMs: number;
  /** How much longer it may still be served while one caller loads it again (stale-while-revalidate). */
  staleMs?: number;
  /** What the region's keys and values may hold together, in bytes (strings: UTF-16 code units × 2; objects: their JSON). */
  maxBytes: number;
  /** A value's bytes where its JSON would be a costly measure (a rendered page's text). */
  sizeOf?: (value: Value) => number;
  /** Tags every entry of the region carries besides its own. */
  tags?: readonly string[];
  /**
   * Keep a key's value only from its second load while a kept value would have answered it (its
   * fresh and stale time), remembering the keys loaded once in this many bytes: in a long tail most keys are asked for once (a product no one else opens, a
   * crawler's walk), and keeping those costs their sizing, the collector's moving them to its old
   * generation, and the values asked for again that they push out (docs/benchmarks.md at 7ae58e4, session 21).
   */
  onceLoadedKeysBytes?: number;
}

export interface CacheRegion<Value> {
  /**
   * The value under `key`, or `load`'s: concurrent callers share one load, a failed load is not
   * kept, and a stale value is answered at once while one load refreshes it. `tags` name what the
   * value shows, for invalidation.
   */
  get(key: string, load: () => Promise<Value>, tags?: EntryTags<Value>): Promise<Value>;
  /** A value kept as it is (a rendered page), for `freshMs`. */
  peek(key: string): Value | undefined;
  /** Whether a value for `key` would be kept now: always, unless the region keeps values only from their key's second load (`onceLoadedKeysBytes`), and this is the first. */
  admits(key: string): boolean;
  set(key: string, value: Value, tags?: readonly string[]): void;
}

interface Entry<Value> {
  value: Value;
  tags: readonly string[];
  storedAt: number;
}

interface Loading<Value> {
  promise: Promise<Value>;
  /** The invalidation sequence when it began. */
  startedAt: number;
  known: readonly string[];
  /** Whether more tags follow from the value, once loaded. */
  dynamic: boolean;
}

/** What an entry shows: tags `known` before it is loaded (its product's id) and those `of` its value (the products on a page). */
export interface EntryTags<Value> {
  known?: readonly string[];
  of?: (value: Value) => readonly string[];
}

export interface CachesOptions {
  now?: () => number;
  /** Called with the tags of every local invalidation, to tell the other instances. */
  onInvalidate?: (tags: readonly string[]) => void;
  /** Where a failed background refresh goes (the stale value was answered; the next caller tries again). */
  onRefreshError?: (error: unknown) => void;
}

/** While invalidations from other instances may be missed, nothing is served for longer than this. */
export const UNCERTAIN_FRESH_MS = 2_000;

const byteSize = (value: unknown): number => Math.max(1, 2 * (typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 1)));

export class Caches {
  private readonly regions = new Map<string, RegionStore<unknown>>();
  private readonly now: () => number;
  private uncertain = false;

  get isUncertain() {
    return this.uncertain;
  }

  constructor(private readonly options: CachesOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** The region `name`, made on first use with `options` (every user of a region asks with the same ones). */
  region<Value>(name: string, options: RegionOptions<Value>): CacheRegion<Value> {
    const known = this.regions.get(name);
    if (known) return known as RegionStore<Value>;
    const store = new RegionStore<Value>(name, options, {
      now: this.now,
      freshMs: () => (this.uncertain ? Math.min(options.freshMs, UNCERTAIN_FRESH_MS) : options.freshMs),
      staleMs: () => (this.uncertain ? 0 : (options.staleMs ?? 0)),
      onRefreshError: this.options.onRefreshError ?? (() => undefined),
    });
    this.regions.set(name, store as RegionStore<unknown>);
    return store;
  }

  regionNames(): string[] {
    return [...this.regions.keys()];
  }

  /** Drops every entry carrying one of `tags` (a region's name is a tag of all its entries), here and on the other instances. */
  invalidate(tags: readonly string[]) {
    if (tags.length === 0) return;
    this.applyInvalidation(tags);
    this.options.onInvalidate?.(tags);
  }

  /** An invalidation another instance made. */
  applyInvalidation(tags: readonly string[]) {
    for (const region of this.regions.values()) region.invalidate(tags);
  }

  /**
   * While invalidations from other instances may be lost (the Redis subscription is down), values
   * are fresh for UNCERTAIN_FRESH_MS at most and never served stale; once they arrive again, everything kept meanwhile goes.
   */
  setUncertain(uncertain: boolean) {
    if (this.uncertain === uncertain) return;
    this.uncertain = uncertain;
    if (!uncertain) this.clear();
  }

  clear() {
    for (const region of this.regions.values()) region.clear();
  }

  /** Bytes held per region (for tests and diagnostics). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.regions].map(([name, region]) => [name, region.bytes]));
  }
}

interface Invalidation {
  sequence: number;
  tags: ReadonlySet<string>;
}

class RegionStore<Value> implements CacheRegion<Value> {
  private readonly entries: LRUCache<string, Entry<Value>>;
  private readonly loading = new Map<string, Loading<Value>>();
  /** Which keys carry a tag; kept in step with the entries as they come and go. */
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The invalidations since the oldest load under way began: a load that read before one of its tags was invalidated is not kept. */
  private invalidations: Invalidation[] = [];
  private sequence = 0;
  private readonly ownTags: ReadonlySet<string>;
  private readonly onceLoaded: LRUCache<string, true> | undefined;

  constructor(
    readonly name: string,
    options: RegionOptions<Value>,
    private readonly context: { now: () => number; freshMs: () => number; staleMs: () => number; onRefreshError: (error: unknown) => void },
  ) {
    this.ownTags = new Set([name, ...(options.tags ?? [])]);
    this.entries = new LRUCache<string, Entry<Value>>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry, key) => 2 * key.length + (options.sizeOf ?? byteSize)(entry.value),
      ttl: options.freshMs + (options.staleMs ?? 0),
      perf: { now: context.now },
      // Staleness is read off the clock on every look-up, not off a reading kept for a while.
      ttlResolution: 0,
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
    if (options.onceLoadedKeysBytes) {
      this.onceLoaded = new LRUCache<string, true>({
        maxSize: options.onceLoadedKeysBytes,
        sizeCalculation: (_, key) => 2 * key.length,
        ttl: options.freshMs + (options.staleMs ?? 0),
        perf: { now: context.now },
        ttlResolution: 0,
      });
    }
  }

  get bytes() {
    return this.entries.calculatedSize;
  }

  get(key: string, load: () => Promise<Value>, tags?: EntryTags<Value>): Promise<Value> {
    const entry = this.entries.get(key);
    const age = entry ? this.context.now() - entry.storedAt : Infinity;
    if (age < this.context.freshMs()) return Promise.resolve(entry!.value);
    if (age < this.context.freshMs() + this.context.staleMs()) {
      this.load(key, load, tags).catch(this.context.onRefreshError);
      return Promise.resolve(entry!.value);
    }
    return this.load(key, load, tags);
  }

  peek(key: string): Value | undefined {
    const entry = this.entries.get(key);
    return entry && this.context.now() - entry.storedAt < this.context.freshMs() ? entry.value : undefined;
  }

  admits(key: string): boolean {
    // A value kept already (stale, being loaded again) stays kept.
    if (!this.onceLoaded || this.entries.has(key)) return true;
    const loadedBefore = this.onceLoaded.has(key);
    // Remembered afresh: a value dropped by a write is kept again at its next load.
    this.onceLoaded.set(key, true);
    return loadedBefore;
  }

  set(key: string, value: Value, tags: readonly string[] = []) {
    const entryTags = [...new Set([...this.ownTags, ...tags])];
    this.entries.delete(key);
    this.entries.set(key, { value, tags: entryTags, storedAt: this.context.now() });
    // A value larger than the whole region is not kept.
    if (!this.entries.has(key)) return;
    for (const tag of entryTags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private load(key: string, load: () => Promise<Value>, tags: EntryTags<Value> = {}): Promise<Value> {
    const running = this.loading.get(key);
    if (running) return running.promise;
    const loading: Loading<Value> = {
      startedAt: this.sequence,
      known: tags.known ?? [],
      dynamic: tags.of !== undefined,
      promise: load().then(
        (value) => {
          const entryTags = [...loading.known, ...(tags.of?.(value) ?? [])];
          const keep = !this.invalidatedSince(loading.startedAt, entryTags);
          this.finish(key, loading);
          if (keep && this.admits(key)) this.set(key, value, entryTags);
          return value;
        },
        (error: unknown) => {
          this.finish(key, loading);
          throw error;
        },
      ),
    };
    this.loading.set(key, loading);
    return loading.promise;
  }

  private finish(key: string, loading: Loading<Value>) {
    if (this.loading.get(key) === loading) this.loading.delete(key);
    const oldest = Math.min(...[...this.loading.values()].map((other) => other.startedAt));
    this.invalidations = this.invalidations.filter((invalidation) => invalidation.sequence > oldest);
  }

  private invalidatedSince(sequence: number, tags: readonly string[]) {
    return this.invalidations.some(
      (invalidation) => invalidation.sequence > sequence && (tags.some((tag) => invalidation.tags.has(tag)) || [...this.ownTags].some((tag) => invalidation.tags.has(tag))),
    );
  }

  invalidate(tags: readonly string[]) {
    const regionWide = tags.some((tag) => this.ownTags.has(tag));
    if (this.loading.size > 0) {
      this.invalidations.push({ sequence: ++this.sequence, tags: new Set(tags) });
      // Callers from now on do not join a load that may have read before the write.
      for (const [key, loading] of this.loading) {
        if (regionWide || loading.dynamic || loading.known.some((tag) => tags.includes(tag))) this.loading.delete(key);
      }
    }
    if (regionWide) this.entries.clear();
    else for (const key of tags.flatMap((tag) => [...(this.keysByTag.get(tag) ?? [])])) this.entries.delete(key);
  }

  clear() {
    this.invalidate([this.name]);
  }

  private unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
