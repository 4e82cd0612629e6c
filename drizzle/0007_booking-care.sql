CREATE TABLE "sent_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"transport" text NOT NULL,
	"text" text,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_messages_transport_check" CHECK ("sent_messages"."transport" in ('smtp', 'outbox'))
);
--> statement-breakpoint
-- The development outbox's e-mails become sent_messages rows (transport outbox).
INSERT INTO "sent_messages" ("kind", "to", "subject", "transport", "text", "html", "created_at")
  SELECT 'account', "to", "subject", 'outbox', "text", "html", "created_at" FROM "mail_outbox";--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "status_changes" DROP CONSTRAINT "status_changes_field_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_queued_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee_fils" bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
CREATE INDEX "sent_messages_created_at_idx" ON "sent_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sent_messages_to_idx" ON "sent_messages" USING btree ("to","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sent_messages_booking_idx" ON "sent_messages" USING btree ("booking_id") WHERE "sent_messages"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "sent_messages_order_idx" ON "sent_messages" USING btree ("order_id") WHERE "sent_messages"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_active_slot_idx" ON "bookings" USING btree ("slot_start") WHERE "bookings"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "webhook_logs_booking_idx" ON "webhook_logs" USING btree ("booking_id") WHERE "webhook_logs"."booking_id" is not null;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_field_check" CHECK ("status_changes"."field" in ('payment_status', 'order_status', 'status', 'schedule'));