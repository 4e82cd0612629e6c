CREATE TABLE "analytics_monthly_facts" (
	"month" date NOT NULL,
	"fact" text NOT NULL,
	"key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"fils" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_monthly_facts_pkey" PRIMARY KEY("month","fact","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_months" (
	"month" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_facts_fact_day_idx" ON "analytics_daily_facts" USING btree ("fact","day");