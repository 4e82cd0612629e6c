CREATE TABLE "lab_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_members_lab_id_user_id_key" UNIQUE("lab_id","user_id"),
	CONSTRAINT "lab_members_role_check" CHECK ("lab_members"."role" in ('manager', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "offer_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"old_price_fils" bigint,
	"new_price_fils" bigint,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_price_changes_actor_kind_check" CHECK ("offer_price_changes"."actor_kind" in ('customer', 'admin', 'system', 'payment', 'lab')),
	CONSTRAINT "offer_price_changes_source_check" CHECK ("offer_price_changes"."source" in ('form', 'import')),
	CONSTRAINT "offer_price_changes_some_price" CHECK ("offer_price_changes"."old_price_fils" is not null or "offer_price_changes"."new_price_fils" is not null)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "status_changes" DROP CONSTRAINT "status_changes_actor_kind_check";--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "closed_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sample_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lab_cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "lab_members" ADD CONSTRAINT "lab_members_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_members" ADD CONSTRAINT "lab_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_price_changes" ADD CONSTRAINT "offer_price_changes_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_price_changes" ADD CONSTRAINT "offer_price_changes_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_members_user_id_idx" ON "lab_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offer_price_changes_lab_created_idx" ON "offer_price_changes" USING btree ("lab_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_price_changes_test_created_idx" ON "offer_price_changes" USING btree ("test_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lab_cancellation_reason_check" CHECK ("bookings"."lab_cancellation_reason" in ('lab_unavailable', 'collector_unavailable', 'test_unavailable', 'not_clinically_appropriate', 'patient_request'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'sample_collected', 'no_show'));--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_actor_kind_check" CHECK ("status_changes"."actor_kind" in ('customer', 'admin', 'system', 'payment', 'lab'));