// What a lab member may do with a booking, and when (client-safe: the worklist shows the buttons
// the server will accept, with the same function). The moves themselves are the lifecycle's
// (bookingMoves.lab in booking/booking-status.ts); these are the portal's time rules on top.
import { isActiveBooking, type BookingStatus } from "~/modules/lifecycle/booking-status";
import { todayInDubai } from "~/utils/dubai-date";

export const labBookingActions = ["confirm", "collected", "no-show", "cancel"] as const;
export type LabBookingAction = (typeof labBookingActions)[number];

/** The status each action moves a booking to. */
export const LAB_ACTION_STATUS: Record<LabBookingAction, BookingStatus> = {
  confirm: "confirmed",
  collected: "sample_collected",
  "no-show": "no_show",
  cancel: "cancelled",
};

export const SAMPLE_TOO_EARLY_MESSAGE = "A sample can be marked collected from the day of the visit.";
export const NO_SHOW_TOO_EARLY_MESSAGE = "A no-show can be marked only after the appointment's start time.";

const STATUS_WORDS: Record<BookingStatus, string> = {
  pending: "pending",
  confirmed: "confirmed",
  completed: "completed",
  cancelled: "cancelled",
  sample_collected: "marked sample collected",
  no_show: "marked a no-show",
};

/** "This booking is already cancelled." */
export const alreadyMessage = (status: BookingStatus) => `This booking is already ${STATUS_WORDS[status]}.`;

/** A booking as the rules see it: its status, when its slot starts, and its (Asia/Dubai) day. */
export type LabBookingFacts = { status: BookingStatus; start: Date; scheduledDate: string };

/** Why the lab may not take this action now, or null when it may. */
export function labActionRefusal(action: LabBookingAction, booking: LabBookingFacts, now: Date): string | null {
  if (!isActiveBooking(booking.status)) return alreadyMessage(booking.status);
  if (action === "confirm" && booking.status !== "pending") return alreadyMessage(booking.status);
  if (action === "collected" && todayInDubai(now) < booking.scheduledDate) return SAMPLE_TOO_EARLY_MESSAGE;
  if (action === "no-show" && now < booking.start) return NO_SHOW_TOO_EARLY_MESSAGE;
  return null;
}

/** The actions the worklist offers for a booking now. */
export function labActionsFor(booking: LabBookingFacts, now: Date): LabBookingAction[] {
  return labBookingActions.filter((action) => labActionRefusal(action, booking, now) === null);
}
