import { db } from "~/db/db.server";
import { insertBookings } from "~/modules/booking/create-booking.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { removeOrderedTests } from "~/modules/cart/cart-for-order.server";
import { notifyOrderReceived } from "~/modules/notifications/notify.server";
import { bookingsForOrderItems } from "~/modules/orders/order-bookings.server";
import { createOrderFromCart } from "~/modules/orders/order-lines.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import type { Language } from "~/i18n/languages";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * Cash on delivery: in ONE transaction the order (pending / pending), its items at database
 * prices (with the home-collection fee lines), the slot of every line (held with one
 * conditional write each), one pending booking per test line, or per unit of a line naming saved patients (with their booking_created
 * events and confirmations), the order-received e-mail and the emptied cart. Any failure, a
 * full slot included, rolls all of it back.
 * Afterwards the checkout sessions of the orders it superseded are closed.
 */
export async function placeCashOnDeliveryOrder(userId: string, details: PatientDetails, env: Env = getEnv(), language?: Language) {
  const { order, closedSessionIds } = await db.transaction(async (tx) => {
    const { order, items, closedSessionIds, patients } = await createOrderFromCart(tx, userId, details, "cash_on_delivery", { env, language });
    await notifyOrderReceived(tx, order.id);
    await insertBookings(tx, bookingsForOrderItems(order, items, details, patients), { kind: "customer", id: userId });
    await removeOrderedTests(
      tx,
      userId,
      items.map((item) => item.testId),
    );
    return { order, closedSessionIds };
  });
  await closeCheckoutSessions(closedSessionIds, env);
  return order;
}
