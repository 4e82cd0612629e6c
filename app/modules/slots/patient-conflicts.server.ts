import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { bookings, labs } from "~/db/schema";
import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { formatCalendarDate } from "~/i18n/use-format";
import { dubaiDateTime } from "~/modules/slots/schedule";
import type { CollectionType } from "~/modules/slots/collection-types";
import { plainText } from "~/modules/slots/home-visit";
import { placeKey } from "~/modules/slots/nearby-visits";

// Issue 26, "The time": one patient cannot be in two places at once. Two bookings of one patient
// (the same name on one account, spaces and capitals aside) that start at the same moment at two
// places (two labs, a walk-in and a home visit, or two home addresses) are refused; the same place
// is one visit and fine. See docs/decisions/0051-one-appointment-time.md.

export const TWO_PLACES_MESSAGE =
  "{{patient}} already has a booking at {{time}} on {{date}} at {{place}}. One person cannot be in two places at once: please choose another time.";

/** The same saved patient in two lines of one order at one moment, at two places. */
export const TWO_PLACES_IN_ORDER_MESSAGE =
  "{{patient}} is in two lines of this order at {{time}} on {{date}}, one of them at {{place}}. One person cannot be in two places at once: please choose another time or another patient.";

/** Where a booking is taken: a lab's walk-in, or a home visit at an address. */
export type PatientVisit = {
  patientName: string;
  labId: string | null;
  type: CollectionType | null;
  start: Date;
  homeArea?: string | null;
  homeAddress?: string | null;
  /** The account's saved patient taking the visit, when one was chosen: one order's lines are compared by it. */
  savedPatientId?: string | null;
};

/** A booking the account already has (or another line of the same order) where the patient would be at that moment. */
export class TwoPlacesError extends Error {
  constructor(
    readonly patientName: string,
    readonly start: Date,
    readonly place: { labName: string | null; labNameAr: string | null; type: CollectionType | null; homeArea: string | null },
    /** The other place is another line of the same order, not a booking the account has. */
    readonly inThisOrder = false,
  ) {
    super(TwoPlacesError.text(patientName, start, place, "en", inThisOrder));
  }

  private static text(patientName: string, start: Date, place: TwoPlacesError["place"], language: Language, inThisOrder: boolean) {
    const t = serverT(language, "checkout");
    const { date, time } = dubaiDateTime(start);
    const lab = place.labName ? localizedField(place.labName, place.labNameAr, language).text : t("the lab");
    const where = place.type === "home" ? `${t("Home collection")} (${lab}${place.homeArea ? `, ${serverT(language, "names")(place.homeArea as never)}` : ""})` : lab;
    const message = inThisOrder ? TWO_PLACES_IN_ORDER_MESSAGE : TWO_PLACES_MESSAGE;
    return t(message, { patient: patientName, time, date: formatCalendarDate(date, language), place: where });
  }

  describe(language: Language) {
    return TwoPlacesError.text(this.patientName, this.start, this.place, language, this.inThisOrder);
  }
}

/**
 * The first of `visits` that would put its patient in two places at one moment, against the
 * account's active bookings or another of `visits`; null when none does. To be sure, call it in
 * the booking's transaction after lockAccountHoldings locked the account's row (a review step may
 * ask it before). `excludeOrderIds`: orders this one replaces; `excludeBookingIds`: bookings that
 * move (a reschedule). Within one order only visits naming the same saved patient are compared: a
 * quantity of two is two patients, and units without a saved patient may be anyone.
 */
export async function twoPlacesConflict(
  executor: Executor,
  userId: string,
  visits: PatientVisit[],
  { excludeOrderIds = [], excludeBookingIds = [] }: { excludeOrderIds?: string[]; excludeBookingIds?: string[] } = {},
): Promise<TwoPlacesError | null> {
  if (visits.length === 0) return null;
  const inOrder = clashWithinOrder(visits);
  if (inOrder) {
    const { other } = inOrder;
    const [lab] = other.labId ? await executor.select({ name: labs.name, nameAr: labs.nameAr }).from(labs).where(eq(labs.id, other.labId)) : [];
    const place = { labName: lab?.name ?? null, labNameAr: lab?.nameAr ?? null, type: other.type, homeArea: other.homeArea ?? null };
    return new TwoPlacesError(inOrder.visit.patientName.trim(), inOrder.visit.start, place, true);
  }
  const starts = [...new Set(visits.map((visit) => visit.start.getTime()))].map((time) => new Date(time));
  const existing = await executor
    .select({
      patientName: bookings.patientName,
      labId: bookings.labId,
      labName: labs.name,
      labNameAr: labs.nameAr,
      type: bookings.collectionType,
      start: bookings.slotStart,
      homeArea: bookings.homeArea,
      homeAddress: bookings.homeAddress,
    })
    .from(bookings)
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .where(
      and(
        eq(bookings.userId, userId),
        sql`${bookings.status} in ('pending', 'confirmed')`,
        inArray(bookings.slotStart, starts),
        excludeOrderIds.length > 0 ? sql`(${bookings.orderId} is null or ${notInArray(bookings.orderId, excludeOrderIds)})` : undefined,
        excludeBookingIds.length > 0 ? notInArray(bookings.id, excludeBookingIds) : undefined,
      ),
    );
  for (const visit of visits) {
    const clash = existing.find(
      (other) =>
        other.start?.getTime() === visit.start.getTime() && plainText(other.patientName) === plainText(visit.patientName) && placeKey(other) !== placeKey(visit),
    );
    if (clash) return new TwoPlacesError(visit.patientName.trim(), visit.start, { labName: clash.labName, labNameAr: clash.labNameAr, type: clash.type, homeArea: clash.homeArea });
  }
  return null;
}

/** Two of one order's visits of the same saved patient at the same moment in two places (issue 26), or null. */
function clashWithinOrder(visits: PatientVisit[]) {
  for (const [index, visit] of visits.entries()) {
    if (!visit.savedPatientId) continue;
    const same = (earlier: PatientVisit) => earlier.savedPatientId === visit.savedPatientId && earlier.start.getTime() === visit.start.getTime();
    const other = visits.slice(0, index).find((earlier) => same(earlier) && placeKey(earlier) !== placeKey(visit));
    if (other) return { visit, other };
  }
  return null;
}
