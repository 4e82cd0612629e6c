import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingReminderSubject = (booking: BookingFacts) => `Reminder: ${booking.testName} on ${visitWhen(booking.start)}`;

/** The day before: how to prepare comes first. */
export function BookingReminderEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  return (
    <EmailLayout preview={`How to prepare for your ${booking.testName} test`} heading="Your test is coming up" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {booking.patientName},</Text>
      <Text style={styles.text}>
        A reminder of your {booking.testName} test on {visitWhen(booking.start)}. Please read how to prepare: some tests need fasting.
      </Text>
      <Preparation html={booking.preparationHtml} />
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} />
    </EmailLayout>
  );
}
