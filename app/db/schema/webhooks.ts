import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/schema/columns";

export const webhookEvents = [
  "booking_created",
  "booking_updated",
  "booking_completed",
  "booking_cancelled",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookSettings = pgTable("webhook_settings", {
  id: id(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  events: text("events").array().notNull().default(sql`'{}'::text[]`),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  secretKey: text("secret_key"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  lastTriggeredAt: timestamp("last_triggered_at", { withTimezone: true }),
});

export const webhookLogs = pgTable(
  "webhook_logs",
  {
    id: id(),
    webhookId: uuid("webhook_id").references(() => webhookSettings.id, { onDelete: "set null" }),
    /** success | failed */
    status: text("status").notNull(),
    eventType: text("event_type").notNull(),
    responseCode: integer("response_code"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_logs_created_at_idx").on(t.createdAt.desc())],
);
