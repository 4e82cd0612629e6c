// What an order charges: its lines, less what was cancelled before a cash-on-delivery order was
// paid (issue 29). The one computation behind the cash due (the collect form's check, the
// portal's worklist, the admin's uncollected cash, the customer's order) and the lines of the
// tax invoice issued when the cash is collected.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { bookings, orderItems, type orders } from "~/db/schema";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { homeVisitKey } from "~/modules/slots/home-visit";

type OrderItem = typeof orderItems.$inferSelect;
type OrderBooking = Pick<typeof bookings.$inferSelect, "testId" | "status" | "labId" | "slotStart" | "collectionType" | "homeArea" | "homeAddress">;

/** An order line with the units still charged and their VAT-inclusive total. */
export type ChargedLine = {
  item: OrderItem;
  quantity: number;
  totalFils: number;
};

/**
 * Bookings that will not take place and cost a cash-on-delivery customer nothing: cancelled (at
 * any time: nothing was charged in advance, so no late-cancellation fee is kept, Terms section 6)
 * or a no-show (treated as a late cancellation, which keeps a share only of a card payment).
 */
const droppedStatuses: readonly BookingStatus[] = ["cancelled", "no_show"];
const dropped = (booking: OrderBooking) => droppedStatuses.includes(booking.status);

/**
 * The lines a cash-on-delivery order still charges, given its bookings: a test line loses the
 * units of its dropped bookings (one booking per unit when the units name saved patients, else
 * one booking holding them all); a home-collection fee line (one per visit, decision 0029) goes
 * when every booking of its visit is dropped, and stays whole while one remains. A line without
 * bookings to read (its test deleted since) stays whole. Lines left with no units are left out.
 */
export function chargedLines(items: OrderItem[], orderBookings: OrderBooking[]): ChargedLine[] {
  return items.flatMap((item): ChargedLine[] => {
    const own =
      item.kind === "home_collection_fee"
        ? orderBookings.filter((booking) => booking.collectionType === "home" && homeVisitKey(booking) === homeVisitKey(item))
        : orderBookings.filter((booking) => item.testId !== null && booking.testId === item.testId);
    const gone = own.filter(dropped).length;
    if (gone === 0) return [{ item, quantity: item.quantity, totalFils: item.totalPriceFils }];
    if (gone === own.length) return [];
    // Some of the line's bookings remain: a line of one booking per unit keeps their units; a fee stays whole.
    if (item.kind !== "test" || item.patientIds.length === 0) return [{ item, quantity: item.quantity, totalFils: item.totalPriceFils }];
    const quantity = Math.max(0, item.quantity - gone);
    return quantity === 0 ? [] : [{ item, quantity, totalFils: item.unitPriceFils * quantity }];
  });
}

const sumFils = (lines: ChargedLine[]) => lines.reduce((sum, line) => sum + line.totalFils, 0);

/**
 * The lines an order charges, in the invoice's order (tests by slot and name, the fees last):
 * a cash-on-delivery order's less its dropped bookings (chargedLines); a card order's as they
 * were paid (a later cancellation is refunded, with a credit note, not taken off the invoice).
 */
export async function orderChargedLines(executor: Executor, order: Pick<typeof orders.$inferSelect, "id" | "paymentMethod">) {
  const items = await executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(sql`${orderItems.kind} = 'home_collection_fee'`, asc(orderItems.slotStart), asc(orderItems.testName));
  if (order.paymentMethod !== "cash_on_delivery")
    return items.map((item) => ({
      item,
      quantity: item.quantity,
      totalFils: item.totalPriceFils,
    }));
  return chargedLines(items, await bookingsOf(executor, [order.id]));
}

/** The cash due on each of these cash-on-delivery orders (their charged lines' total), by order id. */
export async function cashDueOfOrders(executor: Executor, orderIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const [items, orderBookings] = await Promise.all([executor.select().from(orderItems).where(inArray(orderItems.orderId, ids)), bookingsOf(executor, ids)]);
  return new Map(
    ids.map((id) => [
      id,
      sumFils(
        chargedLines(
          items.filter((item) => item.orderId === id),
          orderBookings.filter((booking) => booking.orderId === id),
        ),
      ),
    ]),
  );
}

function bookingsOf(executor: Executor, orderIds: string[]) {
  return executor
    .select({
      orderId: bookings.orderId,
      testId: bookings.testId,
      status: bookings.status,
      labId: bookings.labId,
      slotStart: bookings.slotStart,
      collectionType: bookings.collectionType,
      homeArea: bookings.homeArea,
      homeAddress: bookings.homeAddress,
    })
    .from(bookings)
    .where(inArray(bookings.orderId, orderIds));
}

/** The cash due on one cash-on-delivery order. */
export async function cashDueOf(executor: Executor, orderId: string) {
  return (await cashDueOfOrders(executor, [orderId])).get(orderId) ?? 0;
}
