import { and, eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { openOrderState } from "~/modules/lifecycle/order-status";

/** orderIsOpen (order-status.ts) as a SQL condition on `orders`. */
export const isOpenOrder = () =>
  and(eq(orders.paymentStatus, openOrderState.paymentStatus), eq(orders.orderStatus, openOrderState.orderStatus));
