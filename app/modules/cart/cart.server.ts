import { and, asc, count, eq, inArray, max, param, sql, type SQLWrapper } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { db, preparedQuery } from "~/db/db.server";
import { cartItems, tests, user } from "~/db/schema";
import { cartChangeRefusal, countsOverLimit, mergeWithinLimits, type CartLine, type HeldLine } from "~/modules/cart/cart-line";
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
      resumedFromOrderId: cartItems.resumedFromOrderId,
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

/** Saves the patient's choices for the lines of their own cart (checkout's details step), in one statement. */
export async function saveLineChoices(userId: string, choices: LineChoice[], executor: Executor = db) {
  if (choices.length === 0) return;
  const column = <T>(pick: (choice: LineChoice) => T) => param(choices.map(pick));
  const home = (choice: LineChoice, value: string | null) => (choice.collectionType === "home" ? value : null);
  await executor.execute(sql`
    update ${cartItems} set
      lab_id = chosen.lab_id, collection_type = chosen.collection_type, slot_start = chosen.slot_start,
      home_address = chosen.home_address, home_area = chosen.home_area, updated_at = now()
    from unnest(
      ${column((choice) => choice.testId)}::uuid[], ${column((choice) => choice.labId)}::uuid[],
      ${column((choice) => choice.collectionType)}::text[], ${column((choice) => choice.slotStart?.toISOString() ?? null)}::timestamptz[],
      ${column((choice) => home(choice, choice.homeAddress))}::text[], ${column((choice) => home(choice, choice.homeArea))}::text[]
    ) as chosen(test_id, lab_id, collection_type, slot_start, home_address, home_area)
    where ${cartItems.userId} = ${userId} and ${cartItems.testId} = chosen.test_id`);
}

/**
 * Saves the saved patients chosen for the units of the user's own cart lines (checkout's details
 * step), in one statement. The caller has checked that every id is one of the account's patients.
 */
export async function saveLinePatients(userId: string, lines: { testId: string; patientIds: string[] }[], executor: Executor = db) {
  if (lines.length === 0) return;
  await executor.execute(sql`
    update ${cartItems} set patient_ids = coalesce(
      (select array_agg(unit.value::uuid order by unit.position)
        from jsonb_array_elements_text(chosen.patient_ids) with ordinality as unit(value, position)), '{}'::uuid[]), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(lines.map((line) => ({ test_id: line.testId, patient_ids: line.patientIds })))}::jsonb)
      as chosen(test_id uuid, patient_ids jsonb)
    where ${cartItems.userId} = ${userId} and ${cartItems.testId} = chosen.test_id`);
}

/**
 * Saves the doctor's referral given for the user's own cart lines (checkout's details step): the
 * doctor's name and the referral file (already the user's own), in one statement.
 */
export async function saveLineReferrals(
  userId: string,
  lines: { testId: string; referralDoctorName: string | null; referralFileId: string | null }[],
  executor: Executor = db,
) {
  if (lines.length === 0) return;
  const column = <T>(pick: (line: (typeof lines)[number]) => T) => param(lines.map(pick));
  await executor.execute(sql`
    update ${cartItems} set referral_doctor_name = given.doctor_name, referral_file_id = given.file_id, updated_at = now()
    from unnest(${column((line) => line.testId)}::uuid[], ${column((line) => line.referralDoctorName)}::text[], ${column((line) => line.referralFileId)}::uuid[])
      as given(test_id, doctor_name, file_id)
    where ${cartItems.userId} = ${userId} and ${cartItems.testId} = given.test_id`);
}

/** Whether the user's cart is above the cart's limits (older data), in one statement: checkout waits until it is reduced. */
export async function cartOverLimitFor(userId: string) {
  const [held] = await db
    .select({ lines: count(), most: max(cartItems.quantity) })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return countsOverLimit(held.lines, held.most ?? 0);
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

export class UnknownTestError extends Error {}

/** A change the cart's limits refuse (cart-line.ts); the message says which. Nothing was changed. */
export class CartLimitError extends Error {}

/**
 * Serialises one user's cart changes until the caller's transaction ends, so that two requests
 * at once (two tabs) cannot pass the cart's limits together: the user's row, locked FOR NO KEY
 * UPDATE (rows that merely reference the user, such as a new order, are not held up).
 */
export async function lockCart(tx: Transaction, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}

/** The tests and quantities of a user's cart lines. */
function heldLines(tx: Transaction, userId: string): Promise<HeldLine[]> {
  return tx.select({ testId: cartItems.testId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId));
}

/** Writes the quantities of some lines (new ones inserted, existing ones replaced), in one statement. */
async function writeQuantities(tx: Transaction, userId: string, quantities: Map<string, number>) {
  if (quantities.size === 0) return;
  await tx
    .insert(cartItems)
    .values([...quantities].map(([testId, quantity]) => ({ userId, testId, quantity })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.testId],
      set: { quantity: sql`excluded.quantity`, updatedAt: new Date() },
    });
}

/**
 * Applies one cart request to the user's own server cart and returns the cart after it. Every
 * statement is limited to `userId` (from the session), so no request reaches another cart. Adding
 * or raising a line is refused beyond the cart's limits (CartLimitError: MAX_CART_LINES tests,
 * MAX_LINE_QUANTITY of each); lowering and removing are always allowed, so an older cart above
 * them can be brought within.
 */
export async function changeCart(userId: string, request: CartRequest): Promise<CartLine[]> {
  if (request.intent === "merge") return (await mergeGuestCart(userId, request.lines)).lines;
  return db.transaction(async (tx) => {
    switch (request.intent) {
      case "add":
      case "set": {
        if (request.quantity <= 0) {
          await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.testId, request.testId)));
          break;
        }
        await lockCart(tx, userId);
        if (!(await existingTestIds(tx, [request.testId])).has(request.testId)) throw new UnknownTestError();
        const lines = await heldLines(tx, userId);
        const refusal = cartChangeRefusal(lines, request);
        if (refusal) throw new CartLimitError(refusal);
        // Adding puts units on top of what the line holds; set replaces its quantity.
        const current = lines.find((line) => line.testId === request.testId)?.quantity ?? 0;
        await writeQuantities(tx, userId, new Map([[request.testId, request.intent === "add" ? current + request.quantity : request.quantity]]));
        break;
      }
      case "remove":
        await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.testId, request.testId)));
        break;
      case "clear":
        await tx.delete(cartItems).where(eq(cartItems.userId, userId));
        break;
    }
    return cartLinesForUser(userId, tx);
  });
}

/**
 * The guest cart meets the server cart at sign-in: quantities of the same test are added up and
 * new tests appended, as far as the cart's limits allow (mergeWithinLimits); tests deleted
 * meanwhile are dropped. `leftOut` tells whether something did not fit. A fixed number of
 * statements whatever the number of lines.
 */
export async function mergeGuestCart(userId: string, guest: HeldLine[]): Promise<{ lines: CartLine[]; leftOut: boolean }> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const known = await existingTestIds(
      tx,
      guest.map((line) => line.testId),
    );
    const { writes, leftOut } = mergeWithinLimits(
      await heldLines(tx, userId),
      guest.filter((line) => known.has(line.testId)),
    );
    await writeQuantities(tx, userId, writes);
    return { lines: await cartLinesForUser(userId, tx), leftOut };
  });
}
