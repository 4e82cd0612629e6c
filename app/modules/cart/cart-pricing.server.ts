import { sql } from "drizzle-orm";
import { cartItems, orders, tests } from "~/db/schema";
import { isOpenOrder } from "~/modules/orders/open-order.server";

/**
 * Whether a cart line still carries the unit price of the order it was resumed from: only while
 * that order is open and the line has the quantity it was resumed with (decision 0007).
 */
export const honoursResumedPrice = () => sql<boolean>`(
  ${cartItems.unitPriceFils} is not null
  and ${cartItems.quantity} = ${cartItems.resumedQuantity}
  and exists (
    select 1 from ${orders}
    where ${orders.id} = ${cartItems.resumedFromOrderId} and ${orders.userId} = ${cartItems.userId} and ${isOpenOrder()}
  )
)`;

/**
 * The unit price a cart line is charged at, in fils: the resumed price where it is honoured,
 * otherwise the catalogue's. The cart page and order creation both use it, so the cart shows
 * exactly what checkout charges. Needs cart_items joined with tests.
 */
export const cartUnitPriceFils = () =>
  sql<number>`case when ${honoursResumedPrice()} then ${cartItems.unitPriceFils} else ${tests.priceFils} end`.mapWith(Number);
