import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import { visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { formatBookingDate } from "~/utils/dubai-date";

export type PreviousVisit = NonNullable<NotificationPayload["previous"]>;

export const bookingRescheduledSubject = (booking: BookingFacts) => `Booking moved: ${booking.testName} now on ${visitWhen(booking.start)}`;

const previousWhen = (previous: PreviousVisit) =>
  `${formatBookingDate(previous.scheduledDate)} at ${previous.scheduledTime}${previous.labName ? `, ${previous.labName}` : ""}`;

/** A booking moved: the new time, the previous one, and the updated calendar file. */
export function BookingRescheduledEmail({ booking, previous, siteUrl }: { booking: BookingFacts; previous: PreviousVisit | null; siteUrl: string }) {
  return (
    <EmailLayout preview={`New time: ${visitWhen(booking.start)}`} heading="Your booking has moved" siteUrl={siteUrl}>
      <Text style={styles.text}>Hello {booking.patientName},</Text>
      <Text style={styles.text}>
        Your {booking.testName} test is now on {visitWhen(booking.start)}. The attached calendar file updates the event already in your calendar.
      </Text>
      {previous ? <Text style={styles.muted}>Previously: {previousWhen(previous)}</Text> : null}
      <VisitDetails booking={booking} />
      <Preparation html={booking.preparationHtml} />
      <DashboardButton siteUrl={siteUrl} />
    </EmailLayout>
  );
}
