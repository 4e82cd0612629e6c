import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { changeCart } from "~/modules/cart/cart.server";
import { loader } from "~/routes/payment-success";
import { readToast } from "~/utils/toast.server";
import { routeArgs, signedInAs } from "../../../tests/fakes/signed-in-request";

type Args = Parameters<typeof loader>[0];
const anonymous = (path: string) => new Request(`http://localhost:3999${path}`);

/** Where the payment return page sends the visitor, and the toast it shows there. */
async function returnTo(request: Request) {
  let thrown: unknown;
  try {
    await loader(routeArgs<Args>(request));
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const cookie = response.headers.get("Set-Cookie");
  const { toast } = await readToast(new Request("http://localhost:3999/", { headers: cookie ? { Cookie: cookie.split(";")[0] } : {} }));
  return { status: response.status, location: response.headers.get("Location"), toast };
}

describe("the payment return page (/payment-success)", () => {
  it("a cancelled payment shows 'Payment Canceled' and goes to /checkout, signed in with a cart or not", async () => {
    const canceled = { status: 302, location: "/checkout", toast: { type: "info", title: "Payment Canceled", description: "Your payment was canceled. Your cart is still here." } };
    expect(await returnTo(anonymous("/payment-success?canceled=true"))).toEqual(canceled);
    const account = await createAccount(db);
    await changeCart(account.id, { intent: "add", testId: (await insertTest(db, { name: "CBC" })).id, quantity: 1 });
    const customer = await signedInAs(account);
    expect(await returnTo(customer("/payment-success?canceled=true"))).toEqual(canceled);
    expect(await returnTo(anonymous("/ar/payment-success?canceled=true"))).toMatchObject({ location: "/ar/checkout", toast: { title: expect.not.stringMatching(/^Payment/) } });
  });

  it("a payment cancelled with an empty cart (Book This Test by card) goes to the dashboard, where the order waits", async () => {
    const customer = await signedInAs(await createAccount(db));
    expect(await returnTo(customer("/payment-success?canceled=true"))).toEqual({
      status: 302,
      location: "/dashboard",
      toast: {
        type: "info",
        title: "Payment Canceled",
        description: "Your payment was canceled and nothing was charged. Your booking waits for payment in Order History, where you can pay or cancel it.",
      },
    });
  });

  it("without a payment to confirm it goes to /cart", async () => {
    expect(await returnTo(anonymous("/payment-success"))).toEqual({ status: 302, location: "/cart", toast: null });
    expect(await returnTo(anonymous("/payment-success?success=true"))).toEqual({ status: 302, location: "/cart", toast: null });
  });

  it("confirming a payment needs the signed-in owner", async () => {
    const returned = await returnTo(anonymous("/payment-success?success=true&session_id=demo_cs_123"));
    expect(returned.status).toBe(302);
    expect(returned.location).toBe(`/auth?redirect=${encodeURIComponent("/payment-success?success=true&session_id=demo_cs_123")}`);
  });
});
