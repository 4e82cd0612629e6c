import { Link } from "react-router";
import type { Route } from "./+types/results";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { resultsForAdmin } from "~/modules/results/admin-results.server";

export const meta: Route.MetaFunction = () => [{ title: "Results | Admin | LabTest Hub" }];

/** /admin/results: which results exist (metadata only: test, lab, dates). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { results: await resultsForAdmin() };
}

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

export default function AdminResults({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-4">
      <AdminHeader title="Results" subtitle="Metadata only. Opening a result's values needs a recorded reason, which the patient sees." />
      <ul className="grid gap-1 text-sm">
        {loaderData.results.map((result) => (
          <li key={result.id} className="flex flex-wrap justify-between gap-2 border-b py-1">
            <span>
              {result.testName ?? "Test"} · {result.labName} · {result.releasedAt ? `released ${when.format(new Date(result.releasedAt))}` : "not released"}
            </span>
            <Link className="underline" to={`/admin/results/${result.id}`}>
              Details
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
