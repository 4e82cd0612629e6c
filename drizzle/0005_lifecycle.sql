CREATE TABLE "status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"field" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_changes_subject_check" CHECK ("status_changes"."subject" in ('order', 'booking')),
	CONSTRAINT "status_changes_field_check" CHECK ("status_changes"."field" in ('payment_status', 'order_status', 'status')),
	CONSTRAINT "status_changes_actor_kind_check" CHECK ("status_changes"."actor_kind" in ('customer', 'admin', 'system', 'payment'))
);
--> statement-breakpoint
CREATE INDEX "status_changes_subject_idx" ON "status_changes" USING btree ("subject_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "demo_payment_sessions" ADD CONSTRAINT "demo_payment_sessions_status_check" CHECK ("demo_payment_sessions"."status" in ('open', 'paid', 'canceled', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_status_check" CHECK ("orders"."order_status" in ('pending', 'confirmed', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_status_check" CHECK ("webhook_logs"."status" in ('success', 'failed'));--> statement-breakpoint
ALTER TABLE "webhook_settings" ADD CONSTRAINT "webhook_settings_events_check" CHECK ("webhook_settings"."events" <@ array['booking_created', 'booking_updated', 'booking_completed', 'booking_cancelled']::text[]);