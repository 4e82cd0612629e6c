import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, fils, id, updatedAt } from "~/db/schema/columns";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const testCategories = pgTable(
  "test_categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    icon: text("icon"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("test_categories_name_lower_idx").on(sql`lower(${t.name})`),
    index("test_categories_updated_at_idx").on(t.updatedAt.desc()),
  ],
);

export const labs = pgTable(
  "labs",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    isActive: boolean("is_active").notNull().default(true),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("labs_name_idx").on(t.name)],
);

export const tests = pgTable(
  "tests",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    /** Price in fils (1 AED = 100 fils). */
    priceFils: fils("price_fils").notNull(),
    categoryId: uuid("category_id").references(() => testCategories.id, {
      onDelete: "set null",
    }),
    resultTime: text("result_time"),
    /** Hours parsed from result_time ("24-48 hours" -> 24) so "fastest" sorts by a number. */
    resultTimeHours: integer("result_time_hours"),
    featuredImage: text("featured_image"),
    preparationInstructions: text("preparation_instructions"),
    whyYouNeedThisTest: text("why_you_need_this_test"),
    cptCode: text("cpt_code"),
    transportTemperature: text("transport_temperature"),
    specimen: text("specimen"),
    isFeatured: boolean("is_featured").notNull().default(false),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tests_slug_idx").on(t.slug),
    index("tests_name_idx").on(t.name),
    index("tests_lower_name_idx").on(sql`lower(${t.name})`),
    index("tests_category_name_idx").on(t.categoryId, t.name),
    index("tests_price_idx").on(t.priceFils),
    // Sorts by result time: ties ordered by name straight from the index, both directions
    // (descending sorts put missing values first).
    index("tests_result_time_name_idx").on(t.resultTimeHours.asc().nullsLast(), t.name),
    index("tests_result_time_desc_name_idx").on(t.resultTimeHours.desc().nullsFirst(), t.name),
    // A category's results sorted by price or result time.
    index("tests_category_price_idx").on(t.categoryId, t.priceFils),
    index("tests_category_result_time_idx").on(t.categoryId, t.resultTimeHours),
    index("tests_category_created_idx").on(t.categoryId, t.createdAt.desc()),
    index("tests_created_at_idx").on(t.createdAt.desc()),
    index("tests_updated_at_idx").on(t.updatedAt.desc()),
    index("tests_search_vector_idx").using("gin", t.searchVector),
    index("tests_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);
