import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.search-click";
import { recordClick } from "~/modules/catalog/search-stats.server";
import { readForm } from "~/utils/request-body.server";
import { text } from "~/utils/text-schema";

const SearchClickSchema = z.object({ q: text().trim().min(1).max(1000) });

/** POST /api/search-click (q): a search result was followed; counted per normalised query, nothing else kept. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = SearchClickSchema.safeParse(await readForm(request, { maxBytes: 4096 }));
  if (!parsed.success) return data({ error: "A search click needs the query (q) it came from." }, { status: 400 });
  recordClick(parsed.data.q);
  return new Response(null, { status: 204 });
}
