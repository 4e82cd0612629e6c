import type { Executor } from "~/db/client.server";
import { tests } from "~/db/schema";
import { uniqueSlug } from "~/db/unique-slug.server";

/** A slug for a new test that no other test has. */
export function uniqueTestSlug(executor: Executor, name: string): Promise<string> {
  return uniqueSlug(executor, tests.slug, name);
}
