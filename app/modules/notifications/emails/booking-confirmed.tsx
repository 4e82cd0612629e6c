import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingConfirmedSubject = (booking: BookingFacts) => `Booking confirmed: ${booking.testName} on ${visitWhen(booking.start)}`;

/** A booking was made: when and where, how to prepare, and the calendar file. */
export function BookingConfirmedEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  return (
    <EmailLayout preview={`${booking.testName} on ${visitWhen(booking.start)}`} heading="Your test is booked" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {booking.patientName},</Text>
      <Text style={styles.text}>Your booking is confirmed. Open the attached calendar file (booking.ics) to add it to your calendar.</Text>
      <VisitDetails booking={booking} />
      <Preparation html={booking.preparationHtml} />
      <Text style={styles.muted}>Need another time? You can change or cancel your booking up to 2 hours before it from your dashboard.</Text>
      <DashboardButton siteUrl={siteUrl} />
    </EmailLayout>
  );
}
