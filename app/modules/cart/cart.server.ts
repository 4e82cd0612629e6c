import { and, asc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db, preparedQuery } from "~/db/db.server";
import { cartItems, tests } from "~/db/schema";
import { MAX_LINE_QUANTITY, type CartLine } from "~/modules/cart/cart-line";
import { cartUnitPriceFils, lineLabColumns, lineOffer } from "~/modules/cart/cart-pricing.server";
import type { CartRequest } from "~/modules/cart/cart-request";
import type { CollectionType } from "~/modules/slots/collection-types";

/**
 * A signed-in user's cart with the prices checkout will charge: CURRENT database prices, or for
 * a line resumed from a still-open order, at its resumed quantity, the unit price of that order.
 */
export async function cartLinesForUser(userId: string, executor?: Executor): Promise<CartLine[]> {
  return executor ? cartLinesQuery(executor, userId) : cartLinesOfUser().execute({ userId });
}

export function cartLinesQuery(executor: Executor, userId: string | SQLWrapper) {
  return executor
    .select({
      id: cartItems.id,
      test_id: cartItems.testId,
      name: tests.name,
      name_ar: tests.nameAr,
      price: cartUnitPriceFils(),
      quantity: cartItems.quantity,
      featured_image: tests.featuredImage,
    })
    .from(cartItems)
    .innerJoin(tests, eq(tests.id, cartItems.testId))
    .leftJoinLateral(lineOffer, sql`true`)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The root loader's query on every signed-in page. */
const cartLinesOfUser = preparedQuery("cart_lines_of_user", (database) => cartLinesQuery(database, sql.placeholder("userId")));

/**
 * The cart's lines as checkout's details step shows them: the price charged, the lab it is
 * bought from (the chosen one or the cheapest, null for a test without offers) and the patient's
 * choices for the line (collection type, own slot time, home address).
 */
export async function checkoutLinesForUser(userId: string, executor: Executor = db) {
  return executor
    .select({
      testId: cartItems.testId,
      testName: tests.name,
      testNameAr: tests.nameAr,
      quantity: cartItems.quantity,
      unitPriceFils: cartUnitPriceFils(),
      offerCount: tests.offerCount,
      ...lineLabColumns,
    })
    .from(cartItems)
    .innerJoin(tests, eq(tests.id, cartItems.testId))
    .leftJoinLateral(lineOffer, sql`true`)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
export type CheckoutLine = Awaited<ReturnType<typeof checkoutLinesForUser>>[number];

/** A checkout line's choices; null fields mean the defaults (cheapest lab, walk-in, the order's time). */
export type LineChoice = {
  testId: string;
  labId: string | null;
  collectionType: CollectionType | null;
  slotStart: Date | null;
  homeAddress: string | null;
  homeArea: string | null;
};

/** Saves the patient's choices for the lines of their own cart (checkout's details step). */
export async function saveLineChoices(userId: string, choices: LineChoice[], executor: Executor = db) {
  for (const choice of choices) {
    await executor
      .update(cartItems)
      .set({
        labId: choice.labId,
        collectionType: choice.collectionType,
        slotStart: choice.slotStart,
        homeAddress: choice.collectionType === "home" ? choice.homeAddress : null,
        homeArea: choice.collectionType === "home" ? choice.homeArea : null,
        updatedAt: new Date(),
      })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.testId, choice.testId)));
  }
}

/** Current name, price and image of tests a guest has in the browser's cart. */
export async function currentTestPrices(testIds: string[]) {
  if (testIds.length === 0) return [];
  return db
    .select({ id: tests.id, name: tests.name, nameAr: tests.nameAr, priceFils: tests.priceFils, featuredImage: tests.featuredImage })
    .from(tests)
    .where(inArray(tests.id, testIds));
}

async function existingTestIds(executor: Executor, testIds: string[]) {
  if (testIds.length === 0) return new Set<string>();
  const rows = await executor.select({ id: tests.id }).from(tests).where(inArray(tests.id, testIds));
  return new Set(rows.map((row) => row.id));
}

/** Adds units of a test, on top of what the cart already holds. */
async function addUnits(executor: Executor, userId: string, testId: string, quantity: number) {
  await executor
    .insert(cartItems)
    .values({ userId, testId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.testId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`, updatedAt: new Date() },
    });
}

export class UnknownTestError extends Error {}

/**
 * Applies one cart request to the user's own server cart and returns the cart after it. Every
 * statement is limited to `userId` (from the session), so no request reaches another cart.
 */
export async function changeCart(userId: string, request: CartRequest): Promise<CartLine[]> {
  return db.transaction(async (tx) => {
    switch (request.intent) {
      case "add": {
        if (!(await existingTestIds(tx, [request.testId])).has(request.testId)) throw new UnknownTestError();
        await addUnits(tx, userId, request.testId, request.quantity);
        break;
      }
      case "set": {
        if (request.quantity <= 0) {
          await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.testId, request.testId)));
          break;
        }
        if (!(await existingTestIds(tx, [request.testId])).has(request.testId)) throw new UnknownTestError();
        // The quantity sent replaces the stored one.
        await tx
          .insert(cartItems)
          .values({ userId, testId: request.testId, quantity: request.quantity })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.testId],
            set: { quantity: request.quantity, updatedAt: new Date() },
          });
        break;
      }
      case "remove":
        await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.testId, request.testId)));
        break;
      case "clear":
        await tx.delete(cartItems).where(eq(cartItems.userId, userId));
        break;
      case "merge": {
        // Guest cart meets server cart at sign-in: quantities of the same test are added up, so
        // nothing the customer put in either cart is lost. Tests deleted meanwhile are dropped.
        const known = await existingTestIds(
          tx,
          request.lines.map((line) => line.testId),
        );
        for (const line of request.lines) {
          if (known.has(line.testId)) await addUnits(tx, userId, line.testId, line.quantity);
        }
        break;
      }
    }
    return cartLinesForUser(userId, tx);
  });
}
