import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/schema/columns";

/** Site-wide SEO settings: a single row whose id is always 1. */
export const seoSettings = pgTable(
  "seo_settings",
  {
    id: integer("id").primaryKey().default(1),
    siteTitle: text("site_title").notNull(),
    siteDescription: text("site_description").notNull(),
    defaultOgImage: text("default_og_image"),
    googleAnalyticsId: text("google_analytics_id"),
    siteUrl: text("site_url"),
    googleSiteVerification: text("google_site_verification"),
    bingSiteVerification: text("bing_site_verification"),
    siteLocale: text("site_locale").notNull().default("en_AE"),
    twitterSite: text("twitter_site"),
    twitterCreator: text("twitter_creator"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    sameAs: text("same_as").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("seo_settings_single_row", sql`${t.id} = 1`)],
);

export const pageSeo = pgTable(
  "page_seo",
  {
    id: id(),
    pagePath: text("page_path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    keywords: text("keywords"),
    ogImage: text("og_image"),
    canonicalUrl: text("canonical_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("page_seo_page_path_idx").on(t.pagePath)],
);
