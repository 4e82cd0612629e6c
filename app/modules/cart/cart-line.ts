import { z } from "zod";

/**
 * A cart line as the browser holds it (spec: id, test_id, name, price, quantity, featured_image).
 * `price` is in fils and only for display: totals are always recomputed on the server.
 */
export type CartLine = {
  id: string;
  test_id: string;
  name: string;
  price: number;
  quantity: number;
  featured_image: string | null;
};

export const GUEST_CART_KEY = "cart";
export const MAX_LINE_QUANTITY = 99;

export const GuestCartSchema = z.array(
  z.object({
    id: z.string(),
    test_id: z.uuid(),
    name: z.string(),
    price: z.number(),
    quantity: z.number().int().positive().max(MAX_LINE_QUANTITY),
    featured_image: z.string().nullable(),
  }),
);

const testId = z.uuid();
const quantity = z.coerce.number().int().max(MAX_LINE_QUANTITY);

/** The requests the cart endpoint accepts. Any price a client sends is not part of them. */
export const CartRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), testId, quantity: quantity.min(1).default(1) }),
  z.object({ intent: z.literal("set"), testId, quantity }),
  z.object({ intent: z.literal("remove"), testId }),
  z.object({ intent: z.literal("clear") }),
  z.object({
    intent: z.literal("merge"),
    lines: z.array(z.object({ testId, quantity: quantity.min(1) })).max(200),
  }),
]);
export type CartRequest = z.infer<typeof CartRequestSchema>;

export function cartUnits(lines: Pick<CartLine, "quantity">[]) {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotalFils(lines: Pick<CartLine, "quantity" | "price">[]) {
  return lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
}
