import { z } from "zod";
import { LEGACY_MAX_LINE_QUANTITY, MERGE_MAX_LINES, type CartLine } from "~/modules/cart/cart-line";
import type { FormResult } from "~/utils/form-result";

const testId = z.uuid();
// Up to the limit a line held before the cart's limits: an older line may be set lower step by
// step; the limits themselves are the server's to apply (cartChangeRefusal), with their message.
const quantity = z.coerce.number().int().max(LEGACY_MAX_LINE_QUANTITY);

/** The requests the cart endpoint accepts. Any price a client sends is not part of them. */
export const CartRequestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), testId, quantity: quantity.min(1).default(1) }),
  z.object({ intent: z.literal("set"), testId, quantity }),
  z.object({ intent: z.literal("remove"), testId }),
  z.object({ intent: z.literal("clear") }),
  z.object({
    intent: z.literal("merge"),
    lines: z.array(z.object({ testId, quantity: quantity.min(1) })).max(MERGE_MAX_LINES),
  }),
]);
export type CartRequest = z.infer<typeof CartRequestSchema>;

/** What the cart endpoint answers: the cart's lines after the change, or a refusal's toast. */
export type CartChangeResult = FormResult<{ lines: CartLine[] }>;
