CREATE TABLE "demo_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_fils" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "unit_price_fils" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "resumed_from_order_id" uuid;--> statement-breakpoint
ALTER TABLE "demo_payment_sessions" ADD CONSTRAINT "demo_payment_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_resumed_from_order_id_orders_id_fk" FOREIGN KEY ("resumed_from_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;