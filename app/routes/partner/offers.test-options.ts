import type { Route } from "./+types/offers.test-options";
import { testsToOfferAt } from "~/modules/partner/lab-offers.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { searchText } from "~/utils/form-fields";

/** GET /partner/{labId}/offers/test-options?q=: catalogue tests the lab does not offer yet (managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  const q = searchText().parse(new URL(request.url).searchParams.get("q") ?? "");
  return { tests: await testsToOfferAt(scope, q) };
}
