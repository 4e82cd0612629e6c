// The admin's view of results (issue 28, decision 0062): that a result exists and its metadata
// (test, lab, dates, versions); its values and report only after break-glass, a recorded reason
// that opens it for BREAK_GLASS_MINUTES and that the patient sees in the access log.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { labs, results, tests } from "~/db/schema";
import { logResultAccess } from "~/modules/results/result-access-log.server";
import { breakGlassOpen, isId } from "~/modules/results/result-access.server";
import { resultView } from "~/modules/results/patient-results.server";
import { resultSummary, versionsOf } from "~/modules/results/result-records.server";
import { text } from "~/utils/text-schema";

export const BreakGlassSchema = z.object({
  reason: text().trim().min(10, "Give the reason in at least 10 characters").max(500, "Must be at most 500 characters"),
});

/** The newest results, metadata only. */
export async function resultsForAdmin(limit = 100) {
  return db
    .select({ id: results.id, bookingId: results.bookingId, releasedAt: results.releasedAt, createdAt: results.createdAt, testName: tests.name, labName: labs.name })
    .from(results)
    .leftJoin(tests, eq(tests.id, results.testId))
    .innerJoin(labs, eq(labs.id, results.labId))
    .orderBy(desc(results.createdAt))
    .limit(limit);
}

/** One result's metadata, and its values only while the admin's break-glass is open. */
export async function resultForAdmin(adminId: string, resultId: string | undefined) {
  if (!isId(resultId)) return null;
  const summary = await resultSummary(resultId);
  if (!summary) return null;
  const versions = await versionsOf(resultId, { drafts: true });
  const open = await breakGlassOpen(adminId, resultId);
  return {
    id: summary.id,
    bookingId: summary.bookingId,
    testName: summary.testName,
    labName: summary.labName,
    releasedAt: summary.releasedAt?.toISOString() ?? null,
    createdAt: summary.createdAt.toISOString(),
    versions: versions.map((version) => ({ version: version.version, status: version.status, releasedAt: version.releasedAt?.toISOString() ?? null })),
    opened: open ? await resultView(resultId) : null,
  };
}

/** Records the admin's reason and opens the result for them. */
export async function breakGlass(adminId: string, resultId: string, reason: string) {
  await logResultAccess(resultId, { action: "break_glass", actorKind: "admin", actorId: adminId, reason });
}
