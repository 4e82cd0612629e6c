import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orders } from "~/db/schema";
import { orderSummaryColumns } from "~/modules/orders/order-history.server";

/** One of the user's own orders (null for an unknown id or someone else's order). */
export async function findOwnOrder(userId: string, orderId: string) {
  const [order] = await db
    .select(orderSummaryColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}
