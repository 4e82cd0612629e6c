import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, fils, id, updatedAt } from "~/db/schema/columns";
import { foldArabicSql } from "~/db/arabic-folding";
import { searchNameArBaseSql, searchNameArSql, searchNameBaseSql, searchNameSql } from "~/db/search-names";
import { collectionTypes, type OpeningHours } from "~/modules/slots/collection-types";
import { referralRequirements } from "~/modules/catalog/referral-requirement";
import { vatRates } from "~/modules/invoices/vat-rates";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const testCategories = pgTable(
  "test_categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    /** Arabic text; null = shown in English on Arabic pages (marked lang="en"). */
    nameAr: text("name_ar"),
    descriptionAr: text("description_ar"),
    icon: text("icon"),
    /** The VAT treatment of the category's tests (issue 29): standard (5 %) unless zero-rated. */
    vatRate: text("vat_rate", { enum: vatRates }).notNull().default("standard"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("test_categories_name_lower_idx").on(sql`lower(${t.name})`),
    index("test_categories_updated_at_idx").on(t.updatedAt.desc().nullsFirst()),
    check("test_categories_vat_rate_check", sql`${t.vatRate} in ('standard', 'zero')`),
  ],
);

export const labs = pgTable(
  "labs",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    /** Arabic text; null = shown in English on Arabic pages (marked lang="en"). */
    nameAr: text("name_ar"),
    descriptionAr: text("description_ar"),
    addressAr: text("address_ar"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    isActive: boolean("is_active").notNull().default(true),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    /** The lab page's address: /labs/{slug}. */
    slug: text("slug").notNull(),
    /** Area of Abu Dhabi (Al Reem Island, Khalifa City, Mussafah, Al Ain, ...). */
    area: text("area"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Per weekday, local open/close times or null when closed; null = not published (no slots). */
    openingHours: jsonb("opening_hours").$type<OpeningHours>(),
    /** Fee for a home collection visit; null = the lab offers no home collection. */
    homeCollectionFeeFils: fils("home_collection_fee_fils"),
    /** The areas the home-collection service covers. */
    homeCollectionAreas: text("home_collection_areas").array().notNull().default(sql`'{}'::text[]`),
    walkInSlotMinutes: integer("walk_in_slot_minutes").notNull().default(30),
    walkInCapacity: integer("walk_in_capacity").notNull().default(4),
    homeSlotMinutes: integer("home_slot_minutes").notNull().default(60),
    homeCapacity: integer("home_capacity").notNull().default(2),
    /** Local (Asia/Dubai) dates the lab is closed whatever its weekly hours, e.g. Eid: no slots. */
    closedDates: date("closed_dates", { mode: "string" }).array().notNull().default(sql`'{}'::date[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("labs_name_idx").on(t.name),
    uniqueIndex("labs_slug_idx").on(t.slug),
    index("labs_area_idx").on(t.area),
    check("labs_slot_settings_positive", sql`${t.walkInSlotMinutes} > 0 and ${t.homeSlotMinutes} > 0 and ${t.walkInCapacity} >= 0 and ${t.homeCapacity} >= 0`),
  ],
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
    /** Arabic text; null = shown in English on Arabic pages (marked lang="en"). */
    nameAr: text("name_ar"),
    descriptionAr: text("description_ar"),
    preparationInstructionsAr: text("preparation_instructions_ar"),
    whyYouNeedThisTestAr: text("why_you_need_this_test_ar"),
    cptCode: text("cpt_code"),
    transportTemperature: text("transport_temperature"),
    specimen: text("specimen"),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** What booking this test asks for first (issue 26): nothing, a doctor's name with a checkbox, or an uploaded referral. */
    referralRequirement: text("referral_requirement", { enum: referralRequirements }).notNull().default("none"),
    /** The test's own VAT treatment; null = its category's (issue 29). */
    vatRate: text("vat_rate", { enum: vatRates }),
    /** Active offers of this test ("at N labs"); kept in step with lab_offers, like price_fils. */
    offerCount: integer("offer_count").notNull().default(0),
    /** Bookings of this test that are not cancelled: the search's tiebreak (decision 0032), refreshed by a periodic job. */
    bookingCount: integer("booking_count").notNull().default(0),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B')`,
    ),
    /** name_ar folded for search (modules/catalog/arabic-search): "" when there is no Arabic name. */
    nameArSearch: text("name_ar_search")
      .notNull()
      .generatedAlwaysAs((): SQL => foldArabicSql("name_ar")),
    /** The names as the search's ranking compares them (db/search-names): " complete blood count cbc ". */
    searchName: text("search_name").notNull().generatedAlwaysAs((): SQL => searchNameSql()),
    searchNameBase: text("search_name_base").notNull().generatedAlwaysAs((): SQL => searchNameBaseSql()),
    searchNameAr: text("search_name_ar").notNull().generatedAlwaysAs((): SQL => searchNameArSql()),
    searchNameArBase: text("search_name_ar_base").notNull().generatedAlwaysAs((): SQL => searchNameArBaseSql()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tests_slug_idx").on(t.slug),
    index("tests_name_idx").on(t.name),
    index("tests_lower_name_idx").on(sql`lower(${t.name})`),
    index("tests_category_name_idx").on(t.categoryId, t.name),
    // An Arabic page's name order: the Arabic name, else the English one.
    index("tests_name_ar_order_idx").on(sql`coalesce(${t.nameAr}, ${t.name})`, t.id),
    index("tests_category_name_ar_order_idx").on(t.categoryId, sql`coalesce(${t.nameAr}, ${t.name})`, t.id),
    index("tests_price_idx").on(t.priceFils),
    check("tests_vat_rate_check", sql`${t.vatRate} in ('standard', 'zero')`),
    // Sorts by result time: ties ordered by name straight from the index, both directions
    // (descending sorts put missing values first).
    index("tests_result_time_name_idx").on(t.resultTimeHours.asc().nullsLast(), t.name),
    index("tests_result_time_desc_name_idx").on(t.resultTimeHours.desc().nullsFirst(), t.name),
    // A category's results sorted by price or result time.
    index("tests_category_price_idx").on(t.categoryId, t.priceFils),
    index("tests_category_result_time_idx").on(t.categoryId, t.resultTimeHours),
    index("tests_category_created_idx").on(t.categoryId, t.createdAt.desc().nullsFirst()),
    index("tests_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("tests_updated_at_idx").on(t.updatedAt.desc().nullsFirst()),
    index("tests_search_vector_idx").using("gin", t.searchVector),
    index("tests_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // A three-letter query matches at the start of a name's words (" alt%"): search-ranking.server.ts.
    index("tests_search_name_trgm_idx").using("gin", sql`${t.searchName} gin_trgm_ops`),
    index("tests_name_ar_search_trgm_idx").using("gin", sql`${t.nameArSearch} gin_trgm_ops`),
    // Suggestions as you type (issue 30): names starting with what was typed, in byte order, read
    // straight from these (a prefix LIKE on a "C" collation is an index range).
    index("tests_lower_name_c_idx").on(sql`(lower(${t.name}) collate "C")`),
    index("tests_name_ar_search_c_idx").on(sql`(${t.nameArSearch} collate "C")`),
    // A CPT code typed into the search box finds its test (issue 30).
    index("tests_cpt_code_idx").on(sql`lower(${t.cptCode})`),
  ],
);

/**
 * A lab's offer of a test: its own price, result time and collection types. tests.price_fils is
 * kept equal to the lowest active offer's price in the same transaction as any offer change
 * (decision 0011).
 */
export const labOffers = pgTable(
  "lab_offers",
  {
    id: id(),
    labId: uuid("lab_id")
      .notNull()
      .references(() => labs.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    priceFils: fils("price_fils").notNull(),
    resultHours: integer("result_hours"),
    walkIn: boolean("walk_in").notNull().default(true),
    homeCollection: boolean("home_collection").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lab_offers_lab_test_idx").on(t.labId, t.testId),
    // The product page's comparison and the lowest price: a test's active offers by price.
    index("lab_offers_test_active_price_idx").on(t.testId, t.priceFils).where(sql`${t.isActive}`),
    // A lab page's tests with its prices.
    index("lab_offers_lab_active_price_idx").on(t.labId, t.priceFils).where(sql`${t.isActive}`),
    check("lab_offers_price_not_negative", sql`${t.priceFils} >= 0`),
    check("lab_offers_some_collection", sql`${t.walkIn} or ${t.homeCollection}`),
  ],
);

/**
 * How much of one slot of a lab is taken, per collection type. Holding a slot is one conditional
 * update of this row (taken + n <= capacity), never a read-then-insert; rows are created on
 * first use with the lab's capacity at that time.
 */
export const slotCounts = pgTable(
  "slot_counts",
  {
    labId: uuid("lab_id")
      .notNull()
      .references(() => labs.id, { onDelete: "cascade" }),
    collectionType: text("collection_type", { enum: collectionTypes }).notNull(),
    slotStart: timestamp("slot_start", { withTimezone: true, mode: "date" }).notNull(),
    capacity: integer("capacity").notNull(),
    taken: integer("taken").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "slot_counts_pkey", columns: [t.labId, t.collectionType, t.slotStart] }),
    check("slot_counts_collection_type_check", sql`${t.collectionType} in ('walk_in', 'home')`),
    check("slot_counts_within_capacity", sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);
