import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { mailT, visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, Greeting, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export const bookingReminderSubject = (booking: BookingFacts) =>
  mailT(booking.language)("Reminder: {{test}} on {{when}}", { test: booking.testName, when: visitWhen(booking.start, booking.language) });

/** The day before: how to prepare comes first. */
export function BookingReminderEmail({ booking, siteUrl }: { booking: BookingFacts; siteUrl: string }) {
  const { language } = booking;
  const t = mailT(language);
  return (
    <EmailLayout
      preview={t("How to prepare for your {{test}} test", { test: booking.testName })}
      heading={t("Your test is coming up")}
      siteUrl={siteUrl}
      language={language}
    >
      <Greeting name={booking.patientName} bookedBy={booking.bookedBy} language={language} about="booking" />
      <Text style={styles.text}>
        {t("A reminder of your {{test}} test on {{when}}. Please read how to prepare: some tests need fasting.", {
          test: booking.testName,
          when: visitWhen(booking.start, language),
        })}
      </Text>
      <Preparation html={booking.preparationHtml} language={language} />
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} language={language} />
    </EmailLayout>
  );
}
