/**
 * Values cached with the version of the data they were made from, most recently used last in a Map,
 * within a byte budget. A value is served only while the version the caller has just read is the
 * one it was made at, and until the instant it was given (for what changes with the clock rather
 * than with a write). The version check is the caller's database read, so every instance stays exact.
 */
export interface VersionedCache<V> {
  /** Whether a value is cached for `key` (at some version): else there is nothing to check first. */
  has(key: string): boolean;
  /** The value cached for `key` at `version`, if `now` is before its expiry. */
  get(key: string, version: string, now: number): V | undefined;
  set(key: string, version: string, value: V, expiresAt: number): void;
  /** Counts a cached value's bytes again after it grew (`sizeOf` of it now) as just used, evicting to stay in budget. */
  resize(key: string): void;
  /** Bytes held, as `sizeOf` counts them. */
  readonly bytes: number;
}

interface Entry<V> {
  version: string;
  value: V;
  expiresAt: number;
  size: number;
}

export const createVersionedCache = <V>({ maxBytes, sizeOf }: { maxBytes: number; sizeOf: (value: V) => number }): VersionedCache<V> => {
  const entries = new Map<string, Entry<V>>();
  let bytes = 0;

  const remove = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    bytes -= entry.size;
  };

  const evictBeyondBudget = () => {
    for (const [oldestKey, oldest] of entries) {
      if (bytes <= maxBytes) break;
      remove(oldestKey, oldest);
    }
  };

  return {
    has: (key) => entries.has(key),
    get(key, version, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now >= entry.expiresAt) {
        remove(key, entry);
        return undefined;
      }
      // Most recently used last: what the byte budget evicts first is what nobody asked for longest.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, version, value, expiresAt) {
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      const size = sizeOf(value);
      if (size > maxBytes) return;
      entries.set(key, { version, value, expiresAt, size });
      bytes += size;
      evictBeyondBudget();
    },
    resize(key) {
      const entry = entries.get(key);
      if (!entry) return;
      const size = sizeOf(entry.value);
      bytes += size - entry.size;
      entry.size = size;
      entries.delete(key);
      entries.set(key, entry);
      evictBeyondBudget();
    },
    get bytes() {
      return bytes;
    },
  };
};
