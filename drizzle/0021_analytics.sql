CREATE TABLE "analytics_daily_facts" (
	"day" date NOT NULL,
	"fact" text NOT NULL,
	"key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"fils" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_facts_pkey" PRIMARY KEY("day","fact","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_funnel_counts" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_funnel_counts_pkey" PRIMARY KEY("day","step"),
	CONSTRAINT "analytics_funnel_counts_step_check" CHECK ("analytics_funnel_counts"."step" in ('product_view', 'add_to_cart', 'checkout_started'))
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"changes_seen_until" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_rollup_state_single_row" CHECK ("analytics_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "bookings_scheduled_date_idx" ON "bookings" USING btree ("scheduled_date");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "status_changes_created_at_idx" ON "status_changes" USING btree ("created_at");