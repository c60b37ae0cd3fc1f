/**
 * Where a sign-in keeps what it must not lose and the browser must never see: each user's tokens per MCP server, the
 * client registrations per authorization server, and the sign-ins that wait for their callback. One process uses
 * {@link createMemoryAuthStore}; replicas share `createRedisAuthStore` from `@elicitation-kit/auth/redis`.
 */
export interface McpAuthStore {
  /** The value stored under `key`, or `undefined` (never stored, deleted, or expired). */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key`; with `ttlMs` it expires after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Reads and deletes `key` in one step, so a single-use record (a pending sign-in) is used at most once. */
  take(key: string): Promise<string | undefined>;
  /** Deletes `key` (nothing happens when it is absent). */
  delete(key: string): Promise<void>;
}

interface MemoryEntry {
  value: string;
  /** `Date.now()` after which the entry is gone; `Infinity` for no expiry. */
  expiresAt: number;
}

/** Options of {@link createMemoryAuthStore}. */
export interface MemoryAuthStoreOptions {
  /** The clock, in milliseconds (tests pass a fake one). @default Date.now */
  now?: () => number;
}

/**
 * An {@link McpAuthStore} in this process's memory: for one process (tokens are lost on restart, and replicas do not
 * share them). Expired entries are removed when read and, in one pass, whenever 1,000 writes have happened since the
 * last pass.
 */
export function createMemoryAuthStore(options: MemoryAuthStoreOptions = {}): McpAuthStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, MemoryEntry>();
  let writesSinceSweep = 0;

  function live(key: string): MemoryEntry | undefined {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep(): void {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= time) {
        entries.delete(key);
      }
    }
  }

  return {
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlMs) {
      writesSinceSweep += 1;
      if (writesSinceSweep >= 1000) {
        writesSinceSweep = 0;
        sweep();
      }
      entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
    },
    async take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
