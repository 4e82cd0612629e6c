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

/** When a card order's slot hold ends if no payment arrives (the hold-release job frees the slots then). */
export function cardSlotHoldExpiresAt(env: Env = getEnv()) {
  return new Date(getNow().getTime() + env.SLOT_HOLD_MINUTES * 60_000);
}

/**
 * The hosted-checkout session of a pending card order, for exactly its total: stores the session
 * id on the order and returns where to send the browser. When the provider fails the order fails
 * (its hold is released) and the error is thrown. Shared by the cart's checkout and Book Test.
 */
export async function openCheckoutSession(
  provider: CardProvider,
  order: { id: string; userId: string; customerEmail: string; totalAmountFils: number },
  items: { testName: string; unitPriceFils: number; quantity: number }[],
  language: Language = "en",
) {
  try {
    const session = await provider.createSession({
      orderId: order.id,
      userId: order.userId,
      customerEmail: order.customerEmail,
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

/**
 * Card: creates the pending order (items at database prices), holding its lines' slots for
 * SLOT_HOLD_MINUTES (the hold-release job frees them if no payment arrives by then), and a
 * hosted-checkout session for exactly that amount, stores the session id on the order and
 * returns where to send the browser. Bookings are created only when the payment is confirmed.
 * The checkout sessions of the orders it superseded are closed first.
 */
export async function startCardPayment(provider: CardProvider, userId: string, details: PatientDetails, env: Env = getEnv(), language: Language = "en") {
  const slotHoldExpiresAt = cardSlotHoldExpiresAt(env);
  const { order, items, closedSessionIds } = await db.transaction((tx) =>
    createOrderFromCart(tx, userId, details, "stripe", { slotHoldExpiresAt, env, language }),
  );
  await closeCheckoutSessions(closedSessionIds, env);
  return openCheckoutSession(provider, order, items, language);
}
