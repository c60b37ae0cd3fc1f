// The one bounded memory of the kit. A server controls how many requests, answers and URL elicitations it sends, so
// everything the kit remembers about them per connection has a ceiling.

/**
 * How many items each per-connection memory keeps: answered request ids, answers being delivered, answers kept for
 * resending, answered URL elicitation ids.
 */
export const MEMORY_LIMIT = 128;

/**
 * A `Map` that keeps the `limit` most recently set keys: setting a key makes it the newest, and beyond the limit the
 * least recently set one is dropped. Reads do not refresh a key (what the kit remembers ages by when it happened).
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number = MEMORY_LIMIT) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Stores `value` as the newest entry; drops the oldest when the memory is over its limit. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) {
        this.#entries.delete(oldest.value);
      }
    }
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Values, oldest first. */
  values(): IterableIterator<V> {
    return this.#entries.values();
  }
}
