import type { bookings, orderItems } from "~/db/schema";
import { pendingBooking } from "~/modules/booking/create-booking.server";
import { homeVisitKey } from "~/modules/booking/home-visit";
import type { PatientDetails } from "~/modules/booking/schemas";
import { dubaiDateTime } from "~/modules/slots/schedule";

type OrderItem = typeof orderItems.$inferSelect;


/**
 * The pending bookings of an order (cash on delivery at once, a card order when paid): one per
 * test line, at the line's slot (its Asia/Dubai date and time) or the order's date and time,
 * with the lab, collection type, home address and the offer's price; the booking of the first
 * line of each home-collection visit (lab, slot and address: home-visit.ts) records that visit's fee.
 */
export function bookingsForOrderItems(
  order: { id: string; userId: string },
  items: OrderItem[],
  details: PatientDetails,
): (typeof bookings.$inferInsert)[] {
  const fees = new Map(items.filter((item) => item.kind === "home_collection_fee").map((item) => [homeVisitKey(item), item.unitPriceFils]));
  const feeCharged = new Set<string>();
  return items
    .filter((item) => item.kind === "test")
    .map((item) => {
      const when = item.slotStart ? dubaiDateTime(item.slotStart) : { date: details.scheduledDate, time: details.scheduledTime };
      const key = homeVisitKey(item);
      const fee = item.collectionType === "home" && !feeCharged.has(key) ? (fees.get(key) ?? null) : null;
      if (fee !== null) feeCharged.add(key);
      return {
        ...pendingBooking(order.userId, item.testId, { ...details, scheduledDate: when.date, scheduledTime: when.time }, order.id),
        labId: item.labId,
        collectionType: item.collectionType,
        slotStart: item.slotStart,
        homeAddress: item.homeAddress,
        homeArea: item.homeArea,
        priceFils: item.labId ? item.unitPriceFils : null,
        homeCollectionFeeFils: fee,
      };
    });
}
