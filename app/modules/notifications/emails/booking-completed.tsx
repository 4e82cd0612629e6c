import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { resultsReady } from "~/modules/notifications/message-text";
import { DashboardButton, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingCompletedSubject = (booking: BookingFacts) => `${booking.testName}: your results will be ready ${resultsReady(booking)}`;

/** The visit is done: when the results will be ready. */
export function BookingCompletedEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  return (
    <EmailLayout preview={`Your results will be ready ${resultsReady(booking)}`} heading="Your test is complete" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {booking.patientName},</Text>
      <Text style={styles.text}>Thank you for your visit. Your results will be ready {resultsReady(booking)}.</Text>
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} label="Your bookings" />
    </EmailLayout>
  );
}
