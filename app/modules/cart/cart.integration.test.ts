import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { cartItems, labOffers, tests } from "~/db/schema";
import { action as cartAction, loader as cartLoader } from "~/routes/api.cart";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { cartLinesForUser, cartLinesQuery, changeCart } from "~/modules/cart/cart.server";

type CartActionArgs = Parameters<typeof cartAction>[0];
const post = (request: (path: string, init?: RequestInit) => Request, body: unknown) =>
  routeOutcome(() =>
    cartAction(
      routeArgs<CartActionArgs>(
        request("/api/cart", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
      ),
    ),
  );

describe("server cart", () => {
  it("adding a test already in the cart increases its quantity; set replaces it; 0 removes the line", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { priceFils: 12_500 });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    let lines = await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    expect(lines).toMatchObject([{ test_id: test.id, quantity: 2, price: 12_500, name: test.name }]);

    lines = await changeCart(customer.id, { intent: "set", testId: test.id, quantity: 5 });
    expect(lines[0].quantity).toBe(5);

    lines = await changeCart(customer.id, { intent: "set", testId: test.id, quantity: 0 });
    expect(lines).toEqual([]);
  });

  it("remove and Clear Cart empty the cart", async () => {
    const customer = await createAccount(db);
    const [a, b] = [await insertTest(db), await insertTest(db)];
    await changeCart(customer.id, { intent: "add", testId: a.id, quantity: 1 });
    await changeCart(customer.id, { intent: "add", testId: b.id, quantity: 3 });
    expect(await changeCart(customer.id, { intent: "remove", testId: a.id })).toHaveLength(1);
    expect(await changeCart(customer.id, { intent: "clear" })).toEqual([]);
  });

  it("merging a guest cart at sign-in adds quantities up, so nothing is lost, and drops deleted tests", async () => {
    const customer = await createAccount(db);
    const [a, b, gone] = [await insertTest(db), await insertTest(db), await insertTest(db)];
    await changeCart(customer.id, { intent: "add", testId: a.id, quantity: 2 });
    await db.delete(tests).where(eq(tests.id, gone.id));
    const lines = await changeCart(customer.id, {
      intent: "merge",
      lines: [
        { testId: a.id, quantity: 1 },
        { testId: b.id, quantity: 4 },
        { testId: gone.id, quantity: 1 },
      ],
    });
    expect(lines.map((line) => [line.test_id, line.quantity])).toEqual([
      [a.id, 3],
      [b.id, 4],
    ]);
  });

  it("a customer's cart requests never reach another customer's cart", async () => {
    const alice = await createAccount(db);
    const mallory = await createAccount(db);
    const test = await insertTest(db);
    await changeCart(alice.id, { intent: "add", testId: test.id, quantity: 2 });
    const asMallory = await signedInAs(mallory);

    // Mallory names Alice's test, and even sends Alice's user id and cart line id: ignored.
    const [aliceLine] = await db.select().from(cartItems).where(eq(cartItems.userId, alice.id));
    for (const body of [
      { intent: "remove", testId: test.id, userId: alice.id, id: aliceLine.id },
      { intent: "set", testId: test.id, quantity: 0, userId: alice.id },
      { intent: "clear", userId: alice.id },
    ]) {
      const outcome = await post(asMallory, body);
      expect(outcome.status).toBe(200);
    }
    const outcome = await post(asMallory, { intent: "set", testId: test.id, quantity: 7, user_id: alice.id });
    expect(outcome.body).toMatchObject({ lines: [{ test_id: test.id, quantity: 7 }] });

    expect(await cartLinesForUser(alice.id)).toMatchObject([{ test_id: test.id, quantity: 2 }]);
    expect(await cartLinesForUser(mallory.id)).toMatchObject([{ test_id: test.id, quantity: 7 }]);
  });

  it("a price sent by the client is ignored: the cart carries the database price", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { priceFils: 45_000 });
    const asCustomer = await signedInAs(customer);
    const outcome = await post(asCustomer, { intent: "add", testId: test.id, quantity: 1, price: 1, unitPriceFils: 1 });
    expect(outcome.body).toMatchObject({ lines: [{ test_id: test.id, price: 45_000 }] });
    const [row] = await db.select().from(cartItems).where(eq(cartItems.userId, customer.id));
    expect(row.unitPriceFils).toBeNull();
  });

  it("refuses visitors, malformed requests and unknown tests", async () => {
    const guest = (path: string, init?: RequestInit) => new Request(`http://localhost:3999${path}`, init);
    expect((await post(guest, { intent: "clear" })).status).toBe(401);
    const customer = await signedInAs(await createAccount(db));
    expect((await post(customer, { intent: "add", testId: "not-a-uuid" })).status).toBe(400);
    expect((await post(customer, { intent: "add", testId: crypto.randomUUID() })).status).toBe(404);
    expect((await post(customer, { intent: "explode" })).status).toBe(400);
  });

  it("re-prices a guest's browser cart from the database", async () => {
    const test = await insertTest(db, { priceFils: 9_900 });
    const outcome = await routeOutcome(() =>
      cartLoader(
        routeArgs<Parameters<typeof cartLoader>[0]>(
          new Request(`http://localhost:3999/api/cart?ids=${test.id},${crypto.randomUUID()}`),
        ),
      ),
    );
    expect(outcome.body).toEqual({
      tests: [{ id: test.id, name: test.name, nameAr: null, priceFils: 9_900, featuredImage: null }],
    });
  });

  it("the cart query every signed-in page runs has a reusable plan: the offer lookup uses its index without the values", async () => {
    const customer = await createAccount(db);
    const lab = await insertLab(db);
    const test = await insertTest(db, { priceFils: 9_900 });
    await db.insert(labOffers).values({ labId: lab.id, testId: test.id, priceFils: 8_800, walkIn: true });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const query = cartLinesQuery(db, customer.id).toSQL();
    const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
    const execute = `execute cart_plan_check(${query.params.map(literal).join(", ")})`;
    // Each pooled connection prepares the statement once and PostgreSQL keeps one generic plan for
    // it when that plan is as good as planning for the values. A condition it can only judge with
    // the values (is_active = $1 against the partial lab_offers_test_active_price_idx) kept it
    // planning again on every page view on a real catalogue. The generic plan, with sequential scans
    // ruled out as a real catalogue's size rules them out, must use that index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare cart_plan_check as ${query.sql}`));
      expect((await tx.execute(sql.raw(execute))).rows).toMatchObject([{ test_id: test.id }]);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${execute}`));
      await tx.execute(sql`deallocate cart_plan_check`);
      return result.rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toContain("lab_offers_test_active_price_idx");
  });
});
