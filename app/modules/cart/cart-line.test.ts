import { describe, expect, it } from "vitest";
import { cartTotalFils, cartUnits, parseGuestCart } from "~/modules/cart/cart-line";

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
