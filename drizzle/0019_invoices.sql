CREATE TABLE "business_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"legal_name_ar" text,
	"address" text NOT NULL,
	"trn" text NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_single_row" CHECK ("business_settings"."id" = 1),
	CONSTRAINT "business_settings_trn_digits" CHECK ("business_settings"."trn" ~ '^[0-9]{15}$')
);
--> statement-breakpoint
CREATE TABLE "cash_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"booking_id" uuid,
	"lab_id" uuid,
	"amount_fils" bigint NOT NULL,
	"collected_by" text,
	"collected_by_kind" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_collections_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "cash_collections_amount_positive" CHECK ("cash_collections"."amount_fils" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"total_fils" bigint NOT NULL,
	"taxable_fils" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_fils" bigint NOT NULL,
	CONSTRAINT "credit_note_lines_add_up" CHECK ("credit_note_lines"."taxable_fils" + "credit_note_lines"."vat_fils" = "credit_note_lines"."total_fils" and "credit_note_lines"."vat_fils" >= 0 and "credit_note_lines"."taxable_fils" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"booking_id" uuid,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"taxable_fils" bigint NOT NULL,
	"vat_fils" bigint NOT NULL,
	"total_fils" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_totals_add_up" CHECK ("credit_notes"."taxable_fils" + "credit_notes"."vat_fils" = "credit_notes"."total_fils" and "credit_notes"."vat_fils" >= 0 and "credit_notes"."taxable_fils" >= 0 and "credit_notes"."total_fils" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_counters_series_check" CHECK ("document_counters"."series" in ('invoice', 'credit_note')),
	CONSTRAINT "document_counters_positive" CHECK ("document_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" uuid,
	"test_id" uuid,
	"lab_id" uuid,
	"test_name" text NOT NULL,
	"lab_name" text,
	"collection_type" text,
	"patient_name" text,
	"quantity" integer NOT NULL,
	"unit_price_fils" bigint NOT NULL,
	"total_fils" bigint NOT NULL,
	"taxable_fils" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_fils" bigint NOT NULL,
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('test', 'home_collection_fee')),
	CONSTRAINT "invoice_lines_add_up" CHECK ("invoice_lines"."taxable_fils" + "invoice_lines"."vat_fils" = "invoice_lines"."total_fils" and "invoice_lines"."vat_fils" >= 0 and "invoice_lines"."taxable_fils" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"supply_date" date NOT NULL,
	"seller_name" text NOT NULL,
	"seller_name_ar" text,
	"seller_address" text NOT NULL,
	"seller_trn" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_address" text,
	"customer_trn" text,
	"payment_method" text NOT NULL,
	"taxable_fils" bigint NOT NULL,
	"vat_fils" bigint NOT NULL,
	"total_fils" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_totals_add_up" CHECK ("invoices"."taxable_fils" + "invoices"."vat_fils" = "invoices"."total_fils" and "invoices"."vat_fils" >= 0 and "invoices"."taxable_fils" >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_categories" ADD COLUMN "vat_rate" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_collections" ADD CONSTRAINT "cash_collections_collected_by_user_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_lab_id_labs_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."labs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_collections_lab_idx" ON "cash_collections" USING btree ("lab_id","collected_at");--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE INDEX "credit_note_lines_invoice_line_idx" ON "credit_note_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "test_categories" ADD CONSTRAINT "test_categories_vat_rate_check" CHECK ("test_categories"."vat_rate" in ('standard', 'zero'));--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_vat_rate_check" CHECK ("tests"."vat_rate" in ('standard', 'zero'));