// The demo catalogue's synonyms and everyday terms (seed/search-terms.json) and what its packages
// contain (seed/test-contents.json), issue 30. Used by the demo seed and the benchmark generator.
import { count, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { searchTerms, testCategories, testContents, tests } from "~/db/schema";
import { writeSearchTerm } from "~/modules/catalog/search-terms.server";
import { writeTestContents } from "~/modules/catalog/test-contents.server";
import { seedSearchTerms, seedTestContents } from "~/seed/seed-data";

/** The demo tests' ids by name; a name the catalogue lacks is an error in the seed files. */
async function testIdsByName(executor: Executor, names: string[]) {
  const wanted = [...new Set(names)];
  const rows = wanted.length ? await executor.select({ id: tests.id, name: tests.name }).from(tests).where(inArray(tests.name, wanted)) : [];
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  return (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`seed: no test named ${JSON.stringify(name)}`);
    return id;
  };
}

/** Loads the demo terms unless the database already has terms. Returns how many were loaded. */
export async function seedDemoSearchTerms(executor: Executor) {
  const [{ n }] = await executor.select({ n: count() }).from(searchTerms);
  if (n > 0) return 0;
  const testId = await testIdsByName(executor, seedSearchTerms.flatMap((term) => term.tests));
  const categories = new Map((await executor.select({ id: testCategories.id, name: testCategories.name }).from(testCategories)).map((row) => [row.name, row.id]));
  for (const term of seedSearchTerms) {
    await writeSearchTerm(executor, {
      term: term.term,
      language: term.language,
      testIds: term.tests.map(testId),
      categoryIds: term.categories.map((name) => {
        const id = categories.get(name);
        if (!id) throw new Error(`seed: no category named ${JSON.stringify(name)}`);
        return id;
      }),
      words: term.words,
    });
  }
  return seedSearchTerms.length;
}

/** Loads what the demo packages contain, for packages that have no contents yet. */
export async function seedDemoTestContents(executor: Executor) {
  const packageId = await testIdsByName(executor, seedTestContents.map((entry) => entry.package));
  const { rows } = await executor.execute<{ id: string }>(sql`select distinct package_test_id as id from ${testContents}`);
  const filled = new Set(rows.map((row) => row.id));
  const names = new Set(seedTestContents.flatMap((entry) => entry.contains));
  const catalogue = names.size
    ? new Map((await executor.select({ id: tests.id, name: tests.name }).from(tests).where(inArray(tests.name, [...names]))).map((row) => [row.name, row.id]))
    : new Map<string, string>();
  let loaded = 0;
  for (const entry of seedTestContents) {
    const id = packageId(entry.package);
    if (filled.has(id)) continue;
    loaded += await writeTestContents(
      executor,
      id,
      entry.contains.map((analyte) => ({ analyte, componentTestId: catalogue.get(analyte) ?? null })),
    );
  }
  return loaded;
}
