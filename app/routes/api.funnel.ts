import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.funnel";
import { funnelSteps } from "~/db/schema/analytics";
import { recordFunnelStep } from "~/modules/analytics/funnel.server";
import { readForm } from "~/utils/request-body.server";

const FunnelSchema = z.object({ step: z.enum(funnelSteps) });

/** POST /api/funnel (step): a product view, add to cart or checkout start; counted per day, nothing else kept. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = FunnelSchema.safeParse(await readForm(request, { maxBytes: 1024 }));
  if (!parsed.success) return data({ error: "A funnel count needs its step (product_view, add_to_cart or checkout_started)." }, { status: 400 });
  recordFunnelStep(parsed.data.step, request.headers.get("user-agent"));
  return new Response(null, { status: 204 });
}
