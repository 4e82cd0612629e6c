import type { Route } from "./+types/lab-offers.test-options";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { testsToOffer } from "~/modules/catalog/manage-offers.server";
import { searchText } from "~/utils/form-fields";

/** GET /admin/labs/{labId}/offers/test-options?q=: the tests the add-offer form may choose. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const q = searchText().parse(new URL(request.url).searchParams.get("q") ?? "");
  return { tests: await testsToOffer(routeUuid(params.labId, "Lab not found"), q) };
}
