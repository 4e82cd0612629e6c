DROP INDEX "test_categories_updated_at_idx";--> statement-breakpoint
DROP INDEX "tests_category_created_idx";--> statement-breakpoint
DROP INDEX "tests_created_at_idx";--> statement-breakpoint
DROP INDEX "tests_updated_at_idx";--> statement-breakpoint
DROP INDEX "bookings_user_created_idx";--> statement-breakpoint
DROP INDEX "bookings_user_scheduled_idx";--> statement-breakpoint
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "payment_refunds_created_at_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_at_idx";--> statement-breakpoint
DROP INDEX "resources_created_at_idx";--> statement-breakpoint
DROP INDEX "offer_price_changes_lab_created_idx";--> statement-breakpoint
DROP INDEX "offer_price_changes_test_created_idx";--> statement-breakpoint
DROP INDEX "result_access_log_result_idx";--> statement-breakpoint
DROP INDEX "results_user_released_idx";--> statement-breakpoint
DROP INDEX "results_lab_idx";--> statement-breakpoint
DROP INDEX "search_terms_updated_at_idx";--> statement-breakpoint
DROP INDEX "sent_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "sent_messages_to_idx";--> statement-breakpoint
DROP INDEX "webhook_logs_created_at_idx";--> statement-breakpoint
CREATE INDEX "bookings_active_unslotted_idx" ON "bookings" USING btree ("scheduled_date") WHERE "bookings"."status" in ('pending', 'confirmed') and "bookings"."slot_start" is null;--> statement-breakpoint
CREATE INDEX "test_categories_updated_at_idx" ON "test_categories" USING btree ("updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tests_category_created_idx" ON "tests" USING btree ("category_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tests_created_at_idx" ON "tests" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tests_updated_at_idx" ON "tests" USING btree ("updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_user_created_idx" ON "bookings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_user_scheduled_idx" ON "bookings" USING btree ("user_id","scheduled_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_refunds_created_at_idx" ON "payment_refunds" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("is_published","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "resources_created_at_idx" ON "resources" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_price_changes_lab_created_idx" ON "offer_price_changes" USING btree ("lab_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_price_changes_test_created_idx" ON "offer_price_changes" USING btree ("test_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "result_access_log_result_idx" ON "result_access_log" USING btree ("result_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "results_user_released_idx" ON "results" USING btree ("user_id","released_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "results_lab_idx" ON "results" USING btree ("lab_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_terms_updated_at_idx" ON "search_terms" USING btree ("updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sent_messages_created_at_idx" ON "sent_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sent_messages_to_idx" ON "sent_messages" USING btree ("to","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_logs_created_at_idx" ON "webhook_logs" USING btree ("created_at" DESC NULLS FIRST);