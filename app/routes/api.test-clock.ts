import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.test-clock";
import { runRecurringJobSoon } from "~/modules/jobs/jobs.server";
import { queueDueReminders } from "~/modules/notifications/reminders.server";
import { RELEASE_SLOT_HOLDS_JOB, releaseExpiredSlotHolds } from "~/modules/payments/expire-slot-holds.server";
import { getClockOffset, getNow, setClockOffset } from "~/modules/slots/clock.server";
import { getEnv } from "~/utils/env.server";
import { readJson } from "~/utils/request-body.server";

const ClockRequestSchema = z.object({
  /** Moves the slot clock this many minutes further ahead of the real time. */
  advanceMinutes: z.number().min(0).max(60 * 24 * 30).optional(),
  /** Puts the clock back to the real time. */
  reset: z.boolean().optional(),
  /**
   * "job": make the hold-release job due now (the worker runs it); "now": run the sweep in this
   * request; "reminders": queue the booking reminders due at the clock's time now (the worker sends them).
   */
  sweep: z.enum(["job", "now", "reminders"]).optional(),
});

/** Only with ENABLE_TEST_CLOCK=true (refused at start-up in production on a database server). */
function requireTestClock() {
  if (!getEnv().ENABLE_TEST_CLOCK) throw data("Not found", { status: 404 });
}

/** GET /api/test-clock: the app's slot clock (end-to-end tests only). */
export async function loader() {
  requireTestClock();
  return { now: getNow().toISOString(), offsetMs: getClockOffset() };
}

/** POST /api/test-clock: moves the slot clock forward and triggers the hold-release sweep (end-to-end tests only). */
export async function action({ request }: Route.ActionArgs) {
  requireTestClock();
  const parsed = ClockRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return data({ error: "Invalid clock request" }, { status: 400 });
  const { advanceMinutes, reset, sweep } = parsed.data;
  if (reset) setClockOffset(0);
  if (advanceMinutes) setClockOffset(getClockOffset() + advanceMinutes * 60_000);
  let released: number | null = null;
  if (sweep === "now") released = await releaseExpiredSlotHolds();
  if (sweep === "job") await runRecurringJobSoon(RELEASE_SLOT_HOLDS_JOB);
  const reminders = sweep === "reminders" ? await queueDueReminders() : null;
  return { now: getNow().toISOString(), offsetMs: getClockOffset(), released, reminders };
}
