import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.cart";
import { CartRequestSchema } from "~/modules/cart/cart-request";
import { changeCart, currentTestPrices, UnknownTestError } from "~/modules/cart/cart.server";
import { getUser } from "~/utils/auth.server";
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

/** POST /api/cart: add / set / remove / clear / merge on the signed-in user's own cart. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return data({ error: "User not authenticated" }, { status: 401 });
  const parsed = CartRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return data({ error: "Invalid cart request" }, { status: 400 });
  try {
    return { lines: await changeCart(user.id, parsed.data) };
  } catch (error) {
    if (error instanceof UnknownTestError) return data({ error: "Test not found" }, { status: 404 });
    logger.error({ err: error, userId: user.id }, "cart change failed");
    return data({ error: "Cart change failed" }, { status: 500 });
  }
}
