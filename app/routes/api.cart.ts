import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.cart";
import { getUser } from "~/modules/accounts/guards.server";
import { CartRequestSchema, type CartRequest } from "~/modules/cart/cart-request";
import { MERGE_LEFT_OUT_MESSAGE } from "~/modules/cart/cart-line";
import { CartLimitError, changeCart, currentTestPrices, mergeGuestCart, UnknownTestError } from "~/modules/cart/cart.server";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import { readJson } from "~/utils/request-body.server";

const PriceQuerySchema = z.array(z.uuid()).max(200);

/** GET /api/cart?ids=a,b: current prices of the tests in a guest's browser cart. */
export async function loader({ request }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.get("ids")?.split(",").filter(Boolean) ?? [];
  const parsed = PriceQuerySchema.safeParse(ids);
  if (!parsed.success) return data({ tests: [] }, { status: 400 });
  return { tests: await currentTestPrices(parsed.data) };
}

type CartLines = { lines: Awaited<ReturnType<typeof changeCart>> };

const refused = (status: number, title: string, description?: string) =>
  formFailure<CartLines>(status, { toast: { type: "error", title, ...(description ? { description } : {}) } });

/** The spec's cart toast of each change, whose description says why the cart's limits refused it. */
const FAILURE_TITLES: Record<CartRequest["intent"], string> = {
  add: "Failed to add item to cart",
  set: "Failed to update item quantity",
  remove: "Failed to remove item from cart",
  clear: "Failed to clear cart",
  merge: "Failed to load cart items",
};

/** POST /api/cart: add / set / remove / clear / merge on the signed-in user's own cart. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return refused(401, "User not authenticated");
  const parsed = CartRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return refused(400, "Invalid cart request");
  try {
    if (parsed.data.intent === "merge") {
      const { lines, leftOut } = await mergeGuestCart(user.id, parsed.data.lines);
      return formSuccess<CartLines>(leftOut ? { type: "error", title: FAILURE_TITLES.add, description: MERGE_LEFT_OUT_MESSAGE } : undefined, { lines });
    }
    return formSuccess<CartLines>(undefined, { lines: await changeCart(user.id, parsed.data) });
  } catch (error) {
    if (error instanceof UnknownTestError) return refused(404, "Test not found");
    if (error instanceof CartLimitError) return refused(409, FAILURE_TITLES[parsed.data.intent], error.message);
    logger.error({ err: error, userId: user.id }, "cart change failed");
    return refused(500, "Cart change failed");
  }
}
