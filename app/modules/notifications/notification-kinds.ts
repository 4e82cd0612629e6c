/** The customer messages the app sends (client-safe: the admin outbox names them too). */
export const notificationKinds = [
  "order_received",
  "payment_received",
  "booking_confirmed",
  "booking_reminder",
  "booking_rescheduled",
  "booking_cancelled",
  "booking_completed",
  "results_ready",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
