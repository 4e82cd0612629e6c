import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { orderItems, orders, user } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { openOrderState } from "~/modules/lifecycle/order-status";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import {
  createBookTestCardOrder,
  type BookTestDetails,
} from "~/modules/booking/create-booking.server";
import type { CardProvider } from "~/modules/payments/card-provider.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import {
  cardSlotHoldExpiresAt,
  openCheckoutSession,
} from "~/modules/payments/start-card-payment.server";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * Book Test paid by card now (issue 26): the validated Book Test form makes a pending card order
 * of its one line (the lab's price from the database, the fee, the slot held for SLOT_HOLD_MINUTES),
 * with the same checks as a cash booking, and a hosted-checkout session for its total; the same
 * patient's unpaid card order for the test, if any, is superseded and its session closed. Returns
 * where to send the browser; the booking is made when the payment is confirmed.
 */
export async function startBookTestCardPayment(
  provider: CardProvider,
  userId: string,
  testId: string,
  details: BookTestDetails,
  options: {
    language?: Language;
    form?: Record<string, unknown>;
    env?: Env;
  } = {},
) {
  const language = options.language ?? "en";
  const env = options.env ?? getEnv();
  const { order, items, closedSessionIds } = await createBookTestCardOrder(
    userId,
    testId,
    details,
    { slotHoldExpiresAt: cardSlotHoldExpiresAt(env), replace: supersedeUnpaidBookTestCard },
    language,
    options.form ?? {},
  );
  await closeCheckoutSessions(closedSessionIds, env);
  return openCheckoutSession(provider, order, items, language);
}

/**
 * Book Test by card replaces the same patient's unpaid card order for the same test: a form sent
 * twice (a double click, a replayed request) or a second try after leaving the payment page leaves
 * one appointment waiting for its payment, not two holding places. In the new order's transaction,
 * before its slot is held: the old ones are superseded (their held places given back). Returns
 * their checkout sessions, for the caller to close once committed (a payment that still arrives
 * for one is refunded, refunds.server.ts).
 */
async function supersedeUnpaidBookTestCard(tx: Transaction, { userId, testId, patientName }: { userId: string; testId: string; patientName: string }) {
  // The account's row locked first (as the account's limits lock it): of two requests sent at once,
  // the second waits for the first's order and then replaces it.
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  const replaced = await tx
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.placedFrom, "book_test"),
        eq(orders.paymentMethod, "stripe"),
        eq(orders.paymentStatus, openOrderState.paymentStatus),
        eq(orders.orderStatus, openOrderState.orderStatus),
        eq(orderItems.testId, testId),
        sql`lower(${orders.customerName}) = lower(${patientName.trim()})`,
      ),
    );
  const closedSessionIds: (string | null)[] = [];
  for (const { id } of replaced) {
    const outcome = await transitionOrder(tx, id, "supersede", { kind: "system" }, { userId });
    if (outcome.status === "changed") closedSessionIds.push(outcome.order.paymentSessionId);
  }
  return closedSessionIds;
}
