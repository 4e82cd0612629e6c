import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import { mailT, visitWhen } from "~/modules/notifications/message-text";
import type { Language } from "~/i18n/languages";
import { formatCalendarDate } from "~/i18n/use-format";
import { DashboardButton, Greeting, Preparation, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";

export type PreviousVisit = NonNullable<NotificationPayload["previous"]>;

export const bookingRescheduledSubject = (booking: BookingFacts) =>
  mailT(booking.language)("Booking moved: {{test}} now on {{when}}", { test: booking.testName, when: visitWhen(booking.start, booking.language) });

const previousWhen = (previous: PreviousVisit, language: Language) =>
  `${mailT(language)("{{date}} at {{time}}", { date: formatCalendarDate(previous.scheduledDate, language), time: previous.scheduledTime })}${previous.labName ? `${language === "ar" ? "، " : ", "}${previous.labName}` : ""}`;

/** A booking moved: the new time, the previous one, and the updated calendar file. */
export function BookingRescheduledEmail({ booking, previous, siteUrl }: { booking: BookingFacts; previous: PreviousVisit | null; siteUrl: string }) {
  const { language } = booking;
  const t = mailT(language);
  const when = visitWhen(booking.start, language);
  return (
    <EmailLayout preview={t("New time: {{when}}", { when })} heading={t("Your booking has moved")} siteUrl={siteUrl} language={language}>
      <Greeting name={booking.patientName} bookedBy={booking.bookedBy} language={language} about="booking" />
      <Text style={styles.text}>
        {t("Your {{test}} test is now on {{when}}. The attached calendar file updates the event already in your calendar.", { test: booking.testName, when })}
      </Text>
      {previous ? <Text style={styles.muted}>{t("Previously: {{when}}", { when: previousWhen(previous, language) })}</Text> : null}
      <VisitDetails booking={booking} />
      <Preparation html={booking.preparationHtml} language={language} />
      <DashboardButton siteUrl={siteUrl} language={language} />
    </EmailLayout>
  );
}
