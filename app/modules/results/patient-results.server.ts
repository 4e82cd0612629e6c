// The patient's side of results (issue 28): My Results, a result page with its versions, values,
// report and access log, and the FHIR R4 export (trends: trends.server.ts).
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { labs, resultVersions, results, tests } from "~/db/schema";
import { ACCESS_LOG_ON_RESULT_PAGE, accessLogPage, logResultAccess } from "~/modules/results/result-access-log.server";
import { breakGlassOpen, customerResultId, isId } from "~/modules/results/result-access.server";
import { releasedVersionsWithValues, reportOf, resultSummary, versionByNumber, type ResultSummary } from "~/modules/results/result-records.server";
import { sharesOf } from "~/modules/results/result-shares.server";
import { flagOf, rangeLabel, type ResultValue } from "~/modules/results/result-values";

/** My Results lists this many results a page. */
const MY_RESULTS_PAGE_SIZE = 20;

const releasedTo = (userId: string) => and(eq(results.userId, userId), isNotNull(results.releasedAt));

/** A page of the customer's released results, newest first, each with the count of them all (My Results on every view). */
const releasedResultsPage = preparedQuery("released_results_page", (database) =>
  database
    .select({
      id: results.id,
      releasedAt: results.releasedAt,
      testName: tests.name,
      testNameAr: tests.nameAr,
      labName: labs.name,
      labNameAr: labs.nameAr,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(results)
    .leftJoin(tests, eq(tests.id, results.testId))
    .innerJoin(labs, eq(labs.id, results.labId))
    .where(and(eq(results.userId, sql.placeholder("userId")), isNotNull(results.releasedAt)))
    .orderBy(desc(results.releasedAt), desc(results.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

const releasedResultRows = (userId: string, page: number) =>
  releasedResultsPage().execute({ userId, limit: MY_RESULTS_PAGE_SIZE, offset: (page - 1) * MY_RESULTS_PAGE_SIZE });

const shownResult = ({ total: _total, ...row }: Awaited<ReturnType<typeof releasedResultRows>>[number]) => ({ ...row, releasedAt: row.releasedAt!.toISOString() });

/** A page of the customer's released results, newest first: test, lab and date (no values). */
export async function myResults(userId: string, page = 1) {
  return (await releasedResultRows(userId, page)).map(shownResult);
}

/**
 * My Results' page `requested` with the number of pages, in one query. A page beyond the last (an
 * old link after results were withdrawn) shows the last.
 */
export async function myResultsPage(userId: string, requested: number) {
  const rows = await releasedResultRows(userId, requested);
  if (rows.length === 0 && requested > 1) {
    const last = Math.max(1, Math.ceil((await countMyResults(userId)) / MY_RESULTS_PAGE_SIZE));
    return myResultsPage(userId, Math.min(last, requested - 1));
  }
  const total = rows[0]?.total ?? 0;
  return { results: rows.map(shownResult), page: requested, pageCount: Math.max(1, Math.ceil(total / MY_RESULTS_PAGE_SIZE)) };
}

/** How many released results the customer has. */
export async function countMyResults(userId: string) {
  const [row] = await db.select({ total: count() }).from(results).where(releasedTo(userId));
  return row.total;
}
export type MyResult = Awaited<ReturnType<typeof myResults>>[number];

/** A value as a page shows it: with its flag and its range in words. */
export function shownValue(value: ResultValue) {
  return { ...value, flag: flagOf(value), range: rangeLabel(value) };
}
export type ShownValue = ReturnType<typeof shownValue>;

/**
 * A released result as its readers see it: the summary, the released versions (newest first)
 * with their values. Who may read is the caller's check; `log` records the view.
 */
export async function resultView(resultId: string) {
  const summary = await resultSummary(resultId);
  return summary && isReleased(summary) ? viewOf(summary) : null;
}
export type ResultView = NonNullable<Awaited<ReturnType<typeof resultView>>>;

type ReleasedSummary = ResultSummary & { releasedAt: Date };
const isReleased = (summary: ResultSummary): summary is ReleasedSummary => summary.releasedAt !== null;

async function viewOf(summary: ReleasedSummary) {
  const versions = await releasedVersionsWithValues(summary.id);
  return {
    id: summary.id,
    testName: summary.testName,
    testNameAr: summary.testNameAr,
    labName: summary.labName,
    labNameAr: summary.labNameAr,
    patientName: summary.patientName,
    releasedAt: summary.releasedAt.toISOString(),
    sampleCollectedAt: summary.sampleCollectedAt?.toISOString() ?? null,
    versions: versions.map((version) => ({
      version: version.version,
      status: version.status,
      releasedAt: version.releasedAt?.toISOString() ?? null,
      supersededAt: version.supersededAt?.toISOString() ?? null,
      hasReport: version.fileSize !== null,
      values: version.values.map(shownValue),
    })),
  };
}

/**
 * The customer's result page: their own released result (null for another's, a forged id or one
 * not released), its shares and the newest entries of its access log; logged as a view.
 */
export async function customerResultPage(userId: string, resultId: string | undefined) {
  if (!isId(resultId)) return null;
  const summary = await resultSummary(resultId);
  if (!summary || !isReleased(summary) || summary.userId !== userId) return null;
  const [view, shares] = await Promise.all([viewOf(summary), sharesOf(resultId)]);
  await logResultAccess(resultId, { action: "view", actorKind: "customer", actorId: userId });
  return { view, shares, accessLog: await accessLogPage(resultId, 1, ACCESS_LOG_ON_RESULT_PAGE) };
}

/** A released (or superseded) version's PDF; drafts only for the lab. */
export async function versionReport(resultId: string, versionNumber: number, { drafts = false } = {}) {
  const version = await versionByNumber(resultId, versionNumber, { drafts });
  if (!version) return null;
  const pdf = await reportOf(version.id);
  return pdf ? { pdf, version: version.version } : null;
}

/** The number of the result's current (released) version. */
export async function currentVersionNumber(resultId: string) {
  const [row] = await db
    .select({ version: resultVersions.version })
    .from(resultVersions)
    .where(and(eq(resultVersions.resultId, resultId), eq(resultVersions.status, "released")));
  return row?.version ?? null;
}

/** The ids of the customer's released results (for the export of all). */
export async function releasedResultIds(userId: string, only?: string) {
  const rows = await db
    .select({ id: results.id })
    .from(results)
    .where(and(eq(results.userId, userId), isNotNull(results.releasedAt), only ? inArray(results.id, [only]) : undefined))
    .orderBy(desc(results.releasedAt));
  return rows.map((row) => row.id);
}

/**
 * A version's PDF for a signed-in reader: the customer's own released result, or an admin within
 * a break-glass window. Anyone else (and any forged id or version) gets null. Logged as a download.
 */
export async function reportForReader(reader: { id: string; isAdmin: boolean }, resultId: string | undefined, versionNumber: number) {
  const own = await customerResultId(reader.id, resultId);
  const allowed = own ?? (reader.isAdmin && isId(resultId) && (await breakGlassOpen(reader.id, resultId)) ? resultId : null);
  if (!allowed) return null;
  const report = await versionReport(allowed, versionNumber);
  if (report) await logResultAccess(allowed, { action: "download", actorKind: own ? "customer" : "admin", actorId: reader.id });
  return report;
}
