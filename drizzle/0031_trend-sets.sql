CREATE TABLE "result_trend_series" (
	"user_id" text NOT NULL,
	"trend_id" text NOT NULL,
	"key_id" text NOT NULL,
	"sealed" "bytea" NOT NULL,
	CONSTRAINT "result_trend_series_user_id_trend_id_pk" PRIMARY KEY("user_id","trend_id")
);
--> statement-breakpoint
CREATE TABLE "result_trend_sets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"key_id" text NOT NULL,
	"summaries_sealed" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_trend_series" ADD CONSTRAINT "result_trend_series_user_id_result_trend_sets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."result_trend_sets"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_trend_sets" ADD CONSTRAINT "result_trend_sets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A patient's trends hold values of every result they were made from: a deleted result (its
-- booking's, its lab's or its own deletion) takes them along, rather than waiting for the next read.
CREATE FUNCTION "result_trend_sets_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "result_trend_sets" WHERE "user_id" = OLD."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "results_forget_trend_set" AFTER DELETE ON "results" FOR EACH ROW EXECUTE FUNCTION "result_trend_sets_forget"();
