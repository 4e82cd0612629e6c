// The portal's side of results (issue 28): the lab's pending results, uploading a report with its
// values, correcting it, releasing it. Every function takes the LabScope of requireLabMember: a
// booking or result of another lab is "not found".
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, labOffers, resultFiles, resultVersions, results, tests } from "~/db/schema";
import { patientAgeOnBooking } from "~/modules/booking/patient-age";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { notifyResultsReady } from "~/modules/notifications/notify.server";
import { memberActor, type LabScope } from "~/modules/partner/lab-scope.server";
import { logResultAccess } from "~/modules/results/result-access-log.server";
import { seal } from "~/utils/sealing.server";
import { fileContext, sealValues, valuesOfVersions, versionsOf } from "~/modules/results/result-records.server";
import { versionReport } from "~/modules/results/patient-results.server";
import { resultStorage, type ResultStorage } from "~/modules/results/result-storage.server";
import { flagOf, type ResultValue } from "~/modules/results/result-values";
import { getNow } from "~/modules/slots/clock.server";

/** A report's largest size (issue 28). */
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;

/**
 * The lab's bookings whose sample was collected and whose results are not yet released, the
 * longest-waiting first: how long each has waited against the offer's promised result time
 * (the lab's offer, else the test's), and whether a draft is uploaded.
 */
export async function pendingResults(scope: LabScope, now: Date = getNow()) {
  const rows = await db
    .select({
      bookingId: bookings.id,
      patientName: bookings.patientName,
      sampleCollectedAt: bookings.sampleCollectedAt,
      scheduledDate: bookings.scheduledDate,
      testName: tests.name,
      promisedHours: sql<number | null>`coalesce(${labOffers.resultHours}, ${tests.resultTimeHours})`,
      resultId: results.id,
      draftVersion: sql<number | null>`(select max(v.version) from result_versions v where v.result_id = ${results.id} and v.status = 'draft')`,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labOffers, and(eq(labOffers.labId, bookings.labId), eq(labOffers.testId, bookings.testId)))
    .leftJoin(results, eq(results.bookingId, bookings.id))
    .where(and(eq(bookings.labId, scope.labId), eq(bookings.status, "sample_collected")))
    .orderBy(asc(bookings.sampleCollectedAt), asc(bookings.createdAt))
    .limit(500);
  return rows.map((row) => {
    const waitedHours = row.sampleCollectedAt ? Math.max(0, (now.getTime() - row.sampleCollectedAt.getTime()) / 3_600_000) : null;
    return {
      ...row,
      sampleCollectedAt: row.sampleCollectedAt?.toISOString() ?? null,
      waitedHours: waitedHours === null ? null : Math.floor(waitedHours),
      late: waitedHours !== null && row.promisedHours !== null && waitedHours > row.promisedHours,
    };
  });
}
export type PendingResult = Awaited<ReturnType<typeof pendingResults>>[number];

/** The lab's released results, newest first (for corrections). */
export async function releasedResultsOfLab(scope: LabScope, limit = 50) {
  return db
    .select({ resultId: results.id, bookingId: results.bookingId, releasedAt: results.releasedAt, patientName: bookings.patientName, testName: tests.name })
    .from(results)
    .innerJoin(bookings, eq(bookings.id, results.bookingId))
    .leftJoin(tests, eq(tests.id, results.testId))
    .where(and(eq(results.labId, scope.labId), isNotNull(results.releasedAt)))
    .orderBy(desc(results.releasedAt))
    .limit(limit);
}

/** One booking of the lab with its result's versions and the draft's values, for the upload page. */
export async function labResultOfBooking(scope: LabScope, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      patientName: bookings.patientName,
      // What reference ranges need (issue 26): the age is computed on the visit's day below.
      patientDateOfBirth: bookings.patientDateOfBirth,
      patientSex: bookings.patientSex,
      referralDoctorName: bookings.referralDoctorName,
      hasReferralFile: sql<boolean>`${bookings.referralFileId} is not null`,
      scheduledDate: bookings.scheduledDate,
      slotStart: bookings.slotStart,
      testName: tests.name,
      sampleCollectedAt: bookings.sampleCollectedAt,
      resultId: results.id,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(results, eq(results.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.labId, scope.labId)));
  if (!booking || (booking.status !== "sample_collected" && !booking.resultId)) return null;
  const versions = booking.resultId ? await versionsOf(booking.resultId, { drafts: true }) : [];
  const latest = versions[0];
  const values = latest ? ((await valuesOfVersions([latest.id])).get(latest.id) ?? []) : [];
  if (booking.resultId && latest) await logResultAccess(booking.resultId, { action: "view", actorKind: "lab", actorId: scope.userId });
  const { scheduledDate, slotStart, ...shown } = booking;
  return {
    ...shown,
    patientAge: patientAgeOnBooking({ patientDateOfBirth: booking.patientDateOfBirth, scheduledDate, slotStart }),
    sampleCollectedAt: booking.sampleCollectedAt?.toISOString() ?? null,
    versions: versions.map((v) => ({ ...v, releasedAt: v.releasedAt?.toISOString() ?? null, supersededAt: v.supersededAt?.toISOString() ?? null, createdAt: v.createdAt.toISOString() })),
    latestValues: values.map((value) => ({ ...value, flag: flagOf(value) })),
  };
}

export type UploadOutcome = { status: "saved"; resultId: string; version: number } | { status: "not-found" } | { status: "not-uploadable" };

/**
 * Stores a report (and its values) for a booking of the lab: a new draft version, or a new copy
 * of the current draft (a correction before release replaces it). After release it is a new
 * version, released separately. Whole or nothing: the result, version, values and (database
 * driver) file are written in one transaction; an S3 object written before a transaction that
 * fails is removed again.
 */
export async function uploadResult(
  scope: LabScope,
  input: { bookingId: string; pdf: Buffer; values: ResultValue[] },
  storage?: ResultStorage,
): Promise<UploadOutcome> {
  const store = storage ?? (await resultStorage());
  const objectKey = `results/${randomUUID()}`;
  let putOutside = false;
  try {
    return await db.transaction(async (tx) => {
      const [booking] = await tx
        .select({ id: bookings.id, status: bookings.status, userId: bookings.userId, testId: bookings.testId })
        .from(bookings)
        .where(and(eq(bookings.id, input.bookingId), eq(bookings.labId, scope.labId)))
        .for("update");
      if (!booking) return { status: "not-found" } as const;
      let [result] = await tx.select({ id: results.id }).from(results).where(eq(results.bookingId, booking.id));
      if (!result && booking.status !== "sample_collected") return { status: "not-uploadable" } as const;
      result ??= (await tx.insert(results).values({ bookingId: booking.id, labId: scope.labId, userId: booking.userId, testId: booking.testId }).returning({ id: results.id }))[0];
      const [draft] = await tx
        .select({ id: resultVersions.id, version: resultVersions.version })
        .from(resultVersions)
        .where(and(eq(resultVersions.resultId, result.id), eq(resultVersions.status, "draft")));
      let versionNumber: number;
      if (draft) {
        // A correction before release: the draft is replaced whole.
        await dropVersionContent(tx, draft.id);
        await tx.delete(resultVersions).where(eq(resultVersions.id, draft.id));
        versionNumber = draft.version;
      } else {
        const [{ top }] = await tx.select({ top: max(resultVersions.version) }).from(resultVersions).where(eq(resultVersions.resultId, result.id));
        versionNumber = (top ?? 0) + 1;
      }
      const versionId = randomUUID();
      await tx
        .insert(resultVersions)
        .values({ id: versionId, resultId: result.id, version: versionNumber, status: "draft", createdBy: scope.userId, ...sealValues(versionId, input.values) });
      const file = seal(input.pdf, fileContext(versionId));
      if (store.name === "db") await store.put(objectKey, file.sealed, tx);
      else {
        await store.put(objectKey, file.sealed);
        putOutside = true;
      }
      await tx.insert(resultFiles).values({ versionId, storage: store.name, objectKey, keyId: file.keyId, size: input.pdf.length });
      return { status: "saved", resultId: result.id, version: versionNumber } as const;
    });
  } catch (error) {
    if (putOutside) await store.remove(objectKey).catch(() => undefined);
    throw error;
  }
}

/** Removes a draft's file (its object too, for the database driver in the transaction); its values go with its row. */
async function dropVersionContent(tx: Transaction, versionId: string) {
  const files = await tx.delete(resultFiles).where(eq(resultFiles.versionId, versionId)).returning({ storage: resultFiles.storage, objectKey: resultFiles.objectKey });
  for (const file of files) {
    if (file.storage === "db") await tx.execute(sql`delete from result_blobs where key = ${file.objectKey}`);
    // An S3 object of a replaced draft stays as sealed bytes no row points to (no key opens it without its row's context).
  }
}

export type ReleaseOutcome = { status: "released"; version: number; completed: boolean } | { status: "not-found" } | { status: "nothing-to-release" };

/**
 * Releases the draft of a result of the lab: the previous released version becomes superseded,
 * the draft released. The first release completes the booking through transitionBooking
 * (booking_completed event, webhook, audit row naming the member), in the same transaction;
 * every release queues "your results are ready" to the account that booked.
 */
export async function releaseResult(scope: LabScope, bookingId: string): Promise<ReleaseOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ resultId: results.id, bookingStatus: bookings.status })
      .from(results)
      .innerJoin(bookings, eq(bookings.id, results.bookingId))
      .where(and(eq(results.bookingId, bookingId), eq(results.labId, scope.labId)))
      .for("update", { of: results });
    if (!row) return { status: "not-found" } as const;
    const [draft] = await tx
      .select({ id: resultVersions.id, version: resultVersions.version })
      .from(resultVersions)
      .where(and(eq(resultVersions.resultId, row.resultId), eq(resultVersions.status, "draft")));
    if (!draft) return { status: "nothing-to-release" } as const;
    const now = getNow();
    await tx
      .update(resultVersions)
      .set({ status: "superseded", supersededAt: now })
      .where(and(eq(resultVersions.resultId, row.resultId), inArray(resultVersions.status, ["released"])));
    await tx.update(resultVersions).set({ status: "released", releasedAt: now }).where(eq(resultVersions.id, draft.id));
    await tx.update(results).set({ releasedAt: sql`coalesce(${results.releasedAt}, ${now})` }).where(eq(results.id, row.resultId));
    let completed = false;
    if (row.bookingStatus === "sample_collected") {
      const moved = await transitionBooking(tx, bookingId, "completed", memberActor(scope), "lab_results_released", { notify: false });
      completed = moved.status === "changed";
    }
    await notifyResultsReady(tx, bookingId, draft.id);
    return { status: "released", version: draft.version, completed } as const;
  });
}

/** A version's PDF of a result of the lab (drafts included), logged as the member's download. */
export async function labReportDownload(scope: LabScope, bookingId: string, versionNumber: number) {
  const [result] = await db.select({ id: results.id }).from(results).where(and(eq(results.bookingId, bookingId), eq(results.labId, scope.labId)));
  if (!result) return null;
  const report = await versionReport(result.id, versionNumber, { drafts: true });
  if (report) await logResultAccess(result.id, { action: "download", actorKind: "lab", actorId: scope.userId });
  return report;
}
