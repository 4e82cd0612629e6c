// The demo catalogue and content, kept as JSON under seed/ at the project root (data, not code).
// The types below check the files when the app is type-checked. All names, phone numbers, e-mail
// domains and authors in them are fictional.
import blogPosts from "~seed/blog-posts.json" with { type: "json" };
import categories from "~seed/categories.json" with { type: "json" };
import labs from "~seed/labs.json" with { type: "json" };
import resources from "~seed/resources.json" with { type: "json" };
import searchTerms from "~seed/search-terms.json" with { type: "json" };
import testContents from "~seed/test-contents.json" with { type: "json" };
import tests from "~seed/tests.json" with { type: "json" };
import type { OpeningHours } from "~/modules/slots/collection-types";

/** Arabic texts (…Ar) are optional: a missing one shows the English text on Arabic pages. */
export type SeedCategory = { name: string; description: string; icon: string | null; nameAr?: string; descriptionAr?: string };

export type SeedLab = {
  name: string;
  description: string;
  address: string;
  nameAr?: string;
  descriptionAr?: string;
  addressAr?: string;
  contactPhone: string;
  contactEmail: string;
  isActive: boolean;
  /** Area of Abu Dhabi the lab is in (a filter of the search and the lab directory). */
  area: string;
  latitude: number;
  longitude: number;
  /** Local (Asia/Dubai) hours per weekday, null when closed; 00:00-23:59 is open around the clock. */
  openingHours: OpeningHours;
  /** null: the lab offers no home collection. */
  homeCollectionFeeAed: number | null;
  homeCollectionAreas: string[];
  walkInSlotMinutes: number;
  walkInCapacity: number;
  homeSlotMinutes: number;
  homeCapacity: number;
};

export type SeedTest = {
  /** Unique across the file. */
  name: string;
  /** One of the category names. */
  category: string;
  priceAed: number;
  /** CPT code where one exists; null for packages and calculated indices. */
  cptCode: string | null;
  specimen: string;
  transportTemperature: string;
  resultTime: string | null;
  /** HTML: p, strong, em, ul, li (also preparationInstructions and whyYouNeedThisTest). */
  description: string;
  preparationInstructions: string;
  whyYouNeedThisTest: string;
  nameAr?: string;
  descriptionAr?: string;
  preparationInstructionsAr?: string;
  whyYouNeedThisTestAr?: string;
  featured: boolean;
};

export type SeedBlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  /** HTML, one line per element so the articles stay readable in the JSON file. */
  content: string[];
  author: string;
  category: string;
  isPublished: boolean;
  imageUrl: string | null;
  /** Created this many days before seeding. */
  daysAgo: number;
  titleAr?: string;
  excerptAr?: string;
  contentAr?: string[];
  authorAr?: string;
};

export type SeedResource = { title: string; category: string; description: string; link: string; daysAgo: number; titleAr?: string; descriptionAr?: string };

/**
 * A synonym or everyday term (issue 30): the tests (by name), categories (by name) and words it
 * stands for. It only widens what a search finds; nothing of it is shown to customers.
 */
export type SeedSearchTerm = { term: string; language: "en" | "ar"; tests: string[]; categories: string[]; words: string[] };

/** What a package or panel contains: test names (linked to those tests) or other analytes' names. */
export type SeedTestContents = { package: string; contains: string[] };

export const seedCategories: SeedCategory[] = categories;
export const seedLabs: SeedLab[] = labs as SeedLab[];
export const seedTests: SeedTest[] = tests;
export const seedBlogPosts: SeedBlogPost[] = blogPosts;
export const seedResources: SeedResource[] = resources;
export const seedSearchTerms: SeedSearchTerm[] = searchTerms as SeedSearchTerm[];
export const seedTestContents: SeedTestContents[] = testContents;
