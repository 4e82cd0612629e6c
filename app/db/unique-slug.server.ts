import { eq, like, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { slugify } from "~/modules/catalog/slug";
import type { Executor } from "./client.server";

/** A slug for `text` that no row has in `column`: "lipid-profile", then "lipid-profile-2", ... */
export async function uniqueSlug(executor: Executor, column: PgColumn, text: string): Promise<string> {
  const base = slugify(text);
  const taken = new Set(
    (
      await executor
        .select({ slug: column })
        .from(column.table)
        .where(or(eq(column, base), like(column, `${base}-%`)))
    ).map((row) => row.slug as string),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
