ALTER TABLE "result_versions" ADD COLUMN "values_key_id" text;--> statement-breakpoint
ALTER TABLE "result_versions" ADD COLUMN "values_sealed" "bytea";