import { desc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orders, paymentRefunds } from "~/db/schema";

const RECENT_REFUNDS = 10;

/** The latest refunds (a failed one needs an admin's eye), with the order and customer. */
export async function recentRefunds() {
  return db
    .select({
      id: paymentRefunds.id,
      orderId: paymentRefunds.orderId,
      amountFils: paymentRefunds.amountFils,
      reason: paymentRefunds.reason,
      status: paymentRefunds.status,
      providerRefundId: paymentRefunds.providerRefundId,
      lastError: paymentRefunds.lastError,
      createdAt: paymentRefunds.createdAt,
      customerEmail: orders.customerEmail,
    })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    .limit(RECENT_REFUNDS);
}
