import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, labs } from "~/db/schema";
import { serverT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { localizedField } from "~/i18n/localized-field";
import { formatCalendarDate } from "~/i18n/use-format";
import { dubaiDateTime } from "~/modules/slots/schedule";
import type { CollectionType } from "~/modules/slots/collection-types";

// Issue 26, "The time": one patient cannot be in two places at once. Two bookings of one patient
// (the same name on one account, spaces and capitals aside) that start at the same moment at two
// places (two labs, a walk-in and a home visit, or two home addresses) are refused; the same place
// is one visit and fine. See docs/decisions/0051-one-appointment-time.md.

export const TWO_PLACES_MESSAGE =
  "{{patient}} already has a booking at {{time}} on {{date}} at {{place}}. One person cannot be in two places at once: please choose another time.";

/** Where a booking is taken: a lab's walk-in, or a home visit at an address. */
export type PatientVisit = {
  patientName: string;
  labId: string | null;
  type: CollectionType | null;
  start: Date;
  homeArea?: string | null;
  homeAddress?: string | null;
};

const plain = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
const placeKey = (visit: Omit<PatientVisit, "patientName" | "start">) =>
  visit.type === "home" ? `home|${visit.labId}|${plain(visit.homeArea)}|${plain(visit.homeAddress)}` : `walk_in|${visit.labId}`;

/** A booking the account already has (or another line of the same order) where the patient would be at that moment. */
export class TwoPlacesError extends Error {
  constructor(
    readonly patientName: string,
    readonly start: Date,
    readonly place: { labName: string | null; labNameAr: string | null; type: CollectionType | null; homeArea: string | null },
  ) {
    super(TwoPlacesError.text(patientName, start, place, "en"));
  }

  private static text(patientName: string, start: Date, place: TwoPlacesError["place"], language: Language) {
    const t = serverT(language, "checkout");
    const { date, time } = dubaiDateTime(start);
    const lab = place.labName ? localizedField(place.labName, place.labNameAr, language).text : t("the lab");
    const where = place.type === "home" ? `${t("Home collection")} (${lab}${place.homeArea ? `, ${serverT(language, "names")(place.homeArea as never)}` : ""})` : lab;
    return t(TWO_PLACES_MESSAGE, { patient: patientName, time, date: formatCalendarDate(date, language), place: where });
  }

  describe(language: Language) {
    return TwoPlacesError.text(this.patientName, this.start, this.place, language);
  }
}

/**
 * The first of `visits` that would put its patient in two places at one moment, against the
 * account's active bookings; null when none does. In the booking's transaction, after
 * lockAccountHoldings locked the account's row; `excludeOrderIds`: orders this one replaces. The lines of one order are not compared with each
 * other: a quantity of two is two patients (a line's units may name saved patients, each a visit of its own).
 */
export async function twoPlacesConflict(
  tx: Transaction,
  userId: string,
  visits: PatientVisit[],
  { excludeOrderIds = [] }: { excludeOrderIds?: string[] } = {},
): Promise<TwoPlacesError | null> {
  if (visits.length === 0) return null;
  const starts = [...new Set(visits.map((visit) => visit.start.getTime()))].map((time) => new Date(time));
  const existing = await tx
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
      ),
    );
  for (const visit of visits) {
    const clash = existing.find(
      (other) =>
        other.start?.getTime() === visit.start.getTime() && plain(other.patientName) === plain(visit.patientName) && placeKey(other) !== placeKey(visit),
    );
    if (clash) return new TwoPlacesError(visit.patientName.trim(), visit.start, { labName: clash.labName, labNameAr: clash.labNameAr, type: clash.type, homeArea: clash.homeArea });
  }
  return null;
}
