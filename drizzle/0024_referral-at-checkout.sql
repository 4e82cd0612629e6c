ALTER TABLE "referral_files" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "referral_doctor_name" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "referral_file_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "referral_doctor_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "referral_file_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_referral_file_id_referral_files_id_fk" FOREIGN KEY ("referral_file_id") REFERENCES "public"."referral_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_referral_file_id_referral_files_id_fk" FOREIGN KEY ("referral_file_id") REFERENCES "public"."referral_files"("id") ON DELETE set null ON UPDATE no action;