import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orders } from "~/db/schema";
import type { PatientDetails } from "~/modules/booking/schemas";
import { createOrderFromCart } from "~/modules/orders/order-lines.server";
import { getNow } from "~/modules/slots/clock.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { logger } from "~/utils/logger.server";
import { getEnv, type Env } from "~/utils/env.server";
import type { Language } from "~/i18n/languages";
import type { CardProvider } from "~/modules/payments/card-provider.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";

/**
 * Card: creates the pending order (items at database prices), holding its lines' slots for
 * SLOT_HOLD_MINUTES (the hold-release job frees them if no payment arrives by then), and a
 * hosted-checkout session for exactly that amount, stores the session id on the order and
 * returns where to send the browser. Bookings are created only when the payment is confirmed.
 * The checkout sessions of the orders it superseded are closed first.
 */
export async function startCardPayment(provider: CardProvider, userId: string, details: PatientDetails, env: Env = getEnv(), language: Language = "en") {
  const slotHoldExpiresAt = new Date(getNow().getTime() + env.SLOT_HOLD_MINUTES * 60_000);
  const { order, items, closedSessionIds } = await db.transaction((tx) =>
    createOrderFromCart(tx, userId, details, "stripe", { slotHoldExpiresAt, env, language }),
  );
  await closeCheckoutSessions(closedSessionIds, env);
  try {
    const session = await provider.createSession({
      orderId: order.id,
      userId,
      customerEmail: details.patientEmail,
      amountFils: order.totalAmountFils,
      language,
      lines: items.map((item) => ({ name: item.testName, unitAmountFils: item.unitPriceFils, quantity: item.quantity })),
    });
    await db.update(orders).set({ paymentSessionId: session.id }).where(eq(orders.id, order.id));
    return { orderId: order.id, url: session.url };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "creating the checkout session failed");
    await db.transaction((tx) => transitionOrder(tx, order.id, "fail", { kind: "payment" }));
    throw error;
  }
}
