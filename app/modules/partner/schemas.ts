// The partner portal's inputs, checked with Zod on the server (and the worklist's query).
import { z } from "zod";
import { labCancellationReasons } from "~/modules/lifecycle/booking-status";
import { isCalendarDate } from "~/utils/dubai-date";
import { text } from "~/utils/text-schema";

const bookingId = z.uuid("Booking not found");

/** The worklist's actions on one booking; a cancellation says why (one of the lab's reasons). */
export const BookingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm"), bookingId }),
    z.object({ intent: z.literal("collected"), bookingId }),
    z.object({ intent: z.literal("no-show"), bookingId }),
    z.object({ intent: z.literal("cancel"), bookingId, reason: z.enum(labCancellationReasons, "Please choose why the lab cancels this booking.") }),
  ],
  "Unknown action.",
);

/** The worklist's ?date= (yyyy-MM-dd, Asia/Dubai); anything else is today. */
export const WorklistQuerySchema = z.object({ date: text().refine(isCalendarDate).optional().catch(undefined) });

/** Adding a member by the e-mail address of their account, or removing one. */
export const MemberActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      email: text({ error: "Please enter a valid email address" }).trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address")),
    }),
    z.object({ intent: z.literal("remove"), memberId: z.uuid("This member no longer exists.") }),
  ],
  "Unknown action.",
);
