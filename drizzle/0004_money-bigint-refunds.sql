CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_fils" bigint NOT NULL,
	"reason" text NOT NULL,
	"payment_session_id" text,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_fils" > 0)
);
--> statement-breakpoint
ALTER TABLE "tests" ALTER COLUMN "price_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "unit_price_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "demo_payment_sessions" ALTER COLUMN "amount_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "unit_price_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "total_price_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_amount_fils" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "resumed_quantity" integer;--> statement-breakpoint
-- Lines resumed before this migration keep their price for the quantity they have now.
UPDATE "cart_items" SET "resumed_quantity" = "quantity" WHERE "unit_price_fils" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_created_at_idx" ON "payment_refunds" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_refunds_order_id_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_resumed_price_and_quantity" CHECK (("cart_items"."unit_price_fils" is null) = ("cart_items"."resumed_quantity" is null));