ALTER TABLE "profiles" ADD COLUMN "language_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_language_check" CHECK ("bookings"."language" in ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_check" CHECK ("orders"."language" in ('en', 'ar'));