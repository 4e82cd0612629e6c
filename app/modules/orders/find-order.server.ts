import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orders } from "~/db/schema";

/** One of the user's own orders (null for an unknown id or someone else's order). */
export async function findOwnOrder(userId: string, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      totalAmountFils: orders.totalAmountFils,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}
