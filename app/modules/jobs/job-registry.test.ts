import { describe, expect, it } from "vitest";
import { jobHandlers } from "~/job-handlers.server";
import { SEND_MAIL_JOB } from "~/modules/mail/mail.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { BOOKING_REMINDERS_JOB } from "~/modules/notifications/reminders.server";
import { RELEASE_SLOT_HOLDS_JOB } from "~/modules/payments/expire-slot-holds.server";
import { REFUND_PAYMENT_JOB } from "~/modules/payments/refunds.server";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { REFRESH_BOOKING_COUNTS_JOB } from "~/modules/catalog/test-popularity.server";
import { ROLL_UP_ANALYTICS_JOB } from "~/modules/analytics/rollup.server";
import { ISSUE_MISSING_INVOICES_JOB } from "~/modules/invoices/missing-invoices.server";
import { FORGET_UNUSED_REFERRALS_JOB } from "~/modules/booking/referral-upload.server";

describe("job registry", () => {
  it("has a handler for every kind of job the app queues, registered by its own domain", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual(
      [SEND_MAIL_JOB, SEND_NOTIFICATION_JOB, BOOKING_REMINDERS_JOB, RELEASE_SLOT_HOLDS_JOB, REFUND_PAYMENT_JOB, DELIVER_WEBHOOK_JOB, REFRESH_BOOKING_COUNTS_JOB, ROLL_UP_ANALYTICS_JOB, ISSUE_MISSING_INVOICES_JOB, FORGET_UNUSED_REFERRALS_JOB].sort(),
    );
  });

  it("keeps the periodic sweeps recurring", () => {
    expect(jobHandlers[BOOKING_REMINDERS_JOB].everySeconds).toBeGreaterThan(0);
    expect(jobHandlers[RELEASE_SLOT_HOLDS_JOB].everySeconds).toBeGreaterThan(0);
    expect(jobHandlers[REFRESH_BOOKING_COUNTS_JOB].everySeconds).toBeGreaterThan(0);
    expect(jobHandlers[ROLL_UP_ANALYTICS_JOB].everySeconds).toBeGreaterThan(0);
    expect(jobHandlers[FORGET_UNUSED_REFERRALS_JOB].everySeconds).toBeGreaterThan(0);
    expect(jobHandlers[SEND_MAIL_JOB].everySeconds).toBeUndefined();
    expect(jobHandlers[ISSUE_MISSING_INVOICES_JOB].everySeconds).toBeUndefined();
  });
});
