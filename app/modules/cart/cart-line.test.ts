import { describe, expect, it } from "vitest";
import {
  CART_FULL_MESSAGE,
  CART_OVER_LIMIT_MESSAGE,
  CART_OVER_LIMIT_TITLE,
  cartChangeRefusal,
  cartOverLimit,
  cartTotalFils,
  cartUnits,
  LINE_FULL_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MERGE_LEFT_OUT_MESSAGE,
  mergeWithinLimits,
  ORDER_TOO_LARGE_MESSAGE,
  parseGuestCart,
} from "~/modules/cart/cart-line";
import { ar } from "~/locales/ar";
import { en } from "~/locales/en";

const line = {
  id: "local-1",
  test_id: "0b6f3a4e-2d1c-4f5e-9a8b-7c6d5e4f3a2b",
  name: "Lipid Profile",
  price: 9900,
  quantity: 2,
  featured_image: null,
};

describe("guest cart in localStorage", () => {
  it("reads back the lines it stored", () => {
    expect(parseGuestCart(JSON.stringify([line]))).toEqual([line]);
    expect(parseGuestCart(null)).toEqual([]);
  });

  it("drops anything that is not a list of well-formed lines instead of failing the page", () => {
    for (const stored of [
      "not json",
      "{}",
      JSON.stringify([{ ...line, test_id: "42" }]),
      JSON.stringify([{ ...line, quantity: 0 }]),
      JSON.stringify([{ ...line, quantity: 1.5 }]),
      JSON.stringify([{ ...line, quantity: 100 }]),
      JSON.stringify([{ ...line, price: "99" }]),
      JSON.stringify([null]),
    ]) {
      expect(parseGuestCart(stored)).toEqual([]);
    }
  });

  it("keeps only the fields of a cart line", () => {
    expect(parseGuestCart(JSON.stringify([{ ...line, admin: true }]))).toEqual([line]);
  });

  it("keeps the Arabic name of a line, and still reads lines stored before there was one", () => {
    const arabic = { ...line, name_ar: "فحص الدهون الشامل" };
    expect(parseGuestCart(JSON.stringify([arabic, line]))).toEqual([arabic, line]);
    expect(parseGuestCart(JSON.stringify([{ ...line, name_ar: 42 }]))).toEqual([]);
  });

  it("counts units and totals in fils", () => {
    const lines = [line, { ...line, price: 1250, quantity: 1 }];
    expect(cartUnits(lines)).toBe(3);
    expect(cartTotalFils(lines)).toBe(21050);
  });
});

describe("the cart's limits (issue 25), as the browser and the server apply them", () => {
  const held = (count: number, quantity = 1) => Array.from({ length: count }, (_, n) => ({ testId: `test-${n}`, quantity }));

  it("a 21st test and an 11th unit are refused; up to 20 tests of 10 units are fine", () => {
    expect(cartChangeRefusal(held(MAX_CART_LINES - 1), { intent: "add", testId: "new", quantity: 1 })).toBeNull();
    expect(cartChangeRefusal(held(MAX_CART_LINES), { intent: "add", testId: "new", quantity: 1 })).toBe(CART_FULL_MESSAGE);
    expect(cartChangeRefusal(held(MAX_CART_LINES), { intent: "set", testId: "new", quantity: 1 })).toBe(CART_FULL_MESSAGE);
    expect(cartChangeRefusal(held(MAX_CART_LINES), { intent: "add", testId: "test-0", quantity: 9 })).toBeNull();
    expect(cartChangeRefusal(held(1, MAX_LINE_QUANTITY), { intent: "add", testId: "test-0", quantity: 1 })).toBe(LINE_FULL_MESSAGE);
    expect(cartChangeRefusal(held(1), { intent: "set", testId: "test-0", quantity: MAX_LINE_QUANTITY + 1 })).toBe(LINE_FULL_MESSAGE);
    expect(cartChangeRefusal([], { intent: "add", testId: "new", quantity: MAX_LINE_QUANTITY + 1 })).toBe(LINE_FULL_MESSAGE);
  });

  it("an older cart above the limits may be lowered and emptied, never raised", () => {
    const older = held(MAX_CART_LINES + 3, 40);
    expect(cartOverLimit(older)).toBe(true);
    expect(cartChangeRefusal(older, { intent: "set", testId: "test-0", quantity: 39 })).toBeNull();
    expect(cartChangeRefusal(older, { intent: "set", testId: "test-0", quantity: 0 })).toBeNull();
    expect(cartChangeRefusal(older, { intent: "set", testId: "test-0", quantity: 40 })).toBe(LINE_FULL_MESSAGE);
    expect(cartChangeRefusal(older, { intent: "add", testId: "test-0", quantity: 1 })).toBe(LINE_FULL_MESSAGE);
    expect(cartOverLimit(held(MAX_CART_LINES, MAX_LINE_QUANTITY))).toBe(false);
    expect(cartOverLimit(held(1, MAX_LINE_QUANTITY + 1))).toBe(true);
  });

  it("a guest cart from before the limits is still read, so that it can be shown and reduced", () => {
    expect(parseGuestCart(JSON.stringify([{ ...line, quantity: 40 }]))).toEqual([{ ...line, quantity: 40 }]);
  });

  it("merging at sign-in adds up to the limits and tells when something did not fit", () => {
    expect(mergeWithinLimits(held(2), [{ testId: "test-0", quantity: 2 }, { testId: "new", quantity: 3 }])).toEqual({
      writes: new Map([
        ["test-0", 3],
        ["new", 3],
      ]),
      leftOut: false,
    });
    const full = mergeWithinLimits(held(MAX_CART_LINES, 8), [{ testId: "test-0", quantity: 5 }, { testId: "new", quantity: 1 }]);
    expect(full).toEqual({ writes: new Map([["test-0", MAX_LINE_QUANTITY]]), leftOut: true });
    // A line already above the limits is not raised, nor lowered by a merge.
    expect(mergeWithinLimits(held(1, 40), [{ testId: "test-0", quantity: 1 }])).toEqual({ writes: new Map(), leftOut: true });
  });

  it("every message of the limits is written in English and Arabic", () => {
    for (const message of [CART_FULL_MESSAGE, LINE_FULL_MESSAGE, CART_OVER_LIMIT_TITLE, CART_OVER_LIMIT_MESSAGE, MERGE_LEFT_OUT_MESSAGE, ORDER_TOO_LARGE_MESSAGE]) {
      expect(en.checkout, message).toHaveProperty([message]);
      expect(ar.checkout, message).toHaveProperty([message]);
    }
  });
});
