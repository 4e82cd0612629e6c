import { eq, like, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { slugify } from "~/utils/slug";
import type { Executor } from "~/db/client.server";

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

/**
 * Unique slugs for many new rows at once (imports): one query for the slugs already taken, then
 * numbered in memory, so names repeated inside the batch get distinct slugs too.
 */
export async function uniqueSlugs(executor: Executor, column: PgColumn, texts: string[]): Promise<string[]> {
  const bases = texts.map(slugify);
  const distinct = [...new Set(bases)];
  const taken = new Set<string>();
  for (let start = 0; start < distinct.length; start += 1000) {
    const chunk = distinct.slice(start, start + 1000);
    const rows = await executor
      .select({ slug: column })
      .from(column.table)
      .where(sql`regexp_replace(${column}, '-[0-9]+$', '') = any(${sql.param(chunk)}::text[]) or ${column} = any(${sql.param(chunk)}::text[])`);
    rows.forEach((row) => taken.add(row.slug as string));
  }
  return bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
