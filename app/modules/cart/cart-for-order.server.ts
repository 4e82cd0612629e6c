import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { cartItems, tests } from "~/db/schema";
import { cartOverLimit, ORDER_TOO_LARGE_MESSAGE } from "~/modules/cart/cart-line";
import { cartUnitPriceFils, honoursResumedPrice, lineLabColumns, lineOffer } from "~/modules/cart/cart-pricing.server";
import { CartLimitError, lockCart } from "~/modules/cart/cart.server";
import type { CollectionType } from "~/modules/slots/collection-types";

/**
 * The user's cart lines, locked for the order being placed from them, each priced as the cart
 * page shows it (cart-pricing.server.ts). Runs in the order's transaction.
 */
export async function takeCartForOrder(tx: Transaction, userId: string) {
  return tx
    .select({
      testId: tests.id,
      testName: tests.name,
      testSlug: tests.slug,
      currentPriceFils: tests.priceFils,
      unitPriceFils: cartUnitPriceFils(),
      resumedPriceHonoured: honoursResumedPrice(),
      lineId: cartItems.id,
      quantity: cartItems.quantity,
      resumedFromOrderId: cartItems.resumedFromOrderId,
      ...lineLabColumns,
    })
    .from(cartItems)
    .innerJoin(tests, eq(tests.id, cartItems.testId))
    .leftJoinLateral(lineOffer, sql`true`)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.createdAt, cartItems.id)
    .for("update", { of: cartItems });
}

/** The lines whose resumed price was honoured now take it from the new order (the only open one). */
export async function moveResumedPricesTo(tx: Transaction, lineIds: string[], orderId: string) {
  if (lineIds.length === 0) return;
  await tx.update(cartItems).set({ resumedFromOrderId: orderId }).where(inArray(cartItems.id, lineIds));
}

/** Removes the ordered tests from the user's cart (and nothing they added since). */
export async function removeOrderedTests(tx: Transaction, userId: string, testIds: (string | null)[]) {
  const ids = testIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.testId, ids)));
}

export type ResumedLine = {
  testId: string;
  quantity: number;
  unitPriceFils: number;
  /** The order line's lab, collection type and home address (its slot is chosen again at checkout). */
  labId?: string | null;
  collectionType?: CollectionType | null;
  homeAddress?: string | null;
  homeArea?: string | null;
  /** The doctor's referral given for the line (issue 26): it comes back with it, not asked again. */
  referralDoctorName?: string | null;
  referralFileId?: string | null;
};

/**
 * Resume Order: the cart becomes the order's lines at their ORIGINAL unit prices, kept with the
 * quantity and the order they came from, and honoured while that order is open (decision 0007).
 * An order above the cart's limits (placed before them) is refused: CartLimitError.
 */
export async function replaceCart(tx: Transaction, userId: string, lines: ResumedLine[], resumedFromOrderId: string) {
  if (cartOverLimit(lines)) throw new CartLimitError(ORDER_TOO_LARGE_MESSAGE);
  await lockCart(tx, userId);
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length === 0) return;
  await tx.insert(cartItems).values(
    lines.map((line) => ({
      userId,
      testId: line.testId,
      quantity: line.quantity,
      unitPriceFils: line.unitPriceFils,
      resumedQuantity: line.quantity,
      resumedFromOrderId,
      labId: line.labId ?? null,
      collectionType: line.collectionType ?? null,
      homeAddress: line.homeAddress ?? null,
      homeArea: line.homeArea ?? null,
      referralDoctorName: line.referralDoctorName ?? null,
      referralFileId: line.referralFileId ?? null,
    })),
  );
}
