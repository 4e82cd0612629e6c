// Data that is the same for every visitor (search results, a product's details and its lab
// comparison, category and lab pages, suggestions), computed once per process and shared by
// anonymous and signed-in visitors until the change feed says it changed. See
// docs/decisions/0034-shared-catalogue-data.md.
//
// - Two kinds of data: "catalog" (changed by the back office: tests, offers, labs, categories) and
//   "slots" (also changed by orders and bookings, which fill slots). A "catalog" change forgets
//   everything; a "pages" change (an order, a booking, a payment) forgets what depends on slots.
// - Bounded by entries and by size (the characters of the value as JSON), least recently used out
//   first; every entry also has a time limit, the bound when a notification is lost.
// - Concurrent requests for the same missing value wait for one computation.
// - A computation that began before a change is handed to its callers but never kept.
// - Without the change feed (tests, scripts) nothing is kept.
// Values are shared between requests: callers must not change them.
import { onChange } from "~/utils/change-feed.server";

export type SharedDataKind = "catalog" | "slots";

type Entry = { value: unknown; expires: number; size: number; kind: SharedDataKind };

export type SharedDataOptions = {
  /** Time limit of every entry (the bound when a change notification is lost); 0 keeps nothing. */
  ttlMs: number;
  maxEntries: number;
  /** Characters of the values as JSON, in all. */
  maxChars: number;
};

export const DEFAULT_SHARED_DATA: SharedDataOptions = { ttlMs: 60_000, maxEntries: 4_000, maxChars: 24_000_000 };

/** A store of shared values; the app has one (below), tests make their own. */
export function createSharedData(initial: SharedDataOptions = DEFAULT_SHARED_DATA) {
  let options = initial;
  let enabled = false;
  const entries = new Map<string, Entry>();
  const computing = new Map<string, Promise<unknown>>();
  let chars = 0;
  /** Bumped by every change of that kind (a catalogue change bumps both). */
  const generation: Record<SharedDataKind, number> = { catalog: 0, slots: 0 };
  const stats = { hits: 0, misses: 0 };

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.size;
  }

  /** Forgets the values of that kind ("catalog": everything). */
  function forget(kind: SharedDataKind) {
    generation.slots += 1;
    if (kind === "catalog") generation.catalog += 1;
    computing.clear();
    for (const [key, entry] of entries) if (kind === "catalog" || entry.kind === kind) remove(key);
  }

  function store(key: string, value: unknown, kind: SharedDataKind, expires: number) {
    let size: number;
    try {
      size = JSON.stringify(value)?.length ?? 0;
    } catch {
      return;
    }
    if (size > options.maxChars / 4) return;
    remove(key);
    entries.set(key, { value, expires, size, kind });
    chars += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && chars <= options.maxChars) break;
      remove(oldest);
    }
  }

  /**
   * The value kept under `key`, or `compute()`'s, kept until a change of its kind, the time limit or
   * `expiresAt(value)` (e.g. when a shown slot stops being offerable), whichever comes first.
   */
  async function get<T>(
    key: string,
    kind: SharedDataKind,
    compute: () => Promise<T>,
    expiresAt?: (value: T, now: number) => number,
  ): Promise<T> {
    if (!enabled || options.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      entries.delete(key);
      entries.set(key, hit); // most recently used last
      stats.hits += 1;
      return hit.value as T;
    }
    if (hit) remove(key);
    const pending = computing.get(key);
    if (pending) return pending as Promise<T>;
    stats.misses += 1;
    const started = { catalog: generation.catalog, slots: generation.slots };
    const promise = compute().then(
      (value) => {
        if (computing.get(key) === promise) computing.delete(key);
        const unchanged = started.catalog === generation.catalog && (kind === "catalog" || started.slots === generation.slots);
        const expires = Math.min(now + options.ttlMs, expiresAt ? expiresAt(value, now) : Infinity);
        if (enabled && unchanged && expires > Date.now()) store(key, value, kind, expires);
        return value;
      },
      (error: unknown) => {
        if (computing.get(key) === promise) computing.delete(key);
        throw error;
      },
    );
    computing.set(key, promise);
    return promise;
  }

  return {
    get,
    forget,
    /** Starts keeping values (the change feed runs); `configure` sets the limits. */
    enable(configured: Partial<SharedDataOptions> = {}) {
      options = { ...options, ...configured };
      enabled = true;
      forget("catalog");
    },
    disable() {
      enabled = false;
      forget("catalog");
    },
    /** What is kept now, for tests and the benchmarks' notes. */
    size: () => ({ entries: entries.size, chars, ...stats }),
  };
}

const holder = globalThis as { __labTestSharedData?: ReturnType<typeof createSharedData> };
/** The app's store (on globalThis so a module reloaded in development shares it). */
export const sharedData = (holder.__labTestSharedData ??= createSharedData());

/** The value shared by every visitor under `key` (see the top of this file). */
export function shared<T>(key: string, kind: SharedDataKind, compute: () => Promise<T>, expiresAt?: (value: T, now: number) => number) {
  return sharedData.get(key, kind, compute, expiresAt);
}

/**
 * Keeps shared values while the change feed runs (called by start-up after the feed); returns stop.
 * "catalog" (a back-office write) forgets everything; "pages" (an order, a booking, a payment)
 * what depends on slots.
 */
export function watchSharedData(ttlSeconds: number): () => void {
  sharedData.enable({ ttlMs: ttlSeconds * 1000 });
  const unsubscribe = [onChange("catalog", () => sharedData.forget("catalog")), onChange("pages", () => sharedData.forget("slots"))];
  return () => {
    for (const stop of unsubscribe) stop();
    sharedData.disable();
  };
}
