import { and, eq } from "drizzle-orm";
import { orders } from "~/db/schema";

/**
 * An order is OPEN while it waits for its payment: payment pending and order pending (not
 * cancelled, superseded or expired). Only an open order may be paid or honour resumed prices.
 */
export const isOpenOrder = () => and(eq(orders.paymentStatus, "pending"), eq(orders.orderStatus, "pending"));

export function orderIsOpen(order: { paymentStatus: string; orderStatus: string }) {
  return order.paymentStatus === "pending" && order.orderStatus === "pending";
}
