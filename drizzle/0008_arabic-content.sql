ALTER TABLE "profiles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "labs" ADD COLUMN "address_ar" text;--> statement-breakpoint
ALTER TABLE "test_categories" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "test_categories" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "preparation_instructions_ar" text;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "why_you_need_this_test_ar" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "excerpt_ar" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "content_ar" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "description_ar" text;