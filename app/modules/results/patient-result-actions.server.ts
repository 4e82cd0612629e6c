// The customer's forms on a result page: share with a doctor, revoke a link.
import { data } from "react-router";
import { z } from "zod";
import { customerResultId } from "~/modules/results/result-access.server";
import { createShare, revokeShare, sharePath, ShareDaysSchema } from "~/modules/results/result-shares.server";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { currentSiteUrl } from "~/utils/site-url.server";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("share"), days: ShareDaysSchema }),
  z.object({ intent: z.literal("revoke"), shareId: z.uuid() }),
]);

export async function runCustomerResultAction(userId: string, resultId: string | undefined, request: Request) {
  const own = await customerResultId(userId, resultId);
  if (!own) throw data("Not Found", { status: 404 });
  const parsed = ActionSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error, "Please check the form");
  if (parsed.data.intent === "share") {
    const share = await createShare(userId, own, parsed.data.days);
    if (!share) throw data("Not Found", { status: 404 });
    return formSuccess<{ link: string }>({ type: "success", title: "Share link created" }, { link: `${currentSiteUrl()}${sharePath(share.token)}` });
  }
  if (!(await revokeShare(userId, own, parsed.data.shareId))) return formFailure(404, { toast: { type: "error", title: "Share link not found" } });
  return formSuccess({ type: "success", title: "Share link revoked" });
}
