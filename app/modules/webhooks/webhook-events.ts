/**
 * The webhook events, their labels and their payloads: the one list (the schema, the admin
 * form and emitWebhookEvent use it). Client-safe. Receivers: see "Webhook events" in the README.
 */
export const webhookEventOptions = [
  { id: "booking_created", label: "Booking Created" },
  { id: "booking_updated", label: "Booking Updated" },
  { id: "booking_completed", label: "Booking Completed" },
  { id: "booking_cancelled", label: "Booking Cancelled" },
] as const;

export type WebhookEvent = (typeof webhookEventOptions)[number]["id"];
export const webhookEvents = webhookEventOptions.map((event) => event.id) as [WebhookEvent, ...WebhookEvent[]];

export const webhookEventLabel = (id: string) => webhookEventOptions.find((event) => event.id === id)?.label ?? id;

/** A delivery attempt's outcome in webhook_logs. */
export const webhookLogStatuses = ["success", "failed"] as const;
export type WebhookLogStatus = (typeof webhookLogStatuses)[number];

/** The envelope's version; bumped when a payload changes incompatibly. */
export const WEBHOOK_ENVELOPE_VERSION = 1;

/** A booking as receivers get it (snake_case, as the spec's data model), with its test and lab. */
export type BookingPayload = {
  booking: {
    id: string;
    status: string;
    test_id: string | null;
    user_id: string;
    lab_id: string | null;
    order_id: string | null;
    scheduled_date: string;
    scheduled_time: string;
    patient_name: string;
    patient_email: string;
    patient_phone: string | null;
    notes: string | null;
    created_at: string;
  };
  test: { id: string; name: string; slug: string; description: string | null; price_fils: number } | null;
  lab: { id: string; name: string } | null;
};

/** The data of each event type: all four carry the booking as it is after the change. */
export type WebhookEventData = {
  booking_created: BookingPayload;
  booking_updated: BookingPayload;
  booking_completed: BookingPayload;
  booking_cancelled: BookingPayload;
};

/** The admin's test button sends this instead of a real booking. */
export type TestModeData = { test_mode: true; message: string };

/** The stable, versioned body every receiver gets. */
export type WebhookEnvelope<E extends WebhookEvent = WebhookEvent> = {
  id: string;
  type: E;
  version: typeof WEBHOOK_ENVELOPE_VERSION;
  created_at: string;
  data: WebhookEventData[E] | TestModeData;
};
