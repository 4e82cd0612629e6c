import type { SlotChoice } from "~/modules/booking/booking-options";

/**
 * Fasting tests (issue 26, "The time"): a test whose preparation asks the patient to fast for a
 * number of hours is easiest in the morning, after the night's fast. The booking form offers its
 * morning times first and says why when a later one is picked; the preparation shows beside the
 * time choice. Client-safe.
 */

/** Slots before this time are "morning" ones. */
export const MORNING_ENDS = "11:00";

/** Whether a test's preparation (its text) asks the patient to fast for some hours ("Fast for at least 8 hours", "Fast for 10-12 hours"). */
export function needsFasting(preparation: string | null | undefined): boolean {
  if (!preparation) return false;
  return /(^|[\s>.,;:])fast for (at least )?\d/i.test(preparation) || /صيام|صُم/.test(preparation);
}

export const isMorning = (time: string) => time < MORNING_ENDS;

/** The slots with the morning ones first (each group in time order), for a fasting test; as they are otherwise. */
export function slotsForFasting(slots: SlotChoice[], fasting: boolean): SlotChoice[] {
  if (!fasting) return slots;
  return [...slots.filter((slot) => isMorning(slot.time)), ...slots.filter((slot) => !isMorning(slot.time))];
}
