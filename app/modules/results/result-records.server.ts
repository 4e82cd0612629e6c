// Reading a result's versions, values and report, opened from their seals. Callers decide who
// may read (result-access.server.ts); this file only reads.
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { bookings, labs, resultFiles, resultValues, resultVersions, results, tests } from "~/db/schema";
import { open, openJson, sealJson } from "~/utils/sealing.server";
import { storageNamed } from "~/modules/results/result-storage.server";
import type { ResultValue } from "~/modules/results/result-values";

/** The sealing context of a version's values and of its file: binds the ciphertext to its row. */
export const valuesContext = (versionId: string) => `result-values:${versionId}`;
/** A value row of a version saved before migration 0029 (result_values, one row per value). */
const legacyValueContext = (versionId: string, position: number) => `result-value:${versionId}:${position}`;
export const fileContext = (versionId: string) => `result-file:${versionId}`;

const resultSummaryById = preparedQuery("result_summary", (database) =>
  database
    .select({
      id: results.id,
      bookingId: results.bookingId,
      labId: results.labId,
      userId: results.userId,
      releasedAt: results.releasedAt,
      createdAt: results.createdAt,
      testName: tests.name,
      testNameAr: tests.nameAr,
      labName: labs.name,
      labNameAr: labs.nameAr,
      patientName: bookings.patientName,
      sampleCollectedAt: bookings.sampleCollectedAt,
    })
    .from(results)
    .innerJoin(bookings, eq(bookings.id, results.bookingId))
    .leftJoin(tests, eq(tests.id, results.testId))
    .innerJoin(labs, eq(labs.id, results.labId))
    .where(eq(results.id, sql.placeholder("resultId"))),
);

/** A result's facts that are not medical: what anyone allowed to know of it may see. */
export async function resultSummary(resultId: string) {
  const [row] = await resultSummaryById().execute({ resultId });
  return row ?? null;
}
export type ResultSummary = NonNullable<Awaited<ReturnType<typeof resultSummary>>>;

const versionColumns = {
  id: resultVersions.id,
  version: resultVersions.version,
  status: resultVersions.status,
  releasedAt: resultVersions.releasedAt,
  supersededAt: resultVersions.supersededAt,
  createdAt: resultVersions.createdAt,
  fileSize: resultFiles.size,
};

/** A result's versions, newest first (drafts only when asked: the lab sees them, the patient never). */
export async function versionsOf(resultId: string, { drafts }: { drafts: boolean }) {
  const rows = await db
    .select(versionColumns)
    .from(resultVersions)
    .leftJoin(resultFiles, eq(resultFiles.versionId, resultVersions.id))
    .where(eq(resultVersions.resultId, resultId))
    .orderBy(desc(resultVersions.version));
  return drafts ? rows : rows.filter((row) => row.status !== "draft");
}
export type ResultVersionRow = Awaited<ReturnType<typeof versionsOf>>[number];

/** A version's values (none too) sealed as one message: result_versions.values_key_id and values_sealed. */
export function sealValues(versionId: string, values: ResultValue[]) {
  const { keyId, sealed } = sealJson(values, valuesContext(versionId));
  return { valuesKeyId: keyId, valuesSealed: sealed };
}

/** A version's sealed values as read with sealedValuesOf's columns. */
export type SealedValues = { versionId: string; valuesKeyId: string | null; valuesSealed: Buffer | null };
/** The columns to read beside a version's id for openValues. */
export const sealedValuesOf = { valuesKeyId: resultVersions.valuesKeyId, valuesSealed: resultVersions.valuesSealed };

/** The values of versions, opened, in their order: one message per version (decision 0086). */
export async function openValues(versions: SealedValues[]): Promise<Map<string, ResultValue[]>> {
  const byVersion = new Map<string, ResultValue[]>();
  const unsealed: string[] = [];
  for (const { versionId, valuesKeyId, valuesSealed } of versions) {
    if (valuesSealed && valuesKeyId) byVersion.set(versionId, openJson<ResultValue[]>(valuesSealed, valuesKeyId, valuesContext(versionId)));
    else {
      byVersion.set(versionId, []);
      unsealed.push(versionId);
    }
  }
  if (unsealed.length === 0) return byVersion;
  // Versions saved before migration 0029: a sealed row per value.
  const rows = await db
    .select()
    .from(resultValues)
    .where(inArray(resultValues.versionId, unsealed))
    .orderBy(asc(resultValues.versionId), asc(resultValues.position));
  for (const row of rows) byVersion.get(row.versionId)?.push(openJson<ResultValue>(row.sealed, row.keyId, legacyValueContext(row.versionId, row.position)));
  return byVersion;
}

/** The values of versions by their ids, opened. */
export async function valuesOfVersions(versionIds: string[]): Promise<Map<string, ResultValue[]>> {
  if (versionIds.length === 0) return new Map();
  return openValues(await db.select({ versionId: resultVersions.id, ...sealedValuesOf }).from(resultVersions).where(inArray(resultVersions.id, versionIds)));
}

const releasedVersionsOf = preparedQuery("released_versions_with_values", (database) =>
  database
    .select({ ...versionColumns, versionId: resultVersions.id, ...sealedValuesOf })
    .from(resultVersions)
    .leftJoin(resultFiles, eq(resultFiles.versionId, resultVersions.id))
    .where(and(eq(resultVersions.resultId, sql.placeholder("resultId")), ne(resultVersions.status, "draft")))
    .orderBy(desc(resultVersions.version)),
);

/** A result's released and superseded versions, newest first, each with its values opened: one statement. */
export async function releasedVersionsWithValues(resultId: string) {
  const rows = await releasedVersionsOf().execute({ resultId });
  const values = await openValues(rows);
  return rows.map(({ versionId, valuesKeyId: _keyId, valuesSealed: _sealed, ...row }) => ({ ...row, values: values.get(versionId) ?? [] }));
}

/** The report of a version, opened: the PDF's bytes (null when the version has none). */
export async function reportOf(versionId: string): Promise<Buffer | null> {
  const [file] = await db.select().from(resultFiles).where(eq(resultFiles.versionId, versionId));
  if (!file) return null;
  const storage = await storageNamed(file.storage);
  const sealed = await storage.get(file.objectKey);
  if (!sealed) throw new Error(`result file ${file.id} is missing from ${file.storage} storage`);
  return open(sealed, file.keyId, fileContext(versionId));
}

/** A version of a result by its number (released or superseded unless drafts are asked for). */
export async function versionByNumber(resultId: string, version: number, { drafts }: { drafts: boolean }) {
  const [row] = await db
    .select({ id: resultVersions.id, status: resultVersions.status, version: resultVersions.version })
    .from(resultVersions)
    .where(and(eq(resultVersions.resultId, resultId), eq(resultVersions.version, version)));
  if (!row || (!drafts && row.status === "draft")) return null;
  return row;
}
