// Public reads of the partner labs: the /labs directory, a lab's page, and the search filters.
import { and, asc, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { labOffers, labs } from "~/db/schema";
import { textOrder } from "~/i18n/languages";
import { offersForLab } from "~/modules/catalog/offers.server";
import type { LabFilterOptions } from "~/modules/catalog/search-params";
import type { OpeningHours } from "~/modules/slots/collection-types";
import { shared } from "~/utils/shared-data.server";

/** A lab in the /labs directory. */
export type LabDirectoryEntry = {
  id: string;
  name: string;
  nameAr: string | null;
  addressAr: string | null;
  slug: string;
  area: string | null;
  address: string | null;
  logoUrl: string | null;
  /** null: the lab offers no home collection. */
  homeCollectionFeeFils: number | null;
  /** Tests the lab offers (active offers). */
  testCount: number;
};

/** What a lab's page shows about the lab itself. */
export type LabProfile = {
  id: string;
  name: string;
  nameAr: string | null;
  descriptionAr: string | null;
  addressAr: string | null;
  slug: string;
  description: string | null;
  area: string | null;
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  openingHours: OpeningHours | null;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
  updatedAt: Date;
};

/**
 * How many tests each lab offers. Counting reads every active offer (about 500,000 with the
 * benchmark catalogue), so large counts are kept for a short while in this process, like the
 * search counts: the directory's numbers may then lag an admin's change by at most COUNT_CACHE_MS.
 * Small catalogues are always counted exactly.
 */
const COUNT_CACHE_MS = 30_000;
const COUNT_CACHE_FROM = 20_000;
let countCache: { counts: Map<string, number>; until: number } | null = null;

async function offerCountsByLab(): Promise<Map<string, number>> {
  if (countCache && countCache.until > Date.now()) return countCache.counts;
  const rows = await db
    .select({ labId: labOffers.labId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(labOffers)
    .where(eq(labOffers.isActive, true))
    .groupBy(labOffers.labId);
  const counts = new Map(rows.map((row) => [row.labId, row.n]));
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  countCache = total >= COUNT_CACHE_FROM ? { counts, until: Date.now() + COUNT_CACHE_MS } : null;
  return counts;
}

const activeLabs = preparedQuery("active_labs", (database) =>
  database
    .select({
      id: labs.id,
      name: labs.name,
      nameAr: labs.nameAr,
      addressAr: labs.addressAr,
      slug: labs.slug,
      area: labs.area,
      address: labs.address,
      logoUrl: labs.logoUrl,
      homeCollectionFeeFils: labs.homeCollectionFeeFils,
    })
    .from(labs)
    .where(eq(labs.isActive, true))
    .orderBy(asc(labs.name), asc(labs.id)),
);

/** The active labs, by name, with how many tests each offers. */
export async function listLabsForDirectory(): Promise<LabDirectoryEntry[]> {
  const [rows, counts] = await Promise.all([activeLabs().execute(), offerCountsByLab()]);
  return rows.map((row) => ({ ...row, testCount: counts.get(row.id) ?? 0 }));
}

const activeLabBySlug = preparedQuery("active_lab_by_slug", (database) =>
  database
    .select({
      id: labs.id,
      name: labs.name,
      nameAr: labs.nameAr,
      descriptionAr: labs.descriptionAr,
      addressAr: labs.addressAr,
      slug: labs.slug,
      description: labs.description,
      area: labs.area,
      address: labs.address,
      contactPhone: labs.contactPhone,
      contactEmail: labs.contactEmail,
      logoUrl: labs.logoUrl,
      bannerUrl: labs.bannerUrl,
      latitude: labs.latitude,
      longitude: labs.longitude,
      openingHours: labs.openingHours,
      homeCollectionFeeFils: labs.homeCollectionFeeFils,
      homeCollectionAreas: labs.homeCollectionAreas,
      updatedAt: labs.updatedAt,
    })
    .from(labs)
    .where(and(eq(labs.slug, sql.placeholder("slug")), eq(labs.isActive, true))),
);

/** An active lab by its slug, or null (an inactive lab has no public page). */
export async function findLabBySlug(slug: string): Promise<LabProfile | null> {
  const [row] = await activeLabBySlug().execute({ slug: slug.toLowerCase() });
  return row ?? null;
}

const activeLabAreas = preparedQuery("active_lab_areas", (database) =>
  database
    .select({ slug: labs.slug, name: labs.name, nameAr: labs.nameAr, area: labs.area, homeCollectionAreas: labs.homeCollectionAreas })
    .from(labs)
    .where(eq(labs.isActive, true))
    .orderBy(asc(labs.name)),
);

/** The choices of the search page's lab and area filters. */
export async function listLabFilterOptions(): Promise<LabFilterOptions> {
  const rows = await activeLabAreas().execute();
  const areas = new Map<string, string>();
  for (const row of rows) {
    for (const area of [row.area, ...row.homeCollectionAreas]) {
      const name = area?.trim();
      if (name && !areas.has(name.toLowerCase())) areas.set(name.toLowerCase(), name);
    }
  }
  return {
    labs: rows.map((row) => ({ slug: row.slug, name: row.name, nameAr: row.nameAr })),
    areas: [...areas.values()].sort(textOrder("en")),
  };
}

/** Active labs' slugs and last changes, for the sitemap. */
export function labsForSitemap() {
  return db
    .select({ slug: labs.slug, updatedAt: labs.updatedAt })
    .from(labs)
    .where(eq(labs.isActive, true))
    .orderBy(asc(labs.slug));
}

/** A lab page's tests: 20 per page (spec'd page sizes are 9 or 20; a price list reads better long). */
export const LAB_TESTS_PAGE_SIZE = 20;

export type LabTestRow = {
  offerId: string;
  testId: string;
  testName: string;
  testNameAr: string | null;
  testSlug: string;
  priceFils: number;
  resultHours: number | null;
  walkIn: boolean;
  homeCollection: boolean;
};

/** One page of the tests a lab offers with its own prices, cheapest first, searchable by test name. */
export async function labTestsPage(lab: Pick<LabProfile, "id" | "homeCollectionFeeFils">, options: { q: string; page: number }) {
  const listing = await offersForLab(lab.id, { search: options.q, page: options.page, pageSize: LAB_TESTS_PAGE_SIZE, sort: "price" });
  const rows: LabTestRow[] = listing.rows.map((row) => ({
    offerId: row.id,
    testId: row.testId,
    testName: row.testName,
    testNameAr: row.testNameAr,
    testSlug: row.testSlug,
    priceFils: row.priceFils,
    resultHours: row.resultHours,
    walkIn: row.walkIn,
    homeCollection: row.homeCollection && lab.homeCollectionFeeFils !== null,
  }));
  return { rows, total: listing.total, page: listing.page, pageCount: listing.pageCount };
}

/**
 * A lab's public page as every visitor shares it (decision 0034): the lab and one page of its tests,
 * kept until the change feed reports a catalogue change; null for an unknown or inactive lab.
 */
export function sharedLabPage(slug: string, options: { q: string; page: number }) {
  return shared(`lab:${slug.toLowerCase()}:${options.page}:${options.q.toLowerCase()}`, "catalog", async () => {
    const lab = await findLabBySlug(slug);
    return lab ? { lab, tests: await labTestsPage(lab, { q: options.q.toLowerCase(), page: options.page }) } : null;
  });
}

/** The search page's lab and area filters, shared as above. */
export function sharedLabFilterOptions() {
  return shared("lab-filter-options", "catalog", listLabFilterOptions);
}

/** The /labs directory, shared as above. */
export function sharedLabDirectory() {
  return shared("lab-directory", "catalog", listLabsForDirectory);
}
