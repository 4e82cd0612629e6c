import { useEffect, useState } from "react";
import type { CartLine } from "~/modules/cart/cart-line";
import { useCart } from "~/modules/cart/cart-context";

type CurrentTest = { id: string; name: string; nameAr: string | null; priceFils: number; featuredImage: string | null };

/**
 * The cart with CURRENT database prices. A signed-in cart already comes priced by the server;
 * a guest's browser lines are re-priced from /api/cart (the stored price is never trusted) and
 * lines whose test no longer exists are left out.
 */
export function usePricedCart() {
  const cart = useCart();
  const [current, setCurrent] = useState<Map<string, CurrentTest> | null>(null);
  const guestIds = cart.signedIn ? "" : cart.lines.map((line) => line.test_id).sort().join(",");

  useEffect(() => {
    if (!guestIds) return;
    let cancelled = false;
    fetch(`/api/cart?ids=${guestIds}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ tests: CurrentTest[] }>) : Promise.reject()))
      .then(({ tests }) => {
        if (!cancelled) setCurrent(new Map(tests.map((test) => [test.id, test])));
      })
      .catch(() => {
        if (!cancelled) setCurrent(new Map());
      });
    return () => {
      cancelled = true;
    };
  }, [guestIds]);

  if (cart.signedIn || cart.lines.length === 0) {
    return { ...cart, pricedLines: cart.lines, pricing: false };
  }
  const pricedLines: CartLine[] = (current ? cart.lines : []).flatMap((line) => {
    const test = current?.get(line.test_id);
    return test ? [{ ...line, name: test.name, name_ar: test.nameAr, price: test.priceFils, featured_image: test.featuredImage }] : [];
  });
  return { ...cart, pricedLines, pricing: current === null || cart.loading };
}
