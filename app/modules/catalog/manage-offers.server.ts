// The admin's offers of one lab (/admin/labs/{labId}/offers): every write goes through
// offers.server.ts (saveOffer, updateOffer, deleteOffer), which keeps tests.price_fils in step.
import { and, asc, eq, like, notExists, or, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labOffers, labs, tests } from "~/db/schema";
import type { Crud } from "~/modules/admin/crud-action.server";
import { deleteOffer, offersForLab, saveOffer, updateOffer } from "~/modules/catalog/offers.server";
import { findLab } from "~/modules/catalog/manage-labs.server";
import { OfferFormSchema, type OfferFormInput } from "~/modules/catalog/schemas";
import { isUuid } from "~/modules/catalog/search-params";
import { escapeLike } from "~/utils/escape-like";
import type { Actor } from "~/modules/lifecycle/order-status";

export const OFFERS_PAGE_SIZE = 20;

export const NO_HOME_COLLECTION = "This lab offers no home collection: set its home-collection fee in the lab form first";

/**
 * The offer form as the server checks it: the lab and test exist, home collection only where the
 * lab runs it. Zod runs this refinement even when a field failed (a labId that is not a uuid), so
 * the database is asked only about ids the form's own schema accepted.
 */
export const OfferFormServerSchema = OfferFormSchema.superRefine(async (offer, ctx) => {
  if (ctx.issues?.length || !isUuid(offer.labId) || !isUuid(offer.testId)) return;
  const [lab] = await db.select({ fee: labs.homeCollectionFeeFils }).from(labs).where(eq(labs.id, offer.labId));
  if (!lab) return ctx.addIssue({ code: "custom", path: ["labId"], message: "This lab no longer exists." });
  if (offer.homeCollection && lab.fee === null) ctx.addIssue({ code: "custom", path: ["homeCollection"], message: NO_HOME_COLLECTION });
  const [test] = await db.select({ id: tests.id }).from(tests).where(eq(tests.id, offer.testId));
  if (!test) ctx.addIssue({ code: "custom", path: ["testId"], message: "Please choose a test from the list" });
});

/** The offers screen of a lab: the lab, and one page of its offers (inactive ones too), searched by test name. */
export async function labOffersPage(labId: string, { q, page }: { q: string; page: number }) {
  const lab = await findLab(labId);
  if (!lab) return null;
  const offers = await offersForLab(lab.id, { search: q, page, pageSize: OFFERS_PAGE_SIZE, includeInactive: true, sort: "name" });
  return { lab, q, ...offers };
}

/** Up to 10 tests whose name or slug matches, that the lab does not offer yet: the add-offer form's choices. */
export async function testsToOffer(labId: string, search: string) {
  const q = search.trim().toLowerCase().slice(0, 200);
  if (!q || !(await findLab(labId))) return [];
  const pattern = `%${escapeLike(q)}%`;
  return db
    .select({ id: tests.id, name: tests.name, slug: tests.slug, priceFils: tests.priceFils })
    .from(tests)
    .where(
      and(
        or(like(sql`lower(${tests.name})`, pattern), like(tests.slug, pattern)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(labOffers)
            .where(and(eq(labOffers.labId, labId), eq(labOffers.testId, tests.id))),
        ),
      ),
    )
    .orderBy(asc(tests.name))
    .limit(10);
}

const offerValues = (input: OfferFormInput) => ({
  priceFils: input.price,
  resultHours: input.resultHours,
  walkIn: input.walkIn,
  homeCollection: input.homeCollection,
  isActive: input.isActive,
});

/** Adds an offer; `by` is who (for the price history). */
export function createOffer(input: OfferFormInput, by?: Actor) {
  return db.transaction((tx) => saveOffer(tx, { labId: input.labId, testId: input.testId, ...offerValues(input) }, { by }));
}

/** Changes an offer of this lab (its test stays); null when the offer is gone or belongs to another lab. */
export function editOffer(id: string, input: OfferFormInput, by?: Actor) {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select({ labId: labOffers.labId }).from(labOffers).where(eq(labOffers.id, id));
    if (!offer || offer.labId !== input.labId) return null;
    return updateOffer(tx, id, offerValues(input), { by });
  });
}

/** Deletes an offer (of this lab, when `labId` is given); null when it is gone or belongs to another lab. */
export function removeOffer(id: string, by?: Actor, labId?: string) {
  return db.transaction(async (tx) => {
    if (labId !== undefined) {
      const [offer] = await tx.select({ labId: labOffers.labId }).from(labOffers).where(eq(labOffers.id, id));
      if (!offer || offer.labId !== labId) return null;
    }
    return deleteOffer(tx, id, { by });
  });
}

export const DUPLICATE_OFFER_MESSAGE = "This lab already offers this test.";

/** The offers table's add, edit and delete. */
export const offerCrud: Crud<typeof OfferFormServerSchema> = {
  entity: "offer",
  schema: OfferFormServerSchema,
  create: createOffer,
  update: editOffer,
  remove: removeOffer,
  duplicateMessage: DUPLICATE_OFFER_MESSAGE,
};

/**
 * "Edit offers" of a test (/admin/tests/{testId}/offers): the test and every lab's offer of it,
 * inactive ones too, cheapest first; null for an unknown test. Each is edited on its lab's offers page.
 */
export async function testOffersAcrossLabs(testId: string) {
  const [test] = await db.select({ id: tests.id, name: tests.name, priceFils: tests.priceFils }).from(tests).where(eq(tests.id, testId));
  if (!test) return null;
  const offers = await db
    .select({
      id: labOffers.id,
      labId: labs.id,
      labName: labs.name,
      labActive: labs.isActive,
      priceFils: labOffers.priceFils,
      resultHours: labOffers.resultHours,
      walkIn: labOffers.walkIn,
      homeCollection: labOffers.homeCollection,
      isActive: labOffers.isActive,
    })
    .from(labOffers)
    .innerJoin(labs, eq(labs.id, labOffers.labId))
    .where(eq(labOffers.testId, testId))
    .orderBy(asc(labOffers.priceFils), asc(labs.name));
  return { test, offers };
}
