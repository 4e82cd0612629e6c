import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB, type NotificationPayload } from "~/modules/notifications/notify.server";
import { BOOKING_REMINDERS_EVERY_SECONDS, BOOKING_REMINDERS_JOB, queueDueReminders } from "~/modules/notifications/reminders.server";
import { sendNotification } from "~/modules/notifications/send-notification.server";

// A customer message (decision 0012): rendered from current data, dropped when it no longer applies.
registerJobHandler(SEND_NOTIFICATION_JOB, (payload: NotificationPayload, job) => sendNotification(payload, job));

// The periodic sweep that queues the reminders of bookings starting within 24 hours.
registerJobHandler(
  BOOKING_REMINDERS_JOB,
  Object.assign(
    async () => {
      await queueDueReminders();
    },
    { everySeconds: BOOKING_REMINDERS_EVERY_SECONDS },
  ),
);
