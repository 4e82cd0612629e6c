CREATE TABLE "lab_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lab_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"price_fils" bigint NOT NULL,
	"result_hours" integer,
	"walk_in" boolean DEFAULT true NOT NULL,
	"home_collection" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_offers_price_not_negative" CHECK ("lab_offers"."price_fils" >= 0),
	CONSTRAINT "lab_offers_some_collection" CHECK ("lab_offers"."walk_in" or "lab_offers"."home_collection")
);
--> statement-breakpoint
CREATE TABLE "slot_counts" (
	"lab_id" uuid NOT NULL,
	"collection_type" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_counts_pkey" PRIMARY KEY("lab_id","collection_type","slot_start"),
	CONSTRAINT "slot_counts_collection_type_check" CHECK ("slot_counts"."collection_type" in ('walk_in', 'home')),
	CONSTRAINT "slot_counts_within_capacity" CHECK ("slot_counts"."taken" >= 0 and "slot_counts"."taken" <= "slot_counts"."capacity")
);
--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing labs get a slug from their name; a clash keeps the first and suffixes the others with their id.
UPDATE "labs" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'lab');--> statement-breakpoint
UPDATE "labs" SET "slug" = "slug" || '-' || left("id"::text, 8) WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "slug" ORDER BY "created_at", "id") AS n FROM "labs") ranked WHERE n > 1);--> statement-breakpoint
ALTER TABLE "labs" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "home_collection_fee_fils" bigint;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "home_collection_areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "walk_in_slot_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "walk_in_capacity" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "home_slot_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "home_capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "offer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "collection_type" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "home_area" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_fils" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "home_collection_fee_fils" bigint;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "lab_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "collection_type" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "home_area" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lab_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lab_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "collection_type" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "home_area" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slots_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_offers" ADD CONSTRAINT "lab_offers_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_offers" ADD CONSTRAINT "lab_offers_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_counts" ADD CONSTRAINT "slot_counts_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_offers_lab_test_idx" ON "lab_offers" USING btree ("lab_id","test_id");--> statement-breakpoint
CREATE INDEX "lab_offers_test_active_price_idx" ON "lab_offers" USING btree ("test_id","price_fils") WHERE "lab_offers"."is_active";--> statement-breakpoint
CREATE INDEX "lab_offers_lab_active_price_idx" ON "lab_offers" USING btree ("lab_id","price_fils") WHERE "lab_offers"."is_active";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labs_slug_idx" ON "labs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "labs_area_idx" ON "labs" USING btree ("area");--> statement-breakpoint
CREATE INDEX "bookings_lab_slot_idx" ON "bookings" USING btree ("lab_id","slot_start");--> statement-breakpoint
CREATE INDEX "orders_slot_hold_expires_idx" ON "orders" USING btree ("slot_hold_expires_at") WHERE "orders"."slots_released_at" is null and "orders"."slot_hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "labs" ADD CONSTRAINT "labs_slot_settings_positive" CHECK ("labs"."walk_in_slot_minutes" > 0 and "labs"."home_slot_minutes" > 0 and "labs"."walk_in_capacity" >= 0 and "labs"."home_capacity" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_collection_type_check" CHECK ("bookings"."collection_type" in ('walk_in', 'home'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_collection_type_check" CHECK ("cart_items"."collection_type" in ('walk_in', 'home'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('test', 'home_collection_fee'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_collection_type_check" CHECK ("order_items"."collection_type" in ('walk_in', 'home'));