import { like, or, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { tests } from "~/db/schema";
import { slugify } from "./slug";

/** A slug for a new test that no other test has: "lipid-profile", then "lipid-profile-2", ... */
export async function uniqueTestSlug(executor: Executor, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await executor
        .select({ slug: tests.slug })
        .from(tests)
        .where(or(eq(tests.slug, base), like(tests.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
