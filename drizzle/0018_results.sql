CREATE TABLE "result_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text,
	"share_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_access_log_action_check" CHECK ("result_access_log"."action" in ('view', 'download', 'share', 'share_revoke', 'share_open', 'share_download', 'break_glass', 'export')),
	CONSTRAINT "result_access_log_actor_kind_check" CHECK ("result_access_log"."actor_kind" in ('customer', 'lab', 'admin', 'share')),
	CONSTRAINT "result_access_log_break_glass_reason" CHECK ("result_access_log"."action" <> 'break_glass' or "result_access_log"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "result_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"storage" text NOT NULL,
	"object_key" text NOT NULL,
	"key_id" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_files_version_key" UNIQUE("version_id")
);
--> statement-breakpoint
CREATE TABLE "result_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_shares_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "result_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"key_id" text NOT NULL,
	"sealed" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"released_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_versions_result_version_key" UNIQUE("result_id","version"),
	CONSTRAINT "result_versions_status_check" CHECK ("result_versions"."status" in ('draft', 'released', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"lab_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"test_id" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_booking_id_key" UNIQUE("booking_id")
);
--> statement-breakpoint
ALTER TABLE "result_access_log" ADD CONSTRAINT "result_access_log_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_version_id_result_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."result_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_shares" ADD CONSTRAINT "result_shares_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_values" ADD CONSTRAINT "result_values_version_id_result_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."result_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_versions" ADD CONSTRAINT "result_versions_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_access_log_result_idx" ON "result_access_log" USING btree ("result_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "result_shares_result_idx" ON "result_shares" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "result_values_version_idx" ON "result_values" USING btree ("version_id","position");--> statement-breakpoint
CREATE INDEX "results_user_released_idx" ON "results" USING btree ("user_id","released_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "results_lab_idx" ON "results" USING btree ("lab_id","created_at" DESC NULLS LAST);