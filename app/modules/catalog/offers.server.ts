// A lab's offer of a test: its own price, result time and collection types (decision 0011).
// tests.price_fils and tests.offer_count are kept equal to the lowest active offer and the number
// of active offers in the same transaction as every offer change (syncTestPrices).
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db, isAnyOf, preparedQuery } from "~/db/db.server";
import { labOffers, labs, tests } from "~/db/schema";
import type { CollectionType } from "~/modules/slots/collection-types";
import { escapeLike } from "~/utils/escape-like";
import { foldArabic, hasArabic } from "~/modules/catalog/arabic-search";
import { recordPriceChanges, type PriceChange, type PriceChangeBy } from "~/modules/catalog/price-history.server";

export type LabOffer = typeof labOffers.$inferSelect;

export type OfferInput = {
  labId: string;
  testId: string;
  priceFils: number;
  resultHours?: number | null;
  walkIn: boolean;
  homeCollection: boolean;
  isActive: boolean;
};

export type OfferPatch = Partial<Pick<OfferInput, "priceFils" | "resultHours" | "walkIn" | "homeCollection" | "isActive">>;

/** One lab's active offer of a test, with what a patient needs to choose the lab. */
export type OfferComparisonRow = {
  offerId: string;
  testId: string;
  labId: string;
  labName: string;
  labNameAr: string | null;
  labSlug: string;
  area: string | null;
  address: string | null;
  addressAr: string | null;
  latitude: number | null;
  longitude: number | null;
  priceFils: number;
  resultHours: number | null;
  walkIn: boolean;
  /** The offer allows home collection and the lab runs the service (it has a fee). */
  homeCollection: boolean;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
};

/**
 * An offer counts for the price, the comparison and booking when it is active and its lab is
 * active: a deactivated lab's offers drop out everywhere at once.
 */
const offerIsLive = and(sql`${labOffers.isActive}`, sql`${labs.isActive}`);

const comparisonColumns = {
  offerId: labOffers.id,
  testId: labOffers.testId,
  labId: labs.id,
  labName: labs.name,
  labNameAr: labs.nameAr,
  labSlug: labs.slug,
  area: labs.area,
  address: labs.address,
  addressAr: labs.addressAr,
  latitude: labs.latitude,
  longitude: labs.longitude,
  priceFils: labOffers.priceFils,
  resultHours: labOffers.resultHours,
  walkIn: labOffers.walkIn,
  homeCollection: sql<boolean>`(${labOffers.homeCollection} and ${labs.homeCollectionFeeFils} is not null)`,
  homeCollectionFeeFils: labs.homeCollectionFeeFils,
  homeCollectionAreas: labs.homeCollectionAreas,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYNC_CHUNK = 5_000;

/** A list of uuids as one bound parameter (no parameter-count limit on large imports). */
function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`Not a uuid: ${id}`);
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/**
 * Sets tests.price_fils to the lowest live offer's price and tests.offer_count to the number of
 * live offers, for these tests. A test without live offers keeps its own price, with count 0.
 * Only rows that change are written (and get a new updated_at).
 */
export async function syncTestPrices(tx: Executor, testIds: readonly string[]): Promise<void> {
  const unique = [...new Set(testIds)];
  for (let i = 0; i < unique.length; i += SYNC_CHUNK) {
    const ids = uuidArray(unique.slice(i, i + SYNC_CHUNK));
    await tx.execute(sql`
      with live as (
        select o.test_id, min(o.price_fils) as low, count(*)::int as n
        from lab_offers o join labs l on l.id = o.lab_id
        where o.test_id = any(${ids}) and o.is_active and l.is_active
        group by o.test_id
      ), wanted as (
        select t.id, coalesce(live.low, t.price_fils) as price_fils, coalesce(live.n, 0) as offer_count
        from tests t left join live on live.test_id = t.id
        where t.id = any(${ids})
      )
      update tests set price_fils = wanted.price_fils, offer_count = wanted.offer_count, updated_at = now()
      from wanted
      where tests.id = wanted.id
        and (tests.price_fils <> wanted.price_fils or tests.offer_count <> wanted.offer_count)`);
  }
}

/** Re-syncs every test a lab offers, after the lab itself changed (activated, deactivated, fee). */
export async function syncLabTestPrices(tx: Executor, labId: string): Promise<void> {
  const rows = await tx.select({ testId: labOffers.testId }).from(labOffers).where(eq(labOffers.labId, labId));
  await syncTestPrices(
    tx,
    rows.map((row) => row.testId),
  );
}

/**
 * Creates or replaces the offer of this lab for this test, then syncs the test's price. A new
 * price goes to the price history, with `by` (who) and `source` (form or import).
 */
export async function saveOffer(tx: Executor, input: OfferInput, changedBy: PriceChangeBy = {}): Promise<LabOffer> {
  const [before] = await tx
    .select({ priceFils: labOffers.priceFils })
    .from(labOffers)
    .where(and(eq(labOffers.labId, input.labId), eq(labOffers.testId, input.testId)))
    .for("update");
  const values = {
    labId: input.labId,
    testId: input.testId,
    priceFils: input.priceFils,
    resultHours: input.resultHours ?? null,
    walkIn: input.walkIn,
    homeCollection: input.homeCollection,
    isActive: input.isActive,
  };
  const [row] = await tx
    .insert(labOffers)
    .values(values)
    .onConflictDoUpdate({
      target: [labOffers.labId, labOffers.testId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  await recordPriceChanges(tx, [priceChange(row, before?.priceFils ?? null, row.priceFils)], changedBy);
  await syncTestPrices(tx, [row.testId]);
  return row;
}

const priceChange = (offer: LabOffer, oldPriceFils: number | null, newPriceFils: number | null): PriceChange => ({
  labId: offer.labId,
  testId: offer.testId,
  offerId: offer.id,
  oldPriceFils,
  newPriceFils,
});

/** Changes part of an offer, then syncs its test's price; null when there is no such offer. A new price goes to the price history. */
export async function updateOffer(tx: Executor, id: string, patch: OfferPatch, changedBy: PriceChangeBy = {}): Promise<LabOffer | null> {
  if (!UUID.test(id)) return null;
  const [before] = await tx.select({ priceFils: labOffers.priceFils }).from(labOffers).where(eq(labOffers.id, id)).for("update");
  if (!before) return null;
  const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as OfferPatch;
  const [row] =
    Object.keys(set).length === 0
      ? await tx.select().from(labOffers).where(eq(labOffers.id, id))
      : await tx.update(labOffers).set(set).where(eq(labOffers.id, id)).returning();
  if (!row) return null;
  await recordPriceChanges(tx, [priceChange(row, before.priceFils, row.priceFils)], changedBy);
  await syncTestPrices(tx, [row.testId]);
  return row;
}

/** Deletes an offer, then syncs its test's price; null when there is no such offer. The price history keeps its end. */
export async function deleteOffer(tx: Executor, id: string, changedBy: PriceChangeBy = {}): Promise<LabOffer | null> {
  if (!UUID.test(id)) return null;
  const [row] = await tx.delete(labOffers).where(eq(labOffers.id, id)).returning();
  if (!row) return null;
  await recordPriceChanges(tx, [priceChange(row, row.priceFils, null)], changedBy);
  await syncTestPrices(tx, [row.testId]);
  return row;
}

/**
 * The live offers of a test, cheapest first (ties by lab name): the product page's comparison and
 * the lab choice of booking and checkout. One query on lab_offers_test_active_price_idx joined to labs.
 */
export async function offersForTest(testId: string): Promise<OfferComparisonRow[]> {
  return (await offersForTests([testId])).get(testId) ?? [];
}

/** The live offers of several tests by test, each cheapest first: one statement however many tests (checkout's lines). */
export async function offersForTests(testIds: string[]): Promise<Map<string, OfferComparisonRow[]>> {
  const ids = [...new Set(testIds.filter((id) => UUID.test(id)))];
  const byTest = new Map<string, OfferComparisonRow[]>();
  if (ids.length === 0) return byTest;
  for (const row of await liveOffersOfTests().execute({ testIds: ids })) {
    byTest.set(row.testId, [...(byTest.get(row.testId) ?? []), row]);
  }
  return byTest;
}

const liveOffersOfTests = preparedQuery("live_offers_of_tests", (database) =>
  database
    .select(comparisonColumns)
    .from(labOffers)
    .innerJoin(labs, eq(labs.id, labOffers.labId))
    .where(and(isAnyOf(labOffers.testId, "testIds", "uuid"), offerIsLive))
    .orderBy(asc(labOffers.testId), asc(labOffers.priceFils), asc(labs.name)),
);

/** The default lab for a test: its cheapest live offer (for the collection type, when given). */
export async function cheapestOffer(testId: string, type?: CollectionType): Promise<OfferComparisonRow | null> {
  const offers = await offersForTest(testId);
  return offers.find((offer) => offerAllows(offer, type)) ?? null;
}

/** Whether an offer can be booked with this collection type (any, when none is given). */
export function offerAllows(offer: Pick<OfferComparisonRow, "walkIn" | "homeCollection">, type?: CollectionType) {
  if (type === "walk_in") return offer.walkIn;
  if (type === "home") return offer.homeCollection;
  return true;
}

/** This lab's live offer of this test, or null: the server-side price of booking and checkout. */
export async function findOffer(labId: string, testId: string): Promise<OfferComparisonRow | null> {
  if (!UUID.test(labId) || !UUID.test(testId)) return null;
  const [row] = await db
    .select(comparisonColumns)
    .from(labOffers)
    .innerJoin(labs, eq(labs.id, labOffers.labId))
    .where(and(eq(labOffers.labId, labId), eq(labOffers.testId, testId), offerIsLive));
  return row ?? null;
}

export type LabOfferListRow = LabOffer & { testName: string; testNameAr: string | null; testSlug: string };

export type OffersForLabOptions = {
  search?: string;
  page?: number;
  pageSize?: number;
  /** The admin's table shows inactive offers too; the public lab page does not. */
  includeInactive?: boolean;
  /** price: cheapest first, read from lab_offers_lab_active_price_idx (active only); name: A-Z. */
  sort?: "price" | "name";
};

/**
 * One page of a lab's offers with their tests' names, and how many match: the lab page and the
 * admin's offers table. Searching matches the test name; the page is clamped to the last one.
 */
export async function offersForLab(labId: string, options: OffersForLabOptions = {}) {
  const pageSize = options.pageSize ?? 20;
  const search = options.search?.trim().slice(0, 200) ?? "";
  if (!UUID.test(labId)) return { rows: [] as LabOfferListRow[], total: 0, page: 1, pageCount: 1 };
  const where = and(
    eq(labOffers.labId, labId),
    // Written as the partial indexes' predicate, so the planner can use them.
    options.includeInactive ? undefined : sql`${labOffers.isActive}`,
    // lower(name) LIKE: the trigram index tests_name_trgm_idx finds the matching tests.
    search
      ? hasArabic(search)
        ? sql`${tests.nameArSearch} like ${`%${escapeLike(foldArabic(search))}%`}`
        : sql`lower(${tests.name}) like ${`%${escapeLike(search.toLowerCase())}%`}`
      : undefined,
  );
  // Without a search the count needs no tests: an index-only count of the lab's offers.
  const [{ total }] = search
    ? await db.select({ total: count() }).from(labOffers).innerJoin(tests, eq(tests.id, labOffers.testId)).where(where)
    : await db.select({ total: count() }).from(labOffers).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), pageCount);
  const sort = options.sort ?? (options.includeInactive ? "name" : "price");
  const order = sort === "price" ? [asc(labOffers.priceFils), asc(tests.name)] : [asc(tests.name), asc(labOffers.id)];
  const rows =
    total === 0
      ? []
      : await db
          .select({ ...offerColumns, testName: tests.name, testNameAr: tests.nameAr, testSlug: tests.slug })
          .from(labOffers)
          .innerJoin(tests, eq(tests.id, labOffers.testId))
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

const offerColumns = {
  id: labOffers.id,
  labId: labOffers.labId,
  testId: labOffers.testId,
  priceFils: labOffers.priceFils,
  resultHours: labOffers.resultHours,
  walkIn: labOffers.walkIn,
  homeCollection: labOffers.homeCollection,
  isActive: labOffers.isActive,
  createdAt: labOffers.createdAt,
  updatedAt: labOffers.updatedAt,
};

/** Whether a test has live offers (its price is then the lowest offer's, not its own). */
export async function testHasOffers(executor: Executor, testId: string): Promise<boolean> {
  const [row] = await executor.select({ n: tests.offerCount }).from(tests).where(eq(tests.id, testId));
  return (row?.n ?? 0) > 0;
}
