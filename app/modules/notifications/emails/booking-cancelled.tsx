import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import { visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";

export type CancellationRefund = NotificationPayload["refund"];

export const bookingCancelledSubject = (booking: BookingFacts) => `Booking cancelled: ${booking.testName} on ${visitWhen(booking.start)}`;

/** What happens to the money: the refund and the fee kept, or nothing charged. */
export function refundSentence(booking: BookingFacts, refund: CancellationRefund): string {
  const fee = refund && refund.feeFils > 0 ? ` A late-cancellation fee of ${formatAed(refund.feeFils)} applies, as the booking was cancelled less than 24 hours before it.` : "";
  if (refund && refund.amountFils > 0) {
    return `We are refunding ${formatAed(refund.amountFils)} to your card; it reaches your card in 7-14 business days, depending on your bank.${fee}`;
  }
  if (refund && refund.feeFils > 0) return `Nothing is refunded.${fee}`;
  if (!booking.paid) return "Nothing was charged, so there is nothing to refund.";
  return "Questions about your payment? Please contact us with your booking details.";
}

/** A booking was cancelled: the refund (or none), and the calendar file that removes the event. */
export function BookingCancelledEmail({ booking, refund, siteUrl }: { booking: BookingFacts; refund: CancellationRefund; siteUrl: string }) {
  return (
    <EmailLayout preview={refundSentence(booking, refund)} heading="Your booking is cancelled" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {booking.patientName},</Text>
      <Text style={styles.text}>
        Your {booking.testName} test on {visitWhen(booking.start)} is cancelled. The attached calendar file removes it from your calendar.
      </Text>
      <Text style={{ ...styles.text, fontWeight: 600 }}>{refundSentence(booking, refund)}</Text>
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} label="Book another time" />
    </EmailLayout>
  );
}
