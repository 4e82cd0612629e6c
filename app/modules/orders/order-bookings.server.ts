import type { bookings, orderItems } from "~/db/schema";
import type { SavedPatient } from "~/modules/accounts/saved-patients.server";
import { pendingBooking, savedPatientFields } from "~/modules/booking/create-booking.server";
import { homeVisitKey } from "~/modules/slots/home-visit";
import type { PatientDetails } from "~/modules/booking/schemas";
import { dubaiDateTime } from "~/modules/slots/schedule";

type OrderItem = typeof orderItems.$inferSelect;

/**
 * The patients of an order line's units (issue 26): a line without saved patients is one booking
 * for the details form's patient, holding all its units (as before saved patients); a line with
 * them is one booking per unit, each saved patient's, and the units left the details form's patient.
 * A saved patient deleted since the order was placed (a card payment arriving later) is the
 * details form's patient too: the payment cannot be refused.
 */
function unitPatients(item: OrderItem, patients: ReadonlyMap<string, SavedPatient>): (SavedPatient | null)[] {
  const ids = item.patientIds ?? [];
  if (ids.length === 0) return [null];
  return Array.from({ length: item.quantity }, (_, unit) => (ids[unit] ? (patients.get(ids[unit]) ?? null) : null));
}

/**
 * The pending bookings of an order (cash on delivery at once, a card order when paid): one per
 * test line, or one per unit of a line whose units name saved patients, at the line's slot (its
 * Asia/Dubai date and time) or the order's date and time, with the lab, collection type, home
 * address, the offer's price and the patient (name, phone, date of birth and sex for a saved
 * patient); the booking of the first line of each home-collection visit (lab, slot and address:
 * home-visit.ts) records that visit's fee. `patients`: the account's saved patients of the order's units.
 */
export function bookingsForOrderItems(
  order: { id: string; userId: string },
  items: OrderItem[],
  details: PatientDetails,
  patients: ReadonlyMap<string, SavedPatient> = new Map(),
): (typeof bookings.$inferInsert)[] {
  const fees = new Map(items.filter((item) => item.kind === "home_collection_fee").map((item) => [homeVisitKey(item), item.unitPriceFils]));
  const feeCharged = new Set<string>();
  return items
    .filter((item) => item.kind === "test")
    .flatMap((item) => {
      const when = item.slotStart ? dubaiDateTime(item.slotStart) : { date: details.scheduledDate, time: details.scheduledTime };
      const key = homeVisitKey(item);
      return unitPatients(item, patients).map((patient) => {
        const fee = item.collectionType === "home" && !feeCharged.has(key) ? (fees.get(key) ?? null) : null;
        if (fee !== null) feeCharged.add(key);
        return {
          ...pendingBooking(order.userId, item.testId, { ...details, scheduledDate: when.date, scheduledTime: when.time }, order.id),
          ...(patient ? savedPatientFields(patient, details) : {}),
          labId: item.labId,
          collectionType: item.collectionType,
          slotStart: item.slotStart,
          homeAddress: item.homeAddress,
          homeArea: item.homeArea,
          priceFils: item.labId ? item.unitPriceFils : null,
          homeCollectionFeeFils: fee,
          // The line's referral (issue 26), on each of its bookings.
          referralDoctorName: item.referralDoctorName,
          referralFileId: item.referralFileId,
        };
      });
    });
}
