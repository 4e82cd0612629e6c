import { data } from "react-router";
import type { Route } from "./+types/tests.import";
import { importToasts } from "~/modules/import-export/import-report";
import { importTestsFromRequest } from "~/modules/import-export/import-tests.server";
import { requireAdmin } from "~/modules/accounts/guards.server";

/** POST /admin/tests/import (multipart, field "file"): answers with the toasts that report it. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const outcome = await importTestsFromRequest(request);
  return data({ toasts: importToasts(outcome) }, { status: outcome.ok ? 200 : 400 });
}
