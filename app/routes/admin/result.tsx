import { data, Form, Link } from "react-router";
import type { Route } from "./+types/result";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { breakGlass, BreakGlassSchema, resultForAdmin } from "~/modules/results/admin-results.server";
import { BREAK_GLASS_MINUTES, RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { ResultVersions } from "~/modules/results/components/patient-results-view";
import { invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { useFormResult } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Result | Admin | LabTest Hub" }];

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /admin/results/{resultId}: metadata; values and report only within a break-glass window. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const result = await resultForAdmin(admin.id, params.resultId);
  if (!result) throw data("Not Found", { status: 404 });
  return data({ result }, { headers: RESULT_PAGE_HEADERS });
}

/** Break-glass: a reason of at least 10 characters, recorded and shown to the patient. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const result = await resultForAdmin(admin.id, params.resultId);
  if (!result) throw data("Not Found", { status: 404 });
  const parsed = BreakGlassSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error, "The result was not opened");
  await breakGlass(admin.id, result.id, parsed.data.reason);
  return { ok: true as const, toast: { type: "success" as const, title: `Opened for ${BREAK_GLASS_MINUTES} minutes; the patient sees your reason` } };
}

export default function AdminResult({ loaderData, actionData }: Route.ComponentProps) {
  useFormResult(actionData);
  const { result } = loaderData;
  return (
    <div className="grid gap-4">
      <AdminHeader title={result.testName ?? "Result"} subtitle={`${result.labName} · ${result.releasedAt ? "released" : "not released"}`} action={<Link to={`/admin/bookings/${result.bookingId}`} className="text-sm underline">Booking</Link>} />
      <p className="text-sm">Versions: {result.versions.map((version) => `${version.version} (${version.status})`).join(", ") || "none"}</p>
      {result.opened ? (
        <ResultVersions view={result.opened} reportHref={(version) => `/results/${result.id}/report?v=${version}`} />
      ) : (
        <Form method="post" className="grid max-w-xl gap-2 rounded-lg border p-3">
          <CsrfField />
          <label className="grid gap-1 text-sm">
            Reason for opening this patient's result (the patient will see it)
            <textarea name="reason" required minLength={10} maxLength={500} className="rounded border p-2" />
          </label>
          <Button type="submit" variant="destructive">
            Open the result (break-glass)
          </Button>
        </Form>
      )}
    </div>
  );
}
