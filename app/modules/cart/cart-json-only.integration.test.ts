import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { action as cartAction } from "~/routes/api.cart";
import { cartLinesForUser } from "~/modules/cart/cart.server";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

type CartActionArgs = Parameters<typeof cartAction>[0];

// Another site's page can post to /api/cart without a preflight only as a "simple" request: a
// form's content types or text/plain. A cart change is JSON, so anything else is refused.
describe("cart changes are JSON only", () => {
  it("refuses a JSON body sent as text/plain or as a form, with 415, and changes nothing", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db);
    const asCustomer = await signedInAs(customer);
    const body = JSON.stringify({ intent: "add", testId: test.id, quantity: 3 });
    for (const contentType of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
      const headers = contentType ? { "Content-Type": contentType } : undefined;
      const request = asCustomer("/api/cart", { method: "POST", body, headers });
      if (!contentType) request.headers.delete("Content-Type");
      const outcome = await routeOutcome(() => cartAction(routeArgs<CartActionArgs>(request)));
      expect(outcome.status, String(contentType)).toBe(415);
    }
    expect(await cartLinesForUser(customer.id)).toEqual([]);

    const json = await routeOutcome(() =>
      cartAction(routeArgs<CartActionArgs>(asCustomer("/api/cart", { method: "POST", body, headers: { "Content-Type": "application/json; charset=utf-8" } }))),
    );
    expect(json.status).toBe(200);
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ test_id: test.id, quantity: 3 }]);
  });
});
