import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema";
import type { TestSummary } from "~/modules/catalog/test-summary";

/** The few facts the booking page shows about a test, or null when there is no such test. */
export async function findTestSummary(testId: string): Promise<TestSummary | null> {
  const [test] = await db
    .select({
      id: tests.id,
      name: tests.name,
      nameAr: tests.nameAr,
      slug: tests.slug,
      priceFils: tests.priceFils,
      featuredImage: tests.featuredImage,
    })
    .from(tests)
    .where(eq(tests.id, testId));
  return test ?? null;
}
