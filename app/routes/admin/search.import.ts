import { data } from "react-router";
import type { Route } from "./+types/search.import";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { importToasts } from "~/modules/import-export/import-report";
import { importSearchTermsFromRequest } from "~/modules/import-export/search-terms-file.server";

/** POST /admin/search/import (multipart, field "file"): answers with the toasts that report it. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const outcome = await importSearchTermsFromRequest(request);
  return data({ toasts: importToasts(outcome) }, { status: outcome.ok ? 200 : 400 });
}
