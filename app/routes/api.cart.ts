import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.cart";
import { getUser } from "~/modules/accounts/guards.server";
import { CartRequestSchema } from "~/modules/cart/cart-request";
import { changeCart, currentTestPrices, UnknownTestError } from "~/modules/cart/cart.server";
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

const refused = (status: number, title: string) => formFailure<CartLines>(status, { toast: { type: "error", title } });

/** POST /api/cart: add / set / remove / clear / merge on the signed-in user's own cart. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return refused(401, "User not authenticated");
  const parsed = CartRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return refused(400, "Invalid cart request");
  try {
    return formSuccess<CartLines>(undefined, { lines: await changeCart(user.id, parsed.data) });
  } catch (error) {
    if (error instanceof UnknownTestError) return refused(404, "Test not found");
    logger.error({ err: error, userId: user.id }, "cart change failed");
    return refused(500, "Cart change failed");
  }
}
