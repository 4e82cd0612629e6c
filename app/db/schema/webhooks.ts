import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/schema/columns";
import { oneOf } from "~/db/schema/commerce";
// The event names and log statuses are defined once, in the webhooks domain (client-safe, import-free).
import { webhookEvents, webhookLogStatuses, type WebhookEvent } from "~/modules/webhooks/webhook-events";

export const webhookSettings = pgTable(
  "webhook_settings",
  {
    id: id(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    events: text("events").array().$type<WebhookEvent[]>().notNull().default(sql`'{}'::text[]`),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    secretKey: text("secret_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastTriggeredAt: timestamp("last_triggered_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "webhook_settings_events_check",
      sql`${t.events} <@ array[${sql.raw(webhookEvents.map((event) => `'${event}'`).join(", "))}]::text[]`,
    ),
  ],
);

export const webhookLogs = pgTable(
  "webhook_logs",
  {
    id: id(),
    webhookId: uuid("webhook_id").references(() => webhookSettings.id, { onDelete: "set null" }),
    status: text("status", { enum: webhookLogStatuses }).notNull(),
    eventType: text("event_type").notNull(),
    responseCode: integer("response_code"),
    error: text("error"),
    /** The envelope that was posted, so an admin can redeliver it from this entry. */
    payload: jsonb("payload"),
    /** The booking the event is about (its timeline shows the delivery). */
    bookingId: uuid("booking_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_logs_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("webhook_logs_booking_idx").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    check("webhook_logs_status_check", oneOf(t.status, webhookLogStatuses)),
  ],
);
