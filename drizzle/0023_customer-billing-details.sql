ALTER TABLE "profiles" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_trn" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_billing_trn_digits" CHECK ("profiles"."billing_trn" ~ '^[0-9]{15}$');