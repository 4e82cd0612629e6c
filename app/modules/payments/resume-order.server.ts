import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, orderItems, orders, tests } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { replaceCart } from "~/modules/cart/cart-for-order.server";
import { canResumeOrCancel } from "~/modules/lifecycle/order-status";
import { cartOverLimit } from "~/modules/cart/cart-line";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import { getEnv, type Env } from "~/utils/env.server";

export type ResumeOutcome = "loaded" | "expired" | "not-found" | "not-resumable" | "no-items" | "too-large";

/**
 * Resume Order: if the order's latest booking date has passed, the order becomes expired (and
 * its card checkout session is closed). Otherwise the cart is replaced by the order's items at
 * their ORIGINAL unit prices, honoured while that order is open and the quantity unchanged
 * (decision 0007). An order above the cart's limits is not loaded ("too-large").
 */
export async function resumeOrder(
  userId: string,
  orderId: string,
  today = todayInDubai(),
  env: Env = getEnv(),
): Promise<ResumeOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) return { status: "not-found" as const };
    if (!canResumeOrCancel(order)) return { status: "not-resumable" as const };
    const [latestBooking] = await tx
      .select({ scheduledDate: bookings.scheduledDate })
      .from(bookings)
      .where(and(eq(bookings.orderId, order.id), eq(bookings.userId, userId), ne(bookings.status, "cancelled")))
      .orderBy(desc(bookings.scheduledDate))
      .limit(1);
    const bookingDate = latestBooking?.scheduledDate ?? order.scheduledDate;
    if (bookingDate && bookingDate < today) {
      await transitionOrder(tx, order.id, "expire", { kind: "customer", id: userId }, { userId });
      return { status: "expired" as const, paymentSessionId: order.paymentSessionId };
    }
    const items = await tx
      .select({
        testId: tests.id,
        quantity: orderItems.quantity,
        unitPriceFils: orderItems.unitPriceFils,
        // The lab, collection and doctor's referral come back with the line; its slot is chosen again at checkout.
        labId: orderItems.labId,
        collectionType: orderItems.collectionType,
        homeAddress: orderItems.homeAddress,
        homeArea: orderItems.homeArea,
        referralDoctorName: orderItems.referralDoctorName,
        referralFileId: orderItems.referralFileId,
      })
      .from(orderItems)
      .innerJoin(tests, eq(tests.id, orderItems.testId))
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, "test")));
    if (items.length === 0) return { status: "no-items" as const };
    // An order placed before the cart's limits may hold more than a cart can: it stays as it is.
    if (cartOverLimit(items)) return { status: "too-large" as const };
    await replaceCart(tx, userId, items, order.id);
    return { status: "loaded" as const };
  });
  if (outcome.status === "expired") await closeCheckoutSessions([outcome.paymentSessionId], env);
  return outcome.status;
}
