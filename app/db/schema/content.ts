import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/schema/columns";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    /** Arabic text; null = shown in English on Arabic pages (marked lang="en"). */
    titleAr: text("title_ar"),
    excerptAr: text("excerpt_ar"),
    contentAr: text("content_ar"),
    authorAr: text("author_ar"),
    imageUrl: text("image_url"),
    author: text("author").notNull(),
    category: text("category").notNull(),
    isPublished: boolean("is_published").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_created_idx").on(t.isPublished, t.createdAt.desc().nullsFirst()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export const resources = pgTable(
  "resources",
  {
    id: id(),
    title: text("title").notNull(),
    category: text("category"),
    description: text("description"),
    titleAr: text("title_ar"),
    descriptionAr: text("description_ar"),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [index("resources_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);
