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
export const MAX_LINE_QUANTITY = 99;

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
    (line.quantity as number) <= MAX_LINE_QUANTITY &&
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
