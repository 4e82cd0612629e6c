CREATE TABLE "referral_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_files_content_type_check" CHECK ("referral_files"."content_type" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "saved_patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"sex" text NOT NULL,
	"phone" text,
	"emirates_id" text,
	"is_account_holder" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_patients_sex_check" CHECK ("saved_patients"."sex" in ('female', 'male'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_area" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_building" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_flat" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_landmark" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "referral_requirement" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "saved_patient_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "patient_date_of_birth" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "patient_sex" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "referral_doctor_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "referral_file_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "patient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "patient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_files" ADD CONSTRAINT "referral_files_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_patients" ADD CONSTRAINT "saved_patients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_files_user_idx" ON "referral_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_patients_user_idx" ON "saved_patients" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_saved_patient_id_saved_patients_id_fk" FOREIGN KEY ("saved_patient_id") REFERENCES "public"."saved_patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_referral_file_id_referral_files_id_fk" FOREIGN KEY ("referral_file_id") REFERENCES "public"."referral_files"("id") ON DELETE set null ON UPDATE no action;