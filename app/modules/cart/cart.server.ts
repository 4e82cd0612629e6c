import { eq, sum } from "drizzle-orm";
import { db } from "~/db/db.server";
import { cartItems } from "~/db/schema";

/** How many units a signed-in user's server cart holds (the nav badge). */
export async function cartUnitsForUser(userId: string): Promise<number> {
  const [row] = await db.select({ units: sum(cartItems.quantity) }).from(cartItems).where(eq(cartItems.userId, userId));
  return Number(row?.units ?? 0);
}
