/**
 * A cart line as the browser holds it (spec: id, test_id, name, price, quantity, featured_image).
 * `price` is in fils and only for display: totals are always recomputed on the server.
 */
export type CartLine = {
  id: string;
  test_id: string;
  name: string;
  /** The test's Arabic name (shown on Arabic pages); not in the spec's list, so optional. */
  name_ar?: string | null;
  price: number;
  quantity: number;
  featured_image: string | null;
};

export const GUEST_CART_KEY = "cart";

// The cart's limits (issue 25: a cart of 287 lines stalled the site). Enforced on the server for
// every way a line is added or changed, and on this browser's guest cart; see decision 0028.
/** The most tests (lines) a cart holds. */
export const MAX_CART_LINES = 20;
/** The most units of one test a line holds. */
export const MAX_LINE_QUANTITY = 10;
/**
 * The most units a line could hold before the limits: an older cart (the server's or a guest's)
 * is still read and shown up to it, and may be reduced, but not checked out above the limits.
 */
export const LEGACY_MAX_LINE_QUANTITY = 99;
/** The most lines a guest cart merged at sign-in may send (the cart keeps what fits of them). */
export const MERGE_MAX_LINES = 200;

/** The refusals' texts (the spec's toast style: a cart toast's title, one of these as its description). */
export const CART_FULL_MESSAGE = `Your cart can hold up to ${MAX_CART_LINES} tests. Please remove one to add another.` as const;
export const LINE_FULL_MESSAGE = `You can add up to ${MAX_LINE_QUANTITY} of each test.` as const;
export const CART_OVER_LIMIT_TITLE = "Please check your cart";
export const CART_OVER_LIMIT_MESSAGE =
  `Your cart holds more than ${MAX_CART_LINES} tests or more than ${MAX_LINE_QUANTITY} of one test. Please reduce it before checkout.` as const;
export const MERGE_LEFT_OUT_MESSAGE =
  `Your cart can hold up to ${MAX_CART_LINES} tests and ${MAX_LINE_QUANTITY} of each. Some of the tests you chose before signing in did not fit.` as const;
export const ORDER_TOO_LARGE_MESSAGE =
  `This order has more than ${MAX_CART_LINES} tests or more than ${MAX_LINE_QUANTITY} of one test, more than a cart can hold.` as const;

/** What the limits look at: a line's test and quantity. */
export type HeldLine = { testId: string; quantity: number };

/** A change the limits apply to: adding units of a test, or setting its quantity. */
export type LimitedChange = { intent: "add" | "set"; testId: string; quantity: number };

/**
 * Why a change may not be made to a cart holding `lines`, or null when it may: a new test when the
 * cart already holds MAX_CART_LINES, or a line above MAX_LINE_QUANTITY, unless the change lowers a
 * line that was above it (an older cart is reduced step by step). Removing is always allowed.
 */
export function cartChangeRefusal(lines: HeldLine[], change: LimitedChange) {
  const line = lines.find((candidate) => candidate.testId === change.testId);
  const quantity = change.intent === "add" ? (line?.quantity ?? 0) + change.quantity : change.quantity;
  if (quantity <= 0) return null;
  if (!line && lines.length >= MAX_CART_LINES) return CART_FULL_MESSAGE;
  if (quantity > MAX_LINE_QUANTITY && !(line && quantity < line.quantity)) return LINE_FULL_MESSAGE;
  return null;
}

/** Whether a cart is above the limits (older data): shown and reducible, but not checked out. */
export function cartOverLimit(lines: Pick<HeldLine, "quantity">[]) {
  return countsOverLimit(lines.length, Math.max(0, ...lines.map((line) => line.quantity)));
}

/** The same, from the number of lines and the most units of one line. */
export function countsOverLimit(lineCount: number, mostUnits: number) {
  return lineCount > MAX_CART_LINES || mostUnits > MAX_LINE_QUANTITY;
}

/**
 * A guest cart merged into a signed-in cart at sign-in: quantities of the same test are added up
 * and new tests appended, as far as the limits allow (a line already above them is not raised).
 * Returns the quantities to write (tests whose line is new or changes) and whether anything did
 * not fit.
 */
export function mergeWithinLimits(lines: HeldLine[], guest: HeldLine[]) {
  const quantities = new Map(lines.map((line) => [line.testId, line.quantity]));
  const writes = new Map<string, number>();
  let leftOut = false;
  for (const { testId, quantity } of guest) {
    const current = quantities.get(testId);
    if (current === undefined && quantities.size >= MAX_CART_LINES) {
      leftOut = true;
      continue;
    }
    const wanted = (current ?? 0) + quantity;
    const next = wanted > MAX_LINE_QUANTITY ? Math.max(current ?? 0, MAX_LINE_QUANTITY) : wanted;
    if (next < wanted) leftOut = true;
    if (next !== current) {
      quantities.set(testId, next);
      writes.set(testId, next);
    }
  }
  return { writes, leftOut };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The guest cart as stored in this browser's localStorage, or [] when it is missing or not a
 * list of well-formed lines. Checked by hand rather than with Zod so that every page's first
 * load does not ship Zod (this runs in the root layout).
 */
export function parseGuestCart(stored: string | null): CartLine[] {
  let value: unknown;
  try {
    value = JSON.parse(stored ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const isLine = (line: Record<string, unknown>) =>
    typeof line?.id === "string" &&
    typeof line.test_id === "string" &&
    UUID.test(line.test_id) &&
    typeof line.name === "string" &&
    typeof line.price === "number" &&
    Number.isFinite(line.price) &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) > 0 &&
    (line.quantity as number) <= LEGACY_MAX_LINE_QUANTITY &&
    (typeof line.featured_image === "string" || line.featured_image === null) &&
    (line.name_ar === undefined || line.name_ar === null || typeof line.name_ar === "string");
  if (!value.every(isLine)) return [];
  return value.map(({ id, test_id, name, name_ar, price, quantity, featured_image }) => ({
    id,
    test_id,
    name,
    ...(typeof name_ar === "string" ? { name_ar } : {}),
    price,
    quantity,
    featured_image,
  }));
}

export function cartUnits(lines: Pick<CartLine, "quantity">[]) {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The one price formula: a line costs its unit price times its quantity; the cart, the sum of its lines. */
export function lineTotalFils(line: Pick<CartLine, "quantity" | "price">) {
  return line.quantity * line.price;
}

export function cartTotalFils(lines: Pick<CartLine, "quantity" | "price">[]) {
  return lines.reduce((sum, line) => sum + lineTotalFils(line), 0);
}
