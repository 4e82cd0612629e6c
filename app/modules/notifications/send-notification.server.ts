import { db } from "~/db/db.server";
import { isActiveBooking } from "~/modules/lifecycle/booking-status";
import type { ClaimedJob } from "~/modules/jobs/jobs.server";
import { deliverMail, deliveryOfJob, mailDomain } from "~/modules/mail/mail.server";
import type { MessageContext } from "~/modules/notifications/message-facts";
import { loadBookingFacts, loadOrderFacts } from "~/modules/notifications/message-facts.server";
import type { NotificationPayload } from "~/modules/notifications/notify.server";
import type { MessageSubject } from "~/modules/notifications/render-message.server";
import { cachedSeoSiteUrl } from "~/modules/seo/site-seo.server";
import { findOrderInvoiceDocument } from "~/modules/invoices/invoice-documents.server";
import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { currentSiteUrl } from "~/utils/site-url.server";

/**
 * Where the links point: SITE_URL, else the SEO settings' site URL (page requests are sent
 * there), else the address the change was made on (the payload's), else this process's own.
 * The calendar UID's host must not change between a booking's messages: SITE_URL's, else the
 * sender's domain.
 */
export async function messageContext(payload: Pick<NotificationPayload, "siteUrl">, env: Env = getEnv()): Promise<MessageContext> {
  const seoSiteUrl = env.siteUrl ? null : await cachedSeoSiteUrl().catch(() => null);
  const siteUrl = (env.siteUrl ?? seoSiteUrl ?? payload.siteUrl ?? currentSiteUrl(env)).replace(/\/+$/, "");
  return {
    siteUrl,
    calendarHost: env.siteUrl ? new URL(env.siteUrl).hostname : mailDomain(env),
    mailFrom: env.MAIL_FROM,
    lateCancellationFeePercent: env.LATE_CANCELLATION_FEE_PERCENT,
  };
}

/**
 * What to send for a queued notification, from the database as it is now; null drops it: its
 * order or booking is gone, a reminder whose booking is no longer active or has moved from the
 * slot it was queued for, a confirmation or reminder of a cancelled booking.
 */
export async function messageFor(payload: NotificationPayload): Promise<MessageSubject | null> {
  switch (payload.kind) {
    case "order_received":
    case "payment_received": {
      const order = payload.orderId ? await loadOrderFacts(payload.orderId) : null;
      return order ? { kind: payload.kind, order } : null;
    }
    default: {
      const booking = payload.bookingId ? await loadBookingFacts(payload.bookingId) : null;
      if (!booking) return null;
      if (payload.kind === "booking_reminder") {
        if (!isActiveBooking(booking.status) || booking.slotStart?.toISOString() !== payload.slotStart) return null;
        return { kind: payload.kind, booking };
      }
      if (payload.kind === "booking_confirmed") return booking.status === "cancelled" ? null : { kind: payload.kind, booking };
      if (payload.kind === "booking_rescheduled") return { kind: payload.kind, booking, previous: payload.previous ?? null };
      if (payload.kind === "booking_cancelled") return { kind: payload.kind, booking, refund: payload.refund ?? null };
      return { kind: payload.kind, booking };
    }
  }
}

/**
 * The send-notification job: renders the message from current data and delivers it (SMTP or the
 * development outbox), recorded in sent_messages with the job, order and booking. A job whose
 * delivery is already recorded (it ran before and its process died before the job was marked
 * done) ends without sending; deliverMail checks again under a lock, so two workers holding the
 * same job never both deliver. A failure throws, and the job outbox retries with its back-off.
 */
export async function sendNotification(payload: NotificationPayload, job: Pick<ClaimedJob, "id">, env: Env = getEnv()) {
  if (await deliveryOfJob(db, job.id)) return;
  const message = await messageFor(payload);
  if (!message) {
    logger.info({ jobId: job.id, kind: payload.kind, bookingId: payload.bookingId, orderId: payload.orderId }, "notification dropped: no longer applies");
    return;
  }
  // Loaded on first use: the e-mail renderer is only needed by the worker.
  const { renderMessage } = await import("~/modules/notifications/render-message.server");
  const rendered = await renderMessage(message, await messageContext(payload, env));
  // The payment-received e-mail carries the order's tax invoice as a PDF (issue 29).
  if (message.kind === "payment_received") {
    const invoice = await findOrderInvoiceDocument(message.order.id);
    if (invoice) {
      const { renderTaxDocumentPdf, taxDocumentFileName } = await import("~/modules/invoices/tax-document-pdf.server");
      const pdf = await renderTaxDocumentPdf(invoice);
      rendered.attachments = [...rendered.attachments, { filename: taxDocumentFileName(invoice), contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }];
    }
  }
  await deliverMail(
    {
      ...rendered,
      kind: payload.kind,
      orderId: "order" in message ? message.order.id : (message.booking.orderId ?? null),
      bookingId: "booking" in message ? message.booking.id : null,
      jobId: job.id,
    },
    env,
  );
}
