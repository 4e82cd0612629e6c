CREATE TABLE "search_query_stats" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_query_stats_pkey" PRIMARY KEY("day","query"),
	CONSTRAINT "search_query_stats_counts_check" CHECK ("search_query_stats"."searches" >= 0 and "search_query_stats"."zero_results" >= 0 and "search_query_stats"."clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_term_categories" (
	"term_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "search_term_categories_pkey" PRIMARY KEY("term_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "search_term_tests" (
	"term_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	CONSTRAINT "search_term_tests_pkey" PRIMARY KEY("term_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"language" text NOT NULL,
	"match_key" text NOT NULL,
	"search_text" text NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_terms_language_check" CHECK ("search_terms"."language" in ('en', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "test_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_test_id" uuid NOT NULL,
	"component_test_id" uuid,
	"analyte" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "booking_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "search_name" text GENERATED ALWAYS AS (' ' || btrim(regexp_replace(regexp_replace(lower(coalesce(name, '')), '[''’`]', '', 'g'), '[^[:alnum:]&+]+', ' ', 'g')) || ' ') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "search_name_base" text GENERATED ALWAYS AS (' ' || btrim(regexp_replace(regexp_replace(regexp_replace(lower(coalesce(name, '')), '\([^)]*\)', ' ', 'g'), '[''’`]', '', 'g'), '[^[:alnum:]&+]+', ' ', 'g')) || ' ') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "search_name_ar" text GENERATED ALWAYS AS (regexp_replace(' ' || btrim(regexp_replace(regexp_replace(translate(lower(coalesce(name_ar, '')), 'أإآٱةىًٌٍَُِّْٰٕٓٔـ', 'ااااهي'), '[''’`]', '', 'g'), '[^[:alnum:]&+]+', ' ', 'g')) || ' ', '(^| )(وال|بال|فال|كال|لل|ال)([^ ][^ ])', '\1\3', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "search_name_ar_base" text GENERATED ALWAYS AS (regexp_replace(' ' || btrim(regexp_replace(regexp_replace(regexp_replace(translate(lower(coalesce(name_ar, '')), 'أإآٱةىًٌٍَُِّْٰٕٓٔـ', 'ااااهي'), '\([^)]*\)', ' ', 'g'), '[''’`]', '', 'g'), '[^[:alnum:]&+]+', ' ', 'g')) || ' ', '(^| )(وال|بال|فال|كال|لل|ال)([^ ][^ ])', '\1\3', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search_term_categories" ADD CONSTRAINT "search_term_categories_term_id_search_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."search_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term_categories" ADD CONSTRAINT "search_term_categories_category_id_test_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."test_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term_tests" ADD CONSTRAINT "search_term_tests_term_id_search_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."search_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_term_tests" ADD CONSTRAINT "search_term_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_contents" ADD CONSTRAINT "test_contents_package_test_id_tests_id_fk" FOREIGN KEY ("package_test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_contents" ADD CONSTRAINT "test_contents_component_test_id_tests_id_fk" FOREIGN KEY ("component_test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_term_categories_category_idx" ON "search_term_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "search_term_tests_test_idx" ON "search_term_tests" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_match_key_language_idx" ON "search_terms" USING btree ("match_key","language");--> statement-breakpoint
CREATE INDEX "search_terms_search_text_trgm_idx" ON "search_terms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_updated_at_idx" ON "search_terms" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "test_contents_package_analyte_idx" ON "test_contents" USING btree ("package_test_id",lower("analyte"));--> statement-breakpoint
CREATE INDEX "test_contents_component_idx" ON "test_contents" USING btree ("component_test_id");--> statement-breakpoint
CREATE INDEX "test_contents_analyte_trgm_idx" ON "test_contents" USING gin (lower("analyte") gin_trgm_ops) WHERE "test_contents"."component_test_id" is null;--> statement-breakpoint
CREATE INDEX "tests_cpt_code_idx" ON "tests" USING btree (lower("cpt_code"));