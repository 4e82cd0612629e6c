import { z } from "zod";
import type { SessionUser } from "~/modules/accounts/guards.server";
import { STATUS_CHANGE_REFUSALS, setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { adminBookingStatuses } from "~/modules/lifecycle/booking-status";
import { RESEND_REFUSALS, resendMessage } from "~/modules/notifications/resend.server";
import { runRedeliverAction } from "~/modules/webhooks/webhook-admin-action.server";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";

const BookingPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(adminBookingStatuses) }),
  z.object({ intent: z.literal("resend"), messageId: z.uuid(), token: z.uuid() }),
  z.object({ intent: z.literal("redeliver"), logId: z.uuid(), token: z.uuid() }),
]);

const failed = (status: number, title: string, description: string) =>
  formFailure(status, { toast: { type: "error", title, description } });

/**
 * The admin's booking page posts: set the status (the same change and toasts as the bookings
 * list), resend a message, redeliver a webhook delivery. The caller has checked the admin.
 */
export async function runBookingPageAction(bookingId: string, form: Record<string, unknown>, admin: SessionUser) {
  const parsed = BookingPageActionSchema.safeParse(form);
  if (!parsed.success) return failed(400, "Action failed", "Unknown action.");
  const input = parsed.data;
  if (input.intent === "redeliver") return runRedeliverAction(input);
  if (input.intent === "resend") {
    const outcome = await resendMessage(input.messageId, admin, input.token);
    if (outcome !== "queued") return failed(outcome === "not-found" ? 404 : 409, "Failed to resend message", RESEND_REFUSALS[outcome]);
    return formSuccess({ title: "Message queued", description: "It will be sent again in a moment." });
  }
  try {
    const outcome = await setBookingStatus(bookingId, input.status, admin.id);
    if (outcome.status !== "changed") {
      const refusal = STATUS_CHANGE_REFUSALS[outcome.status];
      return failed(refusal.httpStatus, "Error updating status", refusal.message);
    }
  } catch (error) {
    logger.error({ err: error }, "booking status change failed");
    return failed(500, "Error updating status", "Please try again.");
  }
  return formSuccess({ title: "Status updated", description: `Booking status has been updated to ${input.status}` });
}
