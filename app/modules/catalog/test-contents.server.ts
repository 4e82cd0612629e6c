// What a package or panel contains (issue 30): analytes by name, each linked to the catalogue's
// single test for it when there is one, so a search for the analyte finds the package too.
import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { testContents } from "~/db/schema";

export type ContentItem = { analyte: string; componentTestId: string | null };

/** Replaces a package's contents with `items`, in order (a repeated analyte is kept once). */
export async function writeTestContents(executor: Executor, packageTestId: string, items: ContentItem[]) {
  await executor.delete(testContents).where(eq(testContents.packageTestId, packageTestId));
  const seen = new Set<string>();
  const rows = items
    .map((item) => ({ ...item, analyte: item.analyte.trim() }))
    .filter((item) => item.analyte && !seen.has(item.analyte.toLowerCase()) && seen.add(item.analyte.toLowerCase()))
    .map((item, position) => ({ packageTestId, componentTestId: item.componentTestId, analyte: item.analyte, position }));
  if (rows.length) await executor.insert(testContents).values(rows);
  return rows.length;
}
