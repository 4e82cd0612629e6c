/**
 * The one clock of the slot and hold logic: the real time, shifted by an offset that only tests
 * move (the e2e server exposes setClockOffset only when ENABLE_TEST_CLOCK=true, never in
 * production). Kept on globalThis so a development hot reload keeps the offset.
 */
const holder = globalThis as { __labTestClockOffsetMs?: number };

export function getNow(): Date {
  return new Date(Date.now() + (holder.__labTestClockOffsetMs ?? 0));
}

/** Moves the app's clock `ms` ahead of the real time (0 puts it back). Tests only. */
export function setClockOffset(ms: number) {
  if (!Number.isFinite(ms)) throw new RangeError("The clock offset must be a finite number of milliseconds");
  holder.__labTestClockOffsetMs = ms;
}

export function getClockOffset(): number {
  return holder.__labTestClockOffsetMs ?? 0;
}
