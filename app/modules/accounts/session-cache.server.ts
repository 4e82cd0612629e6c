import { announceChange, onChange } from "~/utils/change-feed.server";

// Every signed-in page view asks who is signing in: better-auth reads the session and the user
// (two queries) and the app reads the admin role (a third). While the change feed runs, the answer
// is kept in this process for a minute, keyed by the signed session cookie. Any process's sign-out,
// session revocation (password reset), user update or role change clears every process's copy
// through the feed, so the time limit only bounds a lost notification. See decision 0015.

/** A lost notification is noticed within this long. */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; expires: number };

let watched = false;
/** Bumped by every clear: a lookup that started before a clear must not store its answer. */
let generation = 0;
const entries = new Map<string, Entry<unknown>>();

/**
 * The cached answer for a session cookie, or `lookUp()`'s (kept when it is not null). Without the
 * change feed (tests, scripts) every call looks up.
 */
export async function cachedSession<T>(cookieValue: string, lookUp: () => Promise<{ value: T; expiresAt: Date } | null>): Promise<T | null> {
  const now = Date.now();
  if (watched) {
    const hit = entries.get(cookieValue);
    if (hit && hit.expires > now) return hit.value as T;
    if (hit) entries.delete(cookieValue);
  }
  const started = generation;
  const found = await lookUp();
  if (!found) return null;
  if (watched && started === generation) {
    entries.set(cookieValue, { value: found.value, expires: Math.min(now + SESSION_CACHE_TTL_MS, found.expiresAt.getTime()) });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return found.value;
}

/** Forgets every session this process holds. */
export function forgetSessions() {
  generation += 1;
  entries.clear();
}

/** After a sign-out, revocation, user update or role change: every process asks the database again. */
export async function sessionsChanged() {
  forgetSessions();
  await announceChange("sessions", "within a minute");
}

/** Keeps sessions while the change feed runs (called by start-up after the feed); returns stop. */
export function watchSessions(): () => void {
  watched = true;
  forgetSessions();
  const unsubscribe = onChange("sessions", forgetSessions);
  return () => {
    unsubscribe();
    watched = false;
    forgetSessions();
  };
}
