/**
 * A small in-process cache for answers that may be a few seconds old (listing totals, facets, the
 * home page). Each instance keeps its own; nothing here has to agree across instances.
 */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, or the loader's, shared by concurrent callers; a failed load is not kept. */
  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
