import { currentChangePolicy } from "~/modules/booking/change-policy.server";
import { z } from "zod";
import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema";
import { htmlToPlainText } from "~/utils/sanitize-html";
import type { BookingOptions, LabChoice, Preparation, SlotChoice } from "~/modules/booking/booking-options";
import { areaPrice } from "~/modules/catalog/area-offers";
import { offerAllows, offersForTests, type OfferComparisonRow } from "~/modules/catalog/offers.server";
import { collectionTypes, defaultCollectionType, type CollectionType } from "~/modules/slots/collection-types";
import { freeSlotsOfLabDays, type LabDay } from "~/modules/slots/slots.server";
import { isCalendarDate } from "~/utils/dubai-date";

const uuid = z.uuid();

const labChoice = (offer: OfferComparisonRow): LabChoice => ({
  labId: offer.labId,
  labName: offer.labName,
  labNameAr: offer.labNameAr,
  area: offer.area,
  priceFils: offer.priceFils,
  walkIn: offer.walkIn,
  homeCollection: offer.homeCollection,
  homeCollectionFeeFils: offer.homeCollectionFeeFils,
  homeCollectionAreas: offer.homeCollectionAreas,
});

/** Query parameters as the booking form sends them; anything unreadable falls back to the default. */
export function readBookingQuery(params: URLSearchParams) {
  const get = (name: string) => params.get(name)?.trim() || null;
  const test = get("test");
  const lab = get("lab");
  const type = get("type");
  const date = get("date");
  return {
    testId: test && uuid.safeParse(test).success ? test : null,
    labId: lab && uuid.safeParse(lab).success ? lab : null,
    type: (collectionTypes as readonly string[]).includes(type ?? "") ? (type as CollectionType) : defaultCollectionType,
    date: date && isCalendarDate(date) ? date : null,
  };
}

export type BookingOptionsQuery = {
  testId: string | null;
  labId: string | null;
  type: CollectionType;
  date: string | null;
  /** The patient's area (chosenArea): home collection only at the labs collecting there. */
  area?: string | null;
};

/** A lab choice for the patient's area: home collection stays offered only where the lab collects (areaPrice, the search's rule). */
export function labChoiceInArea(lab: LabChoice, area: string | null | undefined): LabChoice {
  if (!area || !lab.homeCollection) return lab;
  return areaPrice(lab, { area, home: true }) ? lab : { ...lab, homeCollection: false };
}

/** Every area some lab's home collection reaches (the booking form's choice of area), the patient's first. */
function areasServed(labs: LabChoice[], area: string | null | undefined) {
  const served = new Set(labs.filter((lab) => lab.homeCollection).flatMap((lab) => lab.homeCollectionAreas));
  if (area && labs.some((lab) => labChoiceInArea(lab, area).homeCollection)) served.add(area);
  return [...served];
}

/**
 * What the booking form offers: with a test, the labs offering it (cheapest first) and the chosen
 * lab (null: any lab, the cheapest with the time free). The slots on `date` (when given) are the
 * chosen lab's, or for any lab every lab's times merged (free when some lab has it free); past
 * and too-soon ones are left out.
 */
export async function bookingOptions(query: BookingOptionsQuery, area: BookingOptions["area"] = null): Promise<BookingOptions> {
  const [everyArea] = area ? await bookingOptionsOfMany([{ ...query, date: null }]) : [];
  const [options] = await bookingOptionsOfMany([{ ...query, area: area?.area ?? null }]);
  const facts = query.testId ? await bookingFactsOf(query.testId) : null;
  return {
    ...options,
    policy: currentChangePolicy(),
    preparation: facts?.preparation ?? null,
    referral: facts?.referral ?? "none",
    area,
    areas: area ? areasServed(everyArea.labs, area.area) : undefined,
  };
}

/** A test's preparation instructions (HTML) as text in both languages, or null when it has none. */
function preparationText(en: string | null | undefined, ar: string | null | undefined): Preparation {
  const text = htmlToPlainText(en);
  return text ? { en: text, ar: htmlToPlainText(ar) || null } : null;
}

/** A test's preparation as text in both languages, and the referral it asks for. */
async function bookingFactsOf(testId: string) {
  const [test] = await db
    .select({ en: tests.preparationInstructions, ar: tests.preparationInstructionsAr, referral: tests.referralRequirement })
    .from(tests)
    .where(eq(tests.id, testId));
  return { preparation: preparationText(test?.en, test?.ar), referral: test?.referral ?? "none" };
}

/** The preparations of several tests (checkout's lines) in one statement, by test id. */
export async function preparationsOf(testIds: string[]): Promise<Map<string, Preparation>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tests.id, en: tests.preparationInstructions, ar: tests.preparationInstructionsAr })
    .from(tests)
    .where(inArray(tests.id, testIds));
  return new Map(rows.map((row) => [row.id, preparationText(row.en, row.ar)]));
}

/**
 * bookingOptions for several queries at once (checkout's lines) in two statements however many
 * there are: the tests' offers, then every lab-day's slots.
 */
export async function bookingOptionsOfMany(queries: BookingOptionsQuery[]): Promise<BookingOptions[]> {
  const offers = await offersForTests(queries.flatMap((query) => (query.testId ? [query.testId] : [])));
  const planned = queries.map(({ testId, labId, type, date, area }) => {
    let labs: LabChoice[] = [];
    let chosen: string | null = labId;
    let slotLabIds: string[] = labId ? [labId] : [];
    if (testId) {
      labs = (offers.get(testId) ?? []).map((offer) => labChoiceInArea(labChoice(offer), area));
      chosen = labs.find((lab) => lab.labId === labId)?.labId ?? null;
      slotLabIds = chosen ? [chosen] : labs.filter((lab) => offerAllows(lab, type)).map((lab) => lab.labId);
    }
    return { testId, labs, chosen, type, date, labDays: date ? slotLabIds.map((id): LabDay => ({ labId: id, type, date })) : [] };
  });
  const slotsOf = await freeSlotsOfLabDays(planned.flatMap((plan) => plan.labDays));
  return planned.map(({ testId, labs, chosen, type, date, labDays }) => {
    if (!date || labDays.length === 0) return { labs, labId: chosen, type, date, slots: date && testId ? [] : null };
    const merged = new Map<string, SlotChoice>();
    for (const slot of labDays.flatMap(slotsOf)) {
      if (slot.status === "too-soon") continue;
      const seen = merged.get(slot.time) ?? { time: slot.time, status: "full" as const, free: 0 };
      merged.set(slot.time, { time: slot.time, free: seen.free + slot.free, status: seen.free + slot.free > 0 ? "free" : "full" });
    }
    const slots = [...merged.values()].sort((a, b) => a.time.localeCompare(b.time));
    return { labs, labId: chosen, type, date, slots };
  });
}
