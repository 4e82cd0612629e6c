import { render } from "@react-email/render";
import type { ReactElement } from "react";
import type { MailAttachment } from "~/modules/mail/mail.server";
import { bookingCalendar } from "~/modules/notifications/booking-calendar";
import { BookingCancelledEmail, bookingCancelledSubject } from "~/modules/notifications/emails/booking-cancelled";
import { BookingCompletedEmail, bookingCompletedSubject } from "~/modules/notifications/emails/booking-completed";
import { BookingConfirmedEmail, bookingConfirmedSubject } from "~/modules/notifications/emails/booking-confirmed";
import { BookingReminderEmail, bookingReminderSubject } from "~/modules/notifications/emails/booking-reminder";
import { BookingRescheduledEmail, bookingRescheduledSubject } from "~/modules/notifications/emails/booking-rescheduled";
import { ResultsReadyEmail, resultsReadySubject } from "~/modules/notifications/emails/results-ready";
import { amountCellSelectors } from "~/modules/notifications/emails/parts";
import { OrderReceivedEmail, orderReceivedSubject } from "~/modules/notifications/emails/order-received";
import { PaymentReceivedEmail, paymentReceivedSubject } from "~/modules/notifications/emails/payment-received";
import type { BookingFacts, MessageContext, OrderFacts } from "~/modules/notifications/message-facts";
import { changePolicyFacts } from "~/modules/lifecycle/cancellation-policy";
import { calendarLocation, mailT, siteLink, visitWhere } from "~/modules/notifications/message-text";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import { htmlToPlainText } from "~/utils/sanitize-html";

export type RenderedMessage = { to: string; subject: string; html: string; text: string; attachments: MailAttachment[] };

/** What a message is about: an order, or a booking with the facts of its change. */
export type MessageSubject =
  | { kind: "order_received" | "payment_received"; order: OrderFacts }
  | { kind: "booking_confirmed" | "booking_reminder" | "booking_completed" | "results_ready"; booking: BookingFacts }
  | { kind: "booking_rescheduled"; booking: BookingFacts; previous: NotificationPayload["previous"] | null }
  | { kind: "booking_cancelled"; booking: BookingFacts; refund: NotificationPayload["refund"] };

function calendarFile(booking: BookingFacts, context: MessageContext, cancelled = false): MailAttachment {
  const preparation = htmlToPlainText(booking.preparationHtml);
  const { language } = booking;
  const t = mailT(language);
  const content = bookingCalendar({
    bookingId: booking.id,
    host: context.calendarHost,
    sequence: booking.calendarSequence,
    start: booking.start,
    minutes: booking.minutes,
    summary: booking.labName ? t("{{test}} at {{lab}}", { test: booking.testName, lab: booking.labName }) : booking.testName,
    location: calendarLocation(booking),
    description: [
      `${booking.collectionType === "home" ? t("Home collection:") : t("Visit:")} ${visitWhere(booking, language)}`,
      `${t("Patient:")} ${booking.patientName}`,
      preparation ? `${t("How to prepare:")} ${preparation}` : null,
      `${t("Your bookings:")} ${siteLink(context.siteUrl, "/dashboard", language)}`,
    ]
      .filter(Boolean)
      .join("\n"),
    organizer: context.mailFrom,
    // The calendar invites the address it is sent to (messageRecipient), named as the patient.
    attendee: { name: booking.patientName, email: booking.recipient },
    cancelled,
    stamp: context.stamp,
  });
  return { filename: cancelled ? "booking-cancelled.ics" : "booking.ics", contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`, content };
}

function parts(message: MessageSubject, context: MessageContext): { to: string; subject: string; element: ReactElement; attachments: MailAttachment[] } {
  const { siteUrl } = context;
  const policy = changePolicyFacts({ lateCancellationFeePercent: context.lateCancellationFeePercent });
  switch (message.kind) {
    case "order_received":
      return { to: message.order.recipient, subject: orderReceivedSubject(message.order), element: <OrderReceivedEmail order={message.order} siteUrl={siteUrl} policy={policy} />, attachments: [] };
    case "payment_received":
      return { to: message.order.recipient, subject: paymentReceivedSubject(message.order), element: <PaymentReceivedEmail order={message.order} siteUrl={siteUrl} />, attachments: [] };
    case "booking_confirmed":
      return {
        to: message.booking.recipient,
        subject: bookingConfirmedSubject(message.booking),
        element: <BookingConfirmedEmail booking={message.booking} siteUrl={siteUrl} policy={policy} />,
        attachments: [calendarFile(message.booking, context)],
      };
    case "booking_reminder":
      return { to: message.booking.recipient, subject: bookingReminderSubject(message.booking), element: <BookingReminderEmail booking={message.booking} siteUrl={siteUrl} />, attachments: [] };
    case "booking_rescheduled":
      return {
        to: message.booking.recipient,
        subject: bookingRescheduledSubject(message.booking),
        element: <BookingRescheduledEmail booking={message.booking} previous={message.previous ?? null} siteUrl={siteUrl} />,
        attachments: [calendarFile(message.booking, context)],
      };
    case "booking_cancelled":
      return {
        to: message.booking.recipient,
        subject: bookingCancelledSubject(message.booking),
        element: <BookingCancelledEmail booking={message.booking} refund={message.refund ?? null} siteUrl={siteUrl} />,
        attachments: [calendarFile(message.booking, context, true)],
      };
    case "booking_completed":
      return { to: message.booking.recipient, subject: bookingCompletedSubject(message.booking), element: <BookingCompletedEmail booking={message.booking} siteUrl={siteUrl} />, attachments: [] };
    case "results_ready":
      // To the account that booked only (never a typed patient address): results are read signed in.
      return { to: message.booking.bookedBy ?? message.booking.recipient, subject: resultsReadySubject(message.booking), element: <ResultsReadyEmail booking={message.booking} siteUrl={siteUrl} />, attachments: [] };
  }
}

type TextBuilder = { addInline: (text: string) => void };

const PLAIN_TEXT = {
  selectors: amountCellSelectors,
  formatters: {
    prefixed: (element: { children: unknown[] }, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder, options: { prefix: string }) => {
      builder.addInline(options.prefix);
      walk(element.children, builder);
    },
  },
};

/** Renders a message as HTML and plain text (React Email), with its calendar file where it has one. */
export async function renderMessage(message: MessageSubject, context: MessageContext): Promise<RenderedMessage> {
  const { to, subject, element, attachments } = parts(message, context);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
  return { to, subject, html, text, attachments };
}
