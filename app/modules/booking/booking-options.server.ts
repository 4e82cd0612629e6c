import { z } from "zod";
import type { BookingOptions, LabChoice, SlotChoice } from "~/modules/booking/booking-options";
import { offerAllows, offersForTest, type OfferComparisonRow } from "~/modules/catalog/offers.server";
import { collectionTypes, defaultCollectionType, type CollectionType } from "~/modules/slots/collection-types";
import { freeSlotsForDay } from "~/modules/slots/slots.server";
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

/**
 * What the booking form offers: with a test, the labs offering it (cheapest first) and the chosen
 * lab (null: any lab, the cheapest with the time free). The slots on `date` (when given) are the
 * chosen lab's, or for any lab every lab's times merged (free when some lab has it free); past
 * and too-soon ones are left out.
 */
export async function bookingOptions({
  testId,
  labId,
  type,
  date,
}: {
  testId: string | null;
  labId: string | null;
  type: CollectionType;
  date: string | null;
}): Promise<BookingOptions> {
  let labs: LabChoice[] = [];
  let chosen: string | null = labId;
  let slotLabIds: string[] = labId ? [labId] : [];
  if (testId) {
    labs = (await offersForTest(testId)).map(labChoice);
    chosen = labs.find((lab) => lab.labId === labId)?.labId ?? null;
    slotLabIds = chosen ? [chosen] : labs.filter((lab) => offerAllows(lab, type)).map((lab) => lab.labId);
  }
  if (!date || slotLabIds.length === 0) return { labs, labId: chosen, type, date, slots: date && testId ? [] : null };
  const perLab = await Promise.all(slotLabIds.map((id) => freeSlotsForDay(id, type, date)));
  const merged = new Map<string, SlotChoice>();
  for (const slot of perLab.flat()) {
    if (slot.status === "too-soon") continue;
    const seen = merged.get(slot.time) ?? { time: slot.time, status: "full" as const, free: 0 };
    merged.set(slot.time, { time: slot.time, free: seen.free + slot.free, status: seen.free + slot.free > 0 ? "free" : "full" });
  }
  const slots = [...merged.values()].sort((a, b) => a.time.localeCompare(b.time));
  return { labs, labId: chosen, type, date, slots };
}
