import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { mailT, resultsReady } from "~/modules/notifications/message-text";
import { DashboardButton, Greeting, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingCompletedSubject = (booking: BookingFacts) =>
  mailT(booking.language)("{{test}}: your results will be ready {{ready}}", { test: booking.testName, ready: resultsReady(booking, booking.language) });

/** The visit is done: when the results will be ready. */
export function BookingCompletedEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  const { language } = booking;
  const t = mailT(language);
  const ready = resultsReady(booking, language);
  return (
    <EmailLayout preview={t("Your results will be ready {{ready}}", { ready })} heading={t("Your test is complete")} siteUrl={siteUrl} language={language}>
      <Greeting name={booking.patientName} bookedBy={booking.bookedBy} language={language} about="booking" />
      <Text style={styles.text}>{t("Thank you for your visit. Your results will be ready {{ready}}.", { ready })}</Text>
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} language={language} label={t("Your bookings")} />
    </EmailLayout>
  );
}
