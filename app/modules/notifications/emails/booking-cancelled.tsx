import { Text } from "@react-email/components";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import { mailT, visitWhen } from "~/modules/notifications/message-text";
import { DashboardButton, Greeting, VisitDetails } from "~/modules/notifications/emails/parts";
import { EmailLayout, styles } from "~/modules/notifications/emails/layout";
import { formatAed } from "~/utils/money";

export type CancellationRefund = NotificationPayload["refund"];

export const bookingCancelledSubject = (booking: BookingFacts) =>
  mailT(booking.language)("Booking cancelled: {{test}} on {{when}}", { test: booking.testName, when: visitWhen(booking.start, booking.language) });

/** What happens to the money: the refund and the fee kept, or nothing charged. */
export function refundSentence(booking: BookingFacts, refund: CancellationRefund): string {
  const t = mailT(booking.language);
  const money = (fils: number) => formatAed(fils, booking.language);
  const fee =
    refund && refund.feeFils > 0
      ? ` ${t("A late-cancellation fee of {{fee}} applies, as the booking was cancelled less than 24 hours before it.", { fee: money(refund.feeFils) })}`
      : "";
  if (refund && refund.amountFils > 0) {
    return `${t("We are refunding {{amount}} to your card; it reaches your card in 7-14 business days, depending on your bank.", { amount: money(refund.amountFils) })}${fee}`;
  }
  if (refund && refund.feeFils > 0) return `${t("Nothing is refunded.")}${fee}`;
  if (!booking.paid) return t("Nothing was charged, so there is nothing to refund.");
  return t("Questions about your payment? Please contact us with your booking details.");
}

/** A booking was cancelled: the refund (or none), and the calendar file that removes the event. */
export function BookingCancelledEmail({ booking, refund, siteUrl }: { booking: BookingFacts; refund: CancellationRefund; siteUrl: string }) {
  const { language } = booking;
  const t = mailT(language);
  return (
    <EmailLayout preview={refundSentence(booking, refund)} heading={t("Your booking is cancelled")} siteUrl={siteUrl} language={language}>
      <Greeting name={booking.patientName} bookedBy={booking.bookedBy} language={language} about="booking" />
      <Text style={styles.text}>
        {t("Your {{test}} test on {{when}} is cancelled. The attached calendar file removes it from your calendar.", {
          test: booking.testName,
          when: visitWhen(booking.start, language),
        })}
      </Text>
      <Text style={{ ...styles.text, fontWeight: 600 }}>{refundSentence(booking, refund)}</Text>
      <VisitDetails booking={booking} />
      <DashboardButton siteUrl={siteUrl} language={language} label={t("Book another time")} />
    </EmailLayout>
  );
}
