// @vitest-environment happy-dom
// A signed-in customer's cart changes, rendered by React in a DOM with the server faked: quick
// clicks reach the server one after the other, and a page that reads the cart waits for them.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CartProvider, cartWritesSettled, useCart } from "~/modules/cart/cart-context";
import type { CartLine } from "~/modules/cart/cart-line";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TEST_ID = "6f1c2b1e-8d4a-4c1e-9a57-1d2e3f405162";
const line = (quantity: number): CartLine => ({ id: "line-1", test_id: TEST_ID, name: "HbA1c", price: 9_000, quantity, featured_image: null });

let root: Root;
let cart: ReturnType<typeof useCart>;
let sent: { body: { intent: string; quantity?: number }; keepalive?: boolean; answer: (quantity: number) => void; refuse: () => void }[] = [];

function Probe() {
  cart = useCart();
  return null;
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      sent.push({
        body: JSON.parse(String(init.body)),
        keepalive: init.keepalive,
        answer: (quantity) => resolve(Response.json({ ok: true, lines: [line(quantity)] })),
        refuse: () => resolve(Response.json({ ok: false, toast: { type: "error", title: "Failed to update item quantity" } }, { status: 400 })),
      });
    }),
  );
  root = createRoot(document.createElement("div"));
});

async function renderCart(quantity: number) {
  await act(async () =>
    root.render(
      <CartProvider signedIn serverLines={[line(quantity)]}>
        <Probe />
      </CartProvider>,
    ),
  );
}

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

/** The quantity set to 2, then at once to 3, as two quick taps on "+" do. */
async function twoQuickChanges() {
  let first!: Promise<boolean>;
  let second!: Promise<boolean>;
  await act(async () => {
    first = cart.updateQuantity(TEST_ID, 2);
  });
  await act(async () => {
    second = cart.updateQuantity(TEST_ID, 3);
  });
  return [first, second] as const;
}

test("two quick changes are sent in order, the second once the first is answered, and the cart is saving until both are", async () => {
  await renderCart(1);
  const [first, second] = await twoQuickChanges();
  expect(cart.lines[0].quantity).toBe(3); // shown at once
  expect(cart.saving).toBe(true);
  expect(sent.map((request) => request.body)).toEqual([{ intent: "set", testId: TEST_ID, quantity: 2 }]);
  expect(sent[0].keepalive).toBe(true); // survives the page being left

  let settled = false;
  void cartWritesSettled().then(() => (settled = true));
  await act(async () => sent[0].answer(2));
  expect(sent.map((request) => request.body.quantity)).toEqual([2, 3]);
  expect(settled).toBe(false);
  expect(cart.saving).toBe(true);

  await act(async () => sent[1].answer(3));
  await expect(first).resolves.toBe(true);
  await expect(second).resolves.toBe(true);
  expect(settled).toBe(true);
  expect(cart.saving).toBe(false);
  expect(cart.lines[0].quantity).toBe(3);
});

test("a refused change is undone and does not hold up the next one, which the server then answers", async () => {
  await renderCart(1);
  const [first, second] = await twoQuickChanges();
  await act(async () => sent[0].refuse());
  await expect(first).resolves.toBe(false);
  expect(cart.lines[0].quantity).toBe(1); // the refused change undone
  expect(cart.saving).toBe(true);
  expect(sent.map((request) => request.body.quantity)).toEqual([2, 3]);

  await act(async () => sent[1].answer(3));
  await expect(second).resolves.toBe(true);
  await expect(cartWritesSettled()).resolves.toBeUndefined();
  expect(cart.saving).toBe(false);
  expect(cart.lines[0].quantity).toBe(3);
});
