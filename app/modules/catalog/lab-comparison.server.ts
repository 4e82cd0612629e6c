import { offersForTest, type OfferComparisonRow } from "~/modules/catalog/offers.server";
import { compareSorts, type CompareSort } from "~/modules/catalog/lab-comparison";
import { getNow } from "~/modules/slots/clock.server";
import { dubaiDateTime } from "~/modules/slots/schedule";
import { nextFreeSlots } from "~/modules/slots/slots.server";
import { todayInDubai } from "~/utils/dubai-date";

/**
 * A slot shown to people: its instant, and e.g. "Today, 11:00" or "Wed 15 Jan, 09:00" (Asia/Dubai);
 * its Dubai day (relative to the app's clock) and time, for pages in other languages.
 */
export type SlotLabel = { at: string; label: string; day: "today" | "tomorrow" | "later"; date: string; time: string };

/** One row of the product page's comparison. */
export type ComparisonRow = Omit<OfferComparisonRow, "latitude" | "longitude" | "homeCollectionAreas" | "address" | "addressAr"> & {
  nextWalkIn: SlotLabel | null;
  nextHome: SlotLabel | null;
  /** The earlier of the two, what "next free slot" sorts by. */
  nextSlot: SlotLabel | null;
  cheapest: boolean;
  fastest: boolean;
  /** Set when an area is chosen and the lab comes to the patient: the home-collection fee included in priceFils (issue 26). */
  includedFeeFils?: number | null;
};

export type LabComparison = { sort: CompareSort; rows: ComparisonRow[] };

export function parseCompareSort(value: string | null): CompareSort {
  return compareSorts.find((sort) => sort === value) ?? "price";
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Labels slots relative to `now`'s day in Abu Dhabi. */
function slotLabeller(now: Date) {
  const today = todayInDubai(now);
  const tomorrow = todayInDubai(new Date(now.getTime() + 86_400_000));
  return (instant: Date | null | undefined): SlotLabel | null => {
    if (!instant) return null;
    const { date, time } = dubaiDateTime(instant);
    const relative = date === today ? "today" : date === tomorrow ? "tomorrow" : "later";
    let day = relative === "today" ? "Today" : relative === "tomorrow" ? "Tomorrow" : "";
    if (!day) {
      const [year, month, dayOfMonth] = date.split("-").map(Number);
      day = `${WEEKDAYS[new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay()]} ${dayOfMonth} ${MONTHS[month - 1]}`;
    }
    return { at: instant.toISOString(), label: `${day}, ${time}`, day: relative, date, time };
  };
}

const byNullableNumber = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);
const slotTime = (slot: SlotLabel | null) => (slot ? Date.parse(slot.at) : null);

const orders: Record<CompareSort, (a: ComparisonRow, b: ComparisonRow) => number> = {
  price: (a, b) => a.priceFils - b.priceFils,
  result: (a, b) => byNullableNumber(a.resultHours, b.resultHours) || a.priceFils - b.priceFils,
  slot: (a, b) => byNullableNumber(slotTime(a.nextSlot), slotTime(b.nextSlot)) || a.priceFils - b.priceFils,
};

/**
 * The labs offering a test, side by side: price, result time, walk-in and home collection (with
 * its fee) and the next free slot of each, sorted as asked (ties by lab name), the cheapest and the
 * fastest marked (every row that ties for it). Three queries: the offers, then the labs' schedules and full slots.
 */
export async function labComparison(testId: string, sort: CompareSort, now: Date = getNow()): Promise<LabComparison> {
  const offers = await offersForTest(testId);
  if (offers.length === 0) return { sort, rows: [] };
  const homeLabs = offers.filter((offer) => offer.homeCollection).map((offer) => offer.labId);
  const walkInLabs = offers.filter((offer) => offer.walkIn).map((offer) => offer.labId);
  const { walk_in: walkIn, home } = await nextFreeSlots({ walk_in: walkInLabs, home: homeLabs }, now);
  const slotLabel = slotLabeller(now);
  const lowest = Math.min(...offers.map((offer) => offer.priceFils));
  const hours = offers.flatMap((offer) => (offer.resultHours === null ? [] : [offer.resultHours]));
  const quickest = hours.length ? Math.min(...hours) : null;
  const rows = offers.map(({ latitude: _lat, longitude: _lng, homeCollectionAreas: _areas, address: _address, addressAr: _addressAr, ...offer }) => {
    const nextWalkIn = slotLabel(walkIn.get(offer.labId));
    const nextHome = slotLabel(home.get(offer.labId));
    const nextSlot = [nextWalkIn, nextHome].filter((slot) => slot !== null).sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0] ?? null;
    return {
      ...offer,
      nextWalkIn,
      nextHome,
      nextSlot,
      cheapest: offer.priceFils === lowest,
      fastest: quickest !== null && offer.resultHours === quickest,
    };
  });
  // offersForTest returns them by price then lab name; a stable sort keeps that order for ties.
  return { sort, rows: rows.sort(orders[sort]) };
}
