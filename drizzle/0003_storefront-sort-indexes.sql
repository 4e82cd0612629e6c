DROP INDEX "tests_result_time_hours_idx";--> statement-breakpoint
CREATE INDEX "tests_result_time_name_idx" ON "tests" USING btree ("result_time_hours","name");--> statement-breakpoint
CREATE INDEX "tests_result_time_desc_name_idx" ON "tests" USING btree ("result_time_hours" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "tests_category_price_idx" ON "tests" USING btree ("category_id","price_fils");--> statement-breakpoint
CREATE INDEX "tests_category_result_time_idx" ON "tests" USING btree ("category_id","result_time_hours");