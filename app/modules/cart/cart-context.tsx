import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { cartChangeRefusal, cartUnits, GUEST_CART_KEY, MERGE_MAX_LINES, parseGuestCart, type CartLine } from "~/modules/cart/cart-line";
import type { CartChangeResult, CartRequest } from "~/modules/cart/cart-request";
import { showFormToast, type Toast } from "~/utils/form-result";
import { reportFunnelStep } from "~/utils/funnel-beacon";

type CartContextValue = {
  lines: CartLine[];
  units: number;
  /** True until the guest cart has been read from this browser. */
  loading: boolean;
  signedIn: boolean;
  /** True while a signed-in customer's change is on its way to the server. */
  saving: boolean;
  addToCart: (test: TestSummary) => Promise<boolean>;
  updateQuantity: (testId: string, quantity: number) => Promise<boolean>;
  removeFromCart: (testId: string) => Promise<boolean>;
  clearCart: () => Promise<boolean>;
};

const CartContext = createContext<CartContextValue | null>(null);

export function useCart() {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  return cart;
}

function readGuestCart(): CartLine[] {
  return parseGuestCart(window.localStorage.getItem(GUEST_CART_KEY));
}

function writeGuestCart(lines: CartLine[]) {
  window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
}

/** A cart change refused, with why when the cart's limits refused it (the toast's description). */
class CartChangeRefused extends Error {
  constructor(readonly reason?: string) {
    super(reason ?? "Cart request failed");
  }
}

/**
 * A signed-in customer's changes, one after the other: two quick clicks on "+" reach the server
 * in the order they were made, and a page that reads the cart from the server (checkout's
 * details) waits for them.
 */
let cartWrites: Promise<unknown> = Promise.resolve();

/** Resolves once every cart change sent so far has been answered. */
export function cartWritesSettled(): Promise<void> {
  return cartWrites.then(
    () => undefined,
    () => undefined,
  );
}

function sendCartRequest(request: CartRequest): Promise<{ lines: CartLine[]; toast?: Toast }> {
  const sent = cartWritesSettled().then(() => postCartRequest(request));
  cartWrites = sent;
  return sent;
}

async function postCartRequest(request: CartRequest): Promise<{ lines: CartLine[]; toast?: Toast }> {
  const response = await fetch("/api/cart", {
    method: "POST",
    // A change made just before the page is left still reaches the server.
    keepalive: true,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(request),
  });
  const body = (await response.json().catch(() => null)) as CartChangeResult | null;
  if (!response.ok || !body?.ok || !body.lines) throw new CartChangeRefused(body?.toast?.description);
  return { lines: body.lines, toast: body.toast };
}

/** Applies a cart change to a list of lines (the guest cart, or an optimistic server cart). */
function applyLocally(lines: CartLine[], request: CartRequest, test?: TestSummary): CartLine[] {
  switch (request.intent) {
    case "add": {
      const existing = lines.find((line) => line.test_id === request.testId);
      if (existing) {
        return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + request.quantity } : line));
      }
      if (!test) return lines;
      return [
        ...lines,
        {
          id: crypto.randomUUID(),
          test_id: test.id,
          name: test.name,
          name_ar: test.nameAr ?? null,
          price: test.priceFils,
          quantity: request.quantity,
          featured_image: test.featuredImage,
        },
      ];
    }
    case "set":
      return request.quantity <= 0
        ? lines.filter((line) => line.test_id !== request.testId)
        : lines.map((line) => (line.test_id === request.testId ? { ...line, quantity: request.quantity } : line));
    case "remove":
      return lines.filter((line) => line.test_id !== request.testId);
    case "clear":
      return [];
    case "merge":
      return lines;
  }
}

/**
 * The cart of whoever is browsing: a guest's lives in localStorage ('cart'), a signed-in
 * customer's on the server (`serverLines` from the root loader). When a guest signs in, the
 * browser's lines are merged into the server cart once and localStorage is cleared.
 */
export function CartProvider({
  signedIn,
  serverLines,
  children,
}: {
  signedIn: boolean;
  serverLines: CartLine[] | null;
  children: React.ReactNode;
}) {
  const [lines, setLines] = useState<CartLine[]>(serverLines ?? []);
  const [loading, setLoading] = useState(!signedIn);
  const [pending, setPending] = useState(0);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  // The server's cart is the truth for a signed-in user: follow it whenever the root reloads.
  useEffect(() => {
    if (serverLines) setLines(serverLines);
  }, [serverLines]);

  useEffect(() => {
    if (!signedIn) {
      setLines(readGuestCart());
      setLoading(false);
      return;
    }
    const guestLines = readGuestCart();
    if (guestLines.length === 0) return;
    let cancelled = false;
    sendCartRequest({
      intent: "merge",
      // An older guest cart may hold more lines than a merge takes; the server keeps what fits and says so.
      lines: guestLines.slice(0, MERGE_MAX_LINES).map((line) => ({ testId: line.test_id, quantity: line.quantity })),
    })
      .then((merged) => {
        window.localStorage.removeItem(GUEST_CART_KEY);
        // Beyond the cart's limits the server merged what fits and says so.
        if (merged.toast) showFormToast(merged.toast, "error");
        if (!cancelled) setLines(merged.lines);
      })
      .catch(() => showFormToast({ type: "error", title: "Failed to load cart items" }));
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  const change = useCallback(
    async (request: CartRequest, test?: TestSummary) => {
      const before = linesRef.current;
      // The cart's limits, as the server applies them: a guest's cart keeps them in this browser.
      if (request.intent === "add" || request.intent === "set") {
        const refusal = cartChangeRefusal(
          before.map((line) => ({ testId: line.test_id, quantity: line.quantity })),
          request,
        );
        if (refusal) throw new CartChangeRefused(refusal);
      }
      const after = applyLocally(before, request, test);
      setLines(after);
      if (!signedIn) {
        writeGuestCart(after);
        return;
      }
      setPending((count) => count + 1);
      try {
        setLines((await sendCartRequest(request)).lines);
      } catch (error) {
        setLines(before);
        throw error;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [signedIn],
  );

  const value = useMemo<CartContextValue>(() => {
    const attempt = async (work: () => Promise<void>, success: string | null, failure: string) => {
      try {
        await work();
        if (success) showFormToast({ type: "success", title: success });
        return true;
      } catch (error) {
        const reason = error instanceof CartChangeRefused ? error.reason : undefined;
        showFormToast({ type: "error", title: failure, ...(reason ? { description: reason } : {}) });
        return false;
      }
    };
    return {
      lines,
      units: cartUnits(lines),
      loading,
      signedIn,
      saving: pending > 0,
      addToCart: async (test) => {
        const added = await attempt(() => change({ intent: "add", testId: test.id, quantity: 1 }, test), "Added to cart", "Failed to add item to cart");
        if (added) reportFunnelStep("add_to_cart");
        return added;
      },
      updateQuantity: (testId, quantity) =>
        quantity <= 0
          ? attempt(() => change({ intent: "remove", testId }), "Removed from cart", "Failed to remove item from cart")
          : attempt(() => change({ intent: "set", testId, quantity }), null, "Failed to update item quantity"),
      removeFromCart: (testId) =>
        attempt(() => change({ intent: "remove", testId }), "Removed from cart", "Failed to remove item from cart"),
      clearCart: () => attempt(() => change({ intent: "clear" }), null, "Failed to clear cart"),
    };
  }, [lines, loading, signedIn, pending, change]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
