import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { mailT, visitWhen } from "~/modules/notifications/message-text";
import { CancellationTerms, DashboardButton, Greeting, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import type { ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingConfirmedSubject = (booking: BookingFacts) =>
  mailT(booking.language)("Booking confirmed: {{test}} on {{when}}", { test: booking.testName, when: visitWhen(booking.start, booking.language) });

/** A booking was made: when and where, how to prepare, and the calendar file. */
export function BookingConfirmedEmail({ booking, siteUrl, policy }: { booking: BookingFacts; siteUrl: string; policy: ChangePolicyFacts }) {
  const { language } = booking;
  const t = mailT(language);
  const when = visitWhen(booking.start, language);
  return (
    <EmailLayout preview={t("{{test}} on {{when}}", { test: booking.testName, when })} heading={t("Your test is booked")} siteUrl={siteUrl} language={language}>
      <Greeting name={booking.patientName} bookedBy={booking.bookedBy} language={language} about="booking" />
      <Text style={styles.text}>{t("Your booking is confirmed. Open the attached calendar file (booking.ics) to add it to your calendar.")}</Text>
      <VisitDetails booking={booking} />
      <Preparation html={booking.preparationHtml} language={language} />
      <CancellationTerms policy={policy} language={language} />
      <DashboardButton siteUrl={siteUrl} language={language} />
    </EmailLayout>
  );
}
